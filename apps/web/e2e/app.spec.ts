import { watchConsole } from './fixtures/e2e-helpers.ts';
import { expect, test } from '@playwright/test';

test('the built app loads with its title and no console errors', async ({ page }) => {
  const errors = watchConsole(page);
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

test('the API reference renders its operations under the site’s security policy', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/api/docs');
  await expect(page).toHaveTitle('Bops API reference');
  await expect(page.getByRole('heading', { name: /Bops API/ })).toBeVisible();
  await expect(page.getByText('/api/music/createMusic/v3').first()).toBeVisible();
  await expect(page.getByText('/api/music/playlist/{playlistId}').first()).toBeVisible();
  expect(errors).toEqual([]);
});
