import { expect, test } from '@playwright/test';
import { shot, watchConsole, uniqueEmail, fillCreateAccount } from './fixtures/e2e-helpers.ts';

test.describe('desktop, 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a visitor is sent to sign in, creates an account, lands on the page, edits the profile and signs off', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await page.goto('/manage');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fmanage$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in to Bops');
    await shot(page, 'desktop-sign-in');

    // The form checks before it asks the server.
    await page.getByRole('tab', { name: 'Create account' }).click();
    // The password rule is stated before anything is typed.
    await expect(
      page.getByText('At least 8 characters and hard to guess: a few unrelated words work well.'),
    ).toBeVisible();
    await shot(page, 'desktop-create-account');
    await page
      .getByRole('form', { name: 'Create account' })
      .getByRole('button', { name: 'Create account' })
      .click();
    await expect(page.getByText('This field is required')).toHaveCount(3);
    // No account without the age and terms confirmation.
    await expect(
      page.getByText('Please confirm that you are 18 or older and agree to the Terms and Conditions.'),
    ).toBeVisible();

    await fillCreateAccount(page, 'Ada', uniqueEmail('ada'));
    await expect(page).toHaveURL(/\/manage$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage' })).toBeVisible();
    await shot(page, 'desktop-manage');

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Profile' })
      .click();
    await expect(page).toHaveURL(/\/my-bops\/profile$/);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Display name').fill('Countess of Bops');
    await page.getByLabel('Bio').fill('Poetical science, now with beats.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your profile is saved.')).toBeVisible({ timeout: 15_000 });
    await shot(page, 'desktop-profile-saved');

    await page.reload();
    await expect(page.getByLabel('Display name')).toHaveValue('Countess of Bops');
    await expect(page.getByLabel('Last name')).toHaveValue('Lovelace');
    await expect(page.getByLabel('Bio')).toHaveValue('Poetical science, now with beats.');

    await page.getByRole('button', { name: 'Log off' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Bops AI');

    await page.goto('/my-bops/profile');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fmy-bops%2Fprofile$/);
    expect(errors).toEqual([]);
  });

  test('signing in again with the account works and a wrong password says so', async ({ page }) => {
    const email = uniqueEmail('grace');
    await page.goto('/sign-in');
    await fillCreateAccount(page, 'Grace', email);
    await expect(page).toHaveURL(/\/my-bops$/);
    await page.getByRole('button', { name: 'Log off' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/sign-in?next=/playlist/p1');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/playlist\/p1$/);
  });

  test('the header sticks once the page scrolls past it', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Bops AI');
    const header = page.getByTestId('desktop-header');
    await expect(header).toHaveAttribute('data-sticky', 'false');
    await shot(page, 'desktop-landing-top');
    const headerBottom = await header.evaluate((element) => element.getBoundingClientRect().bottom);
    // Past the bottom edge but within the 10 px margin: still in the flow.
    await page.evaluate((y) => window.scrollTo(0, y), headerBottom + 5);
    await page.waitForTimeout(100);
    await expect(header).toHaveAttribute('data-sticky', 'false');
    await page.evaluate((y) => window.scrollTo(0, y), headerBottom + 11);
    await expect(header).toHaveAttribute('data-sticky', 'true');
    await page.mouse.wheel(0, 1200);
    await expect(header).toHaveCSS('position', 'fixed');
    await shot(page, 'desktop-landing-scrolled');
    // A wheel scroll animates; keep returning to the top until the page stays there.
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForTimeout(100);
        return page.evaluate(() => window.scrollY);
      })
      .toBe(0);
    await expect(header).toHaveAttribute('data-sticky', 'false');
  });

  test('the Create menu opens its sub-menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Create' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Voice cloning', 'Song cover', 'Rap']);
    await shot(page, 'desktop-create-menu');
    await menu.getByRole('menuitem', { name: 'Song cover' }).click();
    // Protected: a visitor is sent to sign in.
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fcreate%2Fsong-cover$/);
  });

  test('the process indicator shows the count with its tooltip', async ({ page }) => {
    await page.route('**/api/music/processes', (route) =>
      route.fulfill({ json: { statusCode: 200, data: { count: 2 } } }),
    );
    await page.goto('/sign-in');
    await fillCreateAccount(page, 'Lin', uniqueEmail('lin'));
    await expect(page).toHaveURL(/\/my-bops$/);
    const indicator = page.getByTestId('process-indicator');
    await expect(indicator).toBeVisible();
    await indicator.hover();
    await expect(page.getByRole('tooltip')).toHaveText('2 processes in progress');
    await shot(page, 'desktop-my-bops-processes');
  });
});

test.describe('mobile, 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('drawer, sign-in and the back button', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Bops AI');
    await shot(page, 'mobile-landing');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.locator('.MuiDrawer-paper');
    await expect(drawer).toBeVisible();
    expect((await drawer.boundingBox())?.width).toBe(250);
    await expect(drawer.getByRole('link', { name: 'Voice cloning' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Terms and conditions' })).toBeVisible();
    // Let the slide-in finish so the picture shows the resting drawer.
    await expect(drawer).toHaveCSS('transform', 'none');
    await shot(page, 'mobile-drawer');
    await drawer.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await shot(page, 'mobile-sign-in');

    await page.goto('/my-bops/profile');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fmy-bops%2Fprofile$/);
    await fillCreateAccount(page, 'Mo', uniqueEmail('mo'));
    await expect(page).toHaveURL(/\/my-bops\/profile$/);
    await expect(page.getByLabel('Display name')).toHaveValue('Mo');
    await shot(page, 'mobile-profile');

    // Arrived from sign-in with backToHome: back goes to the signed-in home.
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/my-bops$/);
    await shot(page, 'mobile-my-bops');

    // From the home, the profile then back is one step back.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('.MuiDrawer-paper').getByRole('link', { name: 'Manage' }).click();
    await expect(page).toHaveURL(/\/manage$/);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/my-bops$/);

    // The footer stacks its links on a narrow screen.
    const links = page.getByTestId('footer-links').getByRole('link');
    const first = await links.nth(0).boundingBox();
    const second = await links.nth(1).boundingBox();
    expect(second!.y).toBeGreaterThan(first!.y);
    expect(errors).toEqual([]);
  });
});

test.describe('theme', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the light mode choice survives a reload, and system follows the device', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/sign-in');
    const body = page.locator('body');
    await expect(body).toHaveCSS('background-color', 'rgb(0, 0, 0)');
    await page.getByRole('button', { name: /^Theme/ }).click();
    await page.getByRole('menuitem', { name: 'Light' }).click();
    await expect(body).toHaveCSS('background-color', 'rgb(250, 250, 250)');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(body).toHaveCSS('background-color', 'rgb(250, 250, 250)');
    await shot(page, 'desktop-sign-in-light');

    await page.getByRole('button', { name: /^Theme/ }).click();
    await page.getByRole('menuitem', { name: 'System' }).click();
    await expect(body).toHaveCSS('background-color', 'rgb(0, 0, 0)');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(body).toHaveCSS('background-color', 'rgb(250, 250, 250)');
  });
});
