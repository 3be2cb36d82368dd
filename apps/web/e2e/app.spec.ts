import { expect, test } from '@playwright/test';

test('the built app loads with its title and no console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page).toHaveTitle(/Bops/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Bops AI');
  // A Content-Security-Policy violation shows up as a console error.
  expect(errors).toEqual([]);
});

test('a client-side route falls back to the app', async ({ page }) => {
  const response = await page.goto('/playlist/some-id');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Bops/);
});
