import { expect, test, type Page } from '@playwright/test';
import {
  fillCreateAccount,
  fillSignIn,
  seriousViolations,
  shot,
  TEST_PASSWORD,
  uniqueEmail,
  watchConsole,
  BOTH_WIDTHS,
} from './fixtures/e2e-helpers.ts';

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();
const lyrics = 'Paper in my pocket and a plan in my head\nEvery word I keep is a word that I said';

for (const { label, viewport, tag } of BOTH_WIDTHS) {
  test.describe(label, () => {
    test.use({ viewport, actionTimeout: 20_000 });

    test('the rap being written survives a reload and a trip to sign-in; every step passes axe', async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const errors = watchConsole(page, /status of 401/);
      const email = uniqueEmail(`draft-${tag}`);
      await page.goto('/create/step-1');
      await expect(page).toHaveURL(/\/sign-in\?next=%2Fcreate%2Fstep-1$/, { timeout: 20_000 });
      await fillCreateAccount(page, 'Remy', email);
      await expect(page).toHaveURL(/\/create\/step-1$/, { timeout: 20_000 });

      await page.getByLabel('Song title').fill('Draft Keeper');
      await page.getByLabel('Prompt').fill('a verse that outlives a reload');
      // How many creations are left shows from the first step on.
      await expect(page.getByText(/^\d+ of \d+ creations left today$/)).toBeVisible();
      await next(page);

      await expect(page).toHaveURL(/\/create\/step-2$/);
      const rapper = page.getByRole('radiogroup', { name: 'Rappers' }).getByRole('radio').first();
      await rapper.click();
      await page.getByRole('button', { name: 'Laid back' }).click();
      expect(await seriousViolations(page)).toEqual([]);

      // A reload on step 2 loses nothing.
      await page.reload();
      await expect(page).toHaveURL(/\/create\/step-2$/);
      await expect(
        page.getByRole('radiogroup', { name: 'Rappers' }).getByRole('radio').first(),
      ).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByRole('button', { name: 'Laid back' })).toHaveAttribute('aria-pressed', 'true');
      await shot(page, `${tag}-rap-draft-reloaded`);
      await page.getByRole('main').getByRole('button', { name: 'Back', exact: true }).click();
      await expect(page.getByLabel('Song title')).toHaveValue('Draft Keeper');
      await expect(page.getByLabel('Prompt')).toHaveValue('a verse that outlives a reload');
      await next(page);
      // The router renders a step in a transition after the address has changed: until step 2 is on screen, a
      // second click on "Next" is step 1's again and leaves the rap on step 2.
      await expect(page.getByRole('radiogroup', { name: 'Rappers' })).toBeVisible();
      await next(page);

      await expect(page).toHaveURL(/\/create\/step-3$/);
      await page.getByRole('textbox', { name: 'Lyrics' }).fill(lyrics);
      expect(await seriousViolations(page)).toEqual([]);
      await next(page);
      await expect(page).toHaveURL(/\/create\/step-4$/);
      await page.getByRole('radio', { name: 'No music' }).click();
      expect(await seriousViolations(page)).toEqual([]);
      await next(page);
      await expect(page).toHaveURL(/\/create\/step-5$/);
      const summary = page.getByRole('region', { name: 'Your rap' });
      await expect(summary).toContainText('Draft Keeper');
      expect(await seriousViolations(page)).toEqual([]);

      // The session ends mid-draft: sign in again and the rap is where it was.
      await page.context().clearCookies();
      await page.reload();
      await expect(page).toHaveURL(/\/sign-in\?next=%2Fcreate%2Fstep-5$/, { timeout: 20_000 });
      await fillSignIn(page, email, TEST_PASSWORD);
      await expect(page).toHaveURL(/\/create\/step-5$/, { timeout: 20_000 });
      await expect(summary).toContainText('Draft Keeper');
      await expect(summary).toContainText('Paper in my pocket');
      await expect(summary).toContainText('No music');
      await shot(page, `${tag}-rap-draft-after-sign-in`);
      expect(errors).toEqual([]);
    });
  });
}
