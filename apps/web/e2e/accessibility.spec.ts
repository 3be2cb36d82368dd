import { expect, test } from '@playwright/test';
import { fillCreateAccount, seriousViolations } from './fixtures/e2e-helpers.ts';

/** Every screen a visitor can open. */
const visitorPages = [
  '/',
  '/welcome',
  '/sign-in',
  '/sign-in?forgot=1',
  '/reset-password?token=not-a-real-token',
  '/tutorial',
  '/community-guidelines',
  '/privacy-policy',
  '/terms-and-conditions',
  '/listen/00000000-0000-4000-8000-000000000000',
  '/shared/00000000-0000-4000-8000-000000000000',
];

/** Every screen of a signed-in person (the wizard's later steps need the earlier ones filled in). */
const signedInPages = [
  '/my-bops',
  '/my-bops/profile',
  '/manage',
  '/create/step-1',
  '/create/voice-cloning/step-1',
  '/create/song-cover',
  '/tutorial',
];

// Both themes are checked: the phone in dark mode, the desktop in light mode.
for (const [label, viewport, colorScheme] of [
  ['mobile, 390 px, dark', { width: 390, height: 844 }, 'dark'],
  ['desktop, 1280 px, light', { width: 1280, height: 800 }, 'light'],
] as const) {
  test.describe(label, () => {
    test.use({ viewport, colorScheme });

    test('no serious or critical accessibility violation on any page, signed out', async ({ page }) => {
      test.setTimeout(180_000);
      // The check itself finds what it should: a picture without a text alternative is a critical violation.
      await page.goto('/');
      await expect(page.locator('h1').first()).toBeVisible({ timeout: 20_000 });
      await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<img src="/favicon.svg">'));
      expect((await seriousViolations(page)).join('\n')).toContain('image-alt (critical)');

      const found: Record<string, string[]> = {};
      for (const path of visitorPages) {
        await page.goto(path);
        await expect(page.locator('h1').first()).toBeVisible({ timeout: 20_000 });
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[path] = violations;
      }
      expect(found).toEqual({});
    });

    test('no serious or critical accessibility violation on any page, signed in', async ({ page }) => {
      test.setTimeout(180_000);
      await page.goto('/sign-in');
      await fillCreateAccount(page, 'Axel');
      await expect(page).toHaveURL(/\/my-bops$/, { timeout: 20_000 });
      const found: Record<string, string[]> = {};
      for (const path of signedInPages) {
        await page.goto(path);
        await expect(page.locator('h1').first()).toBeVisible({ timeout: 20_000 });
        const violations = await seriousViolations(page);
        if (violations.length > 0) found[path] = violations;
      }
      expect(found).toEqual({});
    });
  });
}
