import { expect, test, type Page } from '@playwright/test';

/** On the profile page: edit, save, reload and see it kept; then log off and meet the guard again. */
async function editProfileThenSignOff(page: Page, displayName: string) {
  await expect(page).toHaveURL(/\/my-bops\/profile$/);
  await page.getByLabel('Display name').fill(displayName);
  await page.getByLabel('Bio').fill('Signed in through the identity provider.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await expect(page.getByLabel('Display name')).toHaveValue(displayName);
  await expect(page.getByLabel('Bio')).toHaveValue('Signed in through the identity provider.');
  await page.getByRole('button', { name: 'Log off' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/manage');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fmanage$/);
  expect((await page.request.get('/api/user/bops_profile')).status()).toBe(401);
}

/**
 * Google sign-in end to end: the server is configured with Google's client settings, discovered from a
 * real OpenID provider on loopback (the same code path Google uses), and the browser goes through the
 * popup, the provider's login and consent pages, and back.
 */
test('signs in with Google in a popup, lands on the page asked for, keeps a profile edit and signs off', async ({
  page,
}) => {
  await page.goto('/manage');
  await expect(page).toHaveURL(/\/sign-in/);
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  await popup.waitForURL(/127\.0\.0\.1:\d+\/interaction\//);
  // The provider was asked to show its account chooser.
  await popup.locator('input[name="login"]').fill('grace');
  await popup.locator('input[name="password"]').fill('any password');
  await popup.locator('button[type="submit"]').click();
  await popup.locator('input[name="prompt"][value="consent"]').waitFor({ state: 'attached' });
  await popup.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/manage$/, { timeout: 20_000 });
  await expect.poll(() => popup.isClosed()).toBe(true);
  const profile = await page.request.get('/api/user/bops_profile');
  expect((await profile.json()).data.email).toBe('grace@example.test');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Profile' })
    .click();
  await editProfileThenSignOff(page, 'Grace from Google');
});

test('falls back to a redirect when the popup is blocked, then keeps a profile edit and signs off', async ({
  page,
}) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto('/sign-in?next=%2Fmy-bops%2Fprofile');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.waitForURL(/127\.0\.0\.1:\d+\/interaction\//);
  await page.locator('input[name="login"]').fill('henry');
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
  await page.locator('input[name="prompt"][value="consent"]').waitFor({ state: 'attached' });
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/my-bops\/profile$/, { timeout: 20_000 });
  const profile = await page.request.get('/api/user/bops_profile');
  expect((await profile.json()).data.email).toBe('henry@example.test');
  await editProfileThenSignOff(page, 'Henry from Google');
});
