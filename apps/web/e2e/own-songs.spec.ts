import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  fillCreateAccount,
  seriousViolations,
  shot,
  watchConsole,
  BOTH_WIDTHS,
} from './fixtures/e2e-helpers.ts';
import { makeSongs, waitUntilReady } from './fixtures/songs.ts';

const library = (page: Page) => page.getByRole('region', { name: 'Find in my library' });
const found = (page: Page) => library(page).getByRole('list', { name: 'Songs' }).getByRole('listitem');

/** Opens a song's own menu in the library's results and picks `action`. */
async function songAction(page: Page, name: string, action: string) {
  await library(page)
    .getByRole('button', { name: `More options for ${name}`, exact: true })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** What a visitor (no account, no cookies) meets at a song's share link: the API's status and the page's words. */
async function visitorSees(browser: Browser, musicId: string): Promise<{ api: number; page: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const api = (await page.request.get(`/api/music/shared/${musicId}`, { failOnStatusCode: false })).status();
  await page.goto(`/listen/${musicId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  const text = (await page.getByRole('main').textContent()) ?? '';
  await context.close();
  return { api, page: text };
}

for (const { label, viewport, tag } of BOTH_WIDTHS) {
  test.describe(label, () => {
    test.use({ viewport, actionTimeout: 20_000 });

    test('finds, sorts, renames, takes again and deletes songs of one’s own', async ({ page, browser }) => {
      test.setTimeout(480_000);
      // A song's cover that is not drawn yet may answer slowly; nothing else may fail.
      const errors = watchConsole(page, /Failed to load resource/);
      await page.goto('/sign-in?next=/my-bops');
      await fillCreateAccount(page, 'Noor');
      await expect(page).toHaveURL((url) => url.pathname === '/my-bops', { timeout: 20_000 });
      const [harborId, paperId] = await makeSongs(page, ['Harbor Lights', 'Paper Planes']);

      // Search: what is typed goes into the address and survives a reload.
      await page.goto('/my-bops');
      await library(page).getByRole('searchbox', { name: 'Search my songs and playlists' }).fill('harbor');
      await expect(page).toHaveURL(/\/my-bops\?q=harbor$/);
      await expect(library(page).getByRole('status')).toHaveText('1 song · 0 playlists');
      await expect(found(page)).toHaveCount(1);
      await expect(found(page).first()).toContainText('Harbor Lights');
      await page.reload();
      await expect(library(page).getByRole('searchbox')).toHaveValue('harbor');
      await expect(found(page)).toHaveCount(1);
      await shot(page, `${tag}-library-search`);
      await library(page).getByRole('searchbox').fill('no such words');
      await expect(library(page).getByRole('status')).toHaveText('Nothing of yours matches “no such words”.');

      // Sort: by title A to Z, by date newest first.
      await library(page).getByRole('button', { name: 'Clear' }).click();
      await expect(page).toHaveURL(/\/my-bops$/);
      await library(page).getByRole('combobox', { name: 'Sort by' }).click();
      await page.getByRole('option', { name: 'Title' }).click();
      await expect(page).toHaveURL(/\?sort=title$/);
      await expect(found(page)).toHaveText([/Harbor Lights/, /Paper Planes/]);
      await library(page).getByRole('combobox', { name: 'Sort by' }).click();
      await page.getByRole('option', { name: 'Most listened' }).click();
      await expect(page).toHaveURL(/\?sort=listens$/);
      await expect(found(page)).toHaveCount(2);
      await shot(page, `${tag}-library-sorted`);
      await library(page).getByRole('combobox', { name: 'Sort by' }).click();
      await page.getByRole('option', { name: 'Newest' }).click();
      await expect(page).toHaveURL(/\/my-bops$/);
      // Newest first among what contains an "a".
      await library(page).getByRole('searchbox').fill('a');
      await expect(found(page)).toHaveText([/Paper Planes/, /Harbor Lights/]);

      // Rename: the name is checked as at creation, then the lists read the song again.
      await songAction(page, 'Paper Planes', 'Rename');
      const rename = page.getByRole('dialog', { name: 'Rename “Paper Planes”' });
      await rename.getByLabel('Song name').fill('   ');
      await rename.getByRole('button', { name: 'Save' }).click();
      await expect(rename.getByText('This field is required')).toBeVisible();
      await rename.getByLabel('Song name').fill('Paper Boats');
      await shot(page, `${tag}-song-rename`);
      await rename.getByRole('button', { name: 'Save' }).click();
      await expect(rename).toBeHidden();
      await expect(found(page).filter({ hasText: 'Paper Boats' })).toHaveCount(1);
      await expect(found(page).filter({ hasText: 'Paper Planes' })).toHaveCount(0);

      // Another take: the same words in the next flow; both takes stay, the new one clearly named.
      await songAction(page, 'Harbor Lights', 'Make another take');
      await expect(
        page.getByText('Your new take is being made. It will be in My Bops when it is ready.'),
      ).toBeVisible();
      await library(page).getByRole('searchbox').fill('harbor');
      await expect(page).toHaveURL(/\?q=harbor$/);
      await expect(async () => {
        await page.reload();
        await expect(found(page)).toHaveCount(2, { timeout: 3_000 });
      }).toPass({ timeout: 30_000 });
      await expect(found(page)).toHaveText([/Harbor Lights \(take 2\)/, /Harbor Lights/]);
      const takeId = await page.evaluate(async () => {
        const response = await fetch('/api/music/library?q=take');
        const body = (await response.json()) as { data: { songs: { musicId: string }[] } };
        return body.data.songs[0]!.musicId;
      });
      expect(takeId).not.toBe(harborId);
      await waitUntilReady(page, takeId);
      await page.reload();
      await expect(
        found(page)
          .filter({ hasText: 'Harbor Lights (take 2)' })
          .getByRole('button', { name: /^Play / }),
      ).toBeEnabled();
      await shot(page, `${tag}-another-take`);

      // The song page and the playlist holding them pass the accessibility check too.
      await page.goto(`/listen/${takeId}`);
      await expect(page.getByRole('heading', { name: 'Harbor Lights (take 2)' }).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      // Delete: the song goes with its place in the lists, and its share link finds nothing. Shared first
      // (in a public playlist), so a visitor could hear it until then.
      await page.evaluate(async (musicId) => {
        const created = await fetch('/api/music/playlist', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ playlistName: 'Shared Set', private: false }),
        });
        const { data } = (await created.json()) as { data: { id: string } };
        await fetch(`/api/music/playlist/v3/${data.id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ musicIds: [musicId] }),
        });
      }, paperId!);
      const shared = await visitorSees(browser, paperId!);
      expect(shared.api).toBe(200);
      expect(shared.page).toContain('Paper Boats');
      await page.goto('/my-bops?q=paper');
      await songAction(page, 'Paper Boats', 'Delete');
      const remove = page.getByRole('dialog', { name: 'Delete “Paper Boats”?' });
      await expect(remove).toContainText('Anyone with its share link will find nothing.');
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `${tag}-song-delete`);
      await remove.getByRole('button', { name: 'Delete' }).click();
      await expect(remove).toBeHidden();
      await expect(library(page).getByRole('status')).toHaveText('Nothing of yours matches “paper”.');
      await page.goto('/my-bops');
      const mine = page.getByRole('list', { name: 'Playlists' }).getByRole('link', { name: /My Bops/ });
      await expect(mine).toContainText('2 songs');
      await mine.click();
      await expect(page.getByRole('list', { name: 'Songs' }).getByRole('listitem')).toHaveCount(2);
      expect(await seriousViolations(page)).toEqual([]);
      const gone = await visitorSees(browser, paperId!);
      expect(gone.api).toBe(404);
      expect(gone.page).toContain('This song is private or does not exist.');

      expect(errors).toEqual([]);
    });
  });
}
