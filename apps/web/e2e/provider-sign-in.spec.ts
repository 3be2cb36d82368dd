import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { shot, TEST_PASSWORD, uniqueEmail } from './fixtures/e2e-helpers.ts';

/**
 * Provider (OIDC) sign-in in a real browser against the real server. The provider itself is stood in for by
 * intercepting the call that starts it: the stand-in signs a local account in (so a real session cookie exists)
 * and answers with the address the provider would send the browser back to. Everything else (the popup window,
 * its message to the opener under the server's opener policy, popup.closed, the redirect fallback, session and
 * profile calls) is real.
 */

async function offerGoogle(context: BrowserContext) {
  await context.route('**/api/sign-in/methods', (route) =>
    route.fulfill({
      json: { statusCode: 200, data: { emailPassword: true, providers: [{ id: 'google', name: 'Google' }] } },
    }),
  );
}

interface StartedSignIn {
  provider: string;
  callbackURL: string;
  errorCallbackURL: string;
  disableRedirect?: boolean;
}

/** The provider stand-in: records the start request, signs in (or not), answers the return address. */
async function standInProvider(
  context: BrowserContext,
  page: Page,
  decide: (started: StartedSignIn) => { signIn: boolean; returnTo: string | null },
) {
  const started: StartedSignIn[] = [];
  await context.route('**/api/auth/sign-in/social', async (route) => {
    const body = route.request().postDataJSON() as StartedSignIn;
    started.push(body);
    const { signIn, returnTo } = decide(body);
    if (signIn) {
      const origin = new URL(page.url()).origin;
      const response = await page.request.post('/api/auth/sign-up/email', {
        data: {
          name: 'Popup User',
          email: uniqueEmail('popup'),
          password: TEST_PASSWORD,
          acceptedTerms: true,
        },
        headers: { origin },
      });
      expect(response.ok()).toBe(true);
    }
    if (returnTo === null) return; // the user is still "at the provider"
    await route.fulfill({ json: { url: returnTo, redirect: false } });
  });
  return started;
}

test.use({ viewport: { width: 1280, height: 800 } });

test('a popup sign-in reports back to the opener and lands on the requested page', async ({
  page,
  context,
}) => {
  await offerGoogle(context);
  const started = await standInProvider(context, page, (body) => ({
    signIn: true,
    returnTo: body.callbackURL,
  }));
  await page.goto('/manage');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fmanage$/);
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  expect(new URL(popup.url()).pathname).toBe('/sign-in/popup');
  await expect(page).toHaveURL(/\/manage$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage' })).toBeVisible();
  await expect.poll(() => popup.isClosed()).toBe(true);
  expect(started).toEqual([
    {
      provider: 'google',
      callbackURL: '/sign-in/popup-done',
      errorCallbackURL: '/sign-in/popup-done',
      disableRedirect: true,
    },
  ]);
  // Signed in for real: a reload keeps the session.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage' })).toBeVisible();
});

test('closing the popup resets the button with no error', async ({ page, context }) => {
  await offerGoogle(context);
  await standInProvider(context, page, () => ({ signIn: false, returnTo: null }));
  await page.goto('/sign-in');
  const button = page.getByRole('button', { name: 'Continue with Google' });
  const popupOpened = page.waitForEvent('popup');
  await button.click();
  const popup = await popupOpened;
  await expect(button).toBeDisabled();
  await expect(page.getByText('Finish signing in in the window that opened.')).toBeVisible();
  await shot(page, 'desktop-sign-in-popup-waiting');
  await popup.close();
  await expect(button).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('a provider error shows both sign-in messages', async ({ page, context }) => {
  await offerGoogle(context);
  await standInProvider(context, page, (body) => ({
    signIn: false,
    returnTo: `${body.errorCallbackURL}?error=access_denied`,
  }));
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Sorry, something went wrong. Please try again.');
  await expect(alert).toContainText('Please try clicking "Log In" again, or disable your pop-up blocker.');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  await shot(page, 'desktop-sign-in-error');
});

test('a blocked popup falls back to a redirect sign-in that completes on return', async ({
  page,
  context,
}) => {
  await offerGoogle(context);
  // Test-only: the browser blocks the popup (window.open answers null).
  await page.addInitScript(() => {
    window.open = () => null;
  });
  const started = await standInProvider(context, page, (body) => ({
    signIn: true,
    returnTo: body.callbackURL,
  }));
  // A visitor opening a song link gets the song's page (this id is no song) and signs in from there.
  await page.goto('/listen/m1');
  await expect(page.getByText('This song is private or does not exist.')).toBeVisible();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in\?next=%2Flisten%2Fm1&shared=1$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Let's hear it!");
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/listen\/m1$/);
  expect(started[0]).toMatchObject({
    callbackURL: '/sign-in?redirected=1&next=%2Flisten%2Fm1',
    errorCallbackURL: '/sign-in?redirected=1&next=%2Flisten%2Fm1',
  });
});
