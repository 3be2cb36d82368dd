import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  fillCreateAccount,
  shot,
  signIn,
  TEST_PASSWORD,
  uniqueEmail,
  watchConsole,
  BOTH_WIDTHS,
} from './fixtures/e2e-helpers.ts';
import { linkIn, waitForMail } from './fixtures/outbox.ts';

const CHANGED_PASSWORD = 'velvet lantern orbit 42';
const RESET_PASSWORD = 'harbor quiet maple 77';

/** A second device signed in to the same account. */
async function otherDevice(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, '/my-bops/profile', email, password);
  await expect(page).toHaveURL((url) => url.pathname === '/my-bops/profile', { timeout: 20_000 });
  return page;
}

for (const { label, viewport, tag } of BOTH_WIDTHS) {
  test.describe(label, () => {
    test.use({ viewport });

    test('changes the password from the profile; other devices are signed out', async ({ page, browser }) => {
      // The wrong current password is answered 400 on purpose.
      const errors = watchConsole(page, /status of 400/);
      const email = uniqueEmail(`pw-${tag}`);
      await page.goto('/sign-in?next=/my-bops/profile');
      await fillCreateAccount(page, 'Pat', email);
      await expect(page).toHaveURL((url) => url.pathname === '/my-bops/profile', { timeout: 20_000 });
      const laptop = await otherDevice(browser, email, TEST_PASSWORD);

      const form = page.getByRole('form', { name: 'Change password' });
      await form.getByLabel('Current password').fill('not my password');
      await form.getByLabel('New password', { exact: true }).fill(CHANGED_PASSWORD);
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(form.getByText('The current password is not right.')).toBeVisible();

      await form.getByLabel('Current password').fill(TEST_PASSWORD);
      await form.getByRole('button', { name: 'Change password' }).click();
      await expect(form.getByText(/Your password is changed/)).toBeVisible({ timeout: 15_000 });
      await form.scrollIntoViewIfNeeded();
      await shot(page, `${tag}-password-changed`);
      await expect(await waitForMail(email, 'Your Bops password was changed')).toContain('signed out');

      // This device stays signed in; the other one is sent to sign in.
      await page.reload();
      await expect(page.getByRole('form', { name: 'Change password' })).toBeVisible({ timeout: 20_000 });
      await laptop.reload();
      await expect(laptop).toHaveURL(/\/sign-in\?next=/, { timeout: 20_000 });

      await signIn(laptop, '/my-bops/profile', email, TEST_PASSWORD);
      await expect(laptop.getByRole('alert')).toHaveText('Invalid email or password.');
      await signIn(laptop, '/my-bops/profile', email, CHANGED_PASSWORD);
      await expect(laptop).toHaveURL((url) => url.pathname === '/my-bops/profile', { timeout: 20_000 });
      expect(errors).toEqual([]);
    });

    test('resets a forgotten password through the mailed link, once', async ({ page, browser }) => {
      const email = uniqueEmail(`reset-${tag}`);
      await page.goto('/sign-in');
      await fillCreateAccount(page, 'Robin', email);
      await expect(page).toHaveURL(/\/my-bops$/, { timeout: 20_000 });
      const tablet = await otherDevice(browser, email, TEST_PASSWORD);
      await page.context().clearCookies();

      await page.goto('/sign-in');
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByText(`If an account uses ${email}`)).toBeVisible();
      await shot(page, `${tag}-reset-link-sent`);

      const link = linkIn(await waitForMail(email, 'Reset your Bops password'), '/reset-password?token=');
      const { pathname, search } = new URL(link);
      await page.goto(`${pathname}${search}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
      await page.getByLabel('New password', { exact: true }).fill('password123');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect(page.getByText('This password is too easy to guess.', { exact: false })).toBeVisible();
      await page.getByLabel('New password', { exact: true }).fill(RESET_PASSWORD);
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect(page.getByText('Your password is changed. Sign in with your new password.')).toBeVisible({
        timeout: 15_000,
      });
      await shot(page, `${tag}-password-reset`);

      // Every session ended, the link is spent, and the new password signs in.
      await tablet.reload();
      await expect(tablet).toHaveURL(/\/sign-in\?next=/, { timeout: 20_000 });
      await page.goto(`${pathname}${search}`);
      await page.getByLabel('New password', { exact: true }).fill('another fine phrase 9');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect(page.getByRole('alert')).toContainText('This link has expired or was already used.');
      await signIn(page, '/my-bops/profile', email, RESET_PASSWORD);
      await expect(page).toHaveURL((url) => url.pathname === '/my-bops/profile', { timeout: 20_000 });
    });
  });
}
