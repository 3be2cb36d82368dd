import fs from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
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
import { makeSongs } from './fixtures/songs.ts';
import { zipEntries } from './fixtures/zip-entries.ts';

/** Puts the songs in a new public playlist, so visitors can hear them by their links; answers its id. */
async function sharePlaylist(page: Page, title: string, musicIds: string[]): Promise<string> {
  return page.evaluate(
    async ({ title, musicIds }) => {
      const created = await fetch('/api/music/playlist', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ playlistName: title, private: false }),
      });
      const { data } = (await created.json()) as { data: { id: string } };
      const filled = await fetch(`/api/music/playlist/v3/${data.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ musicIds }),
      });
      if (!filled.ok) throw new Error(`the playlist answered ${filled.status}`);
      return data.id;
    },
    { title, musicIds },
  );
}

/** The statuses a visitor (a fresh browser, no cookies) gets for these addresses. */
async function visitorStatuses(browser: Browser, paths: string[]): Promise<Record<string, number>> {
  const context = await browser.newContext();
  const statuses: Record<string, number> = {};
  for (const path of paths) {
    statuses[path] = (await context.request.get(path, { failOnStatusCode: false })).status();
  }
  await context.close();
  return statuses;
}

for (const { label, viewport, tag } of BOTH_WIDTHS) {
  test.describe(label, () => {
    test.use({ viewport, actionTimeout: 20_000 });

    test('exports my data as a zip, then deletes my account and nothing of it remains', async ({
      page,
      browser,
    }) => {
      test.setTimeout(300_000);
      const errors = watchConsole(page);
      const email = uniqueEmail(`data-${tag}`);
      await page.goto('/sign-in?next=/my-bops');
      await fillCreateAccount(page, 'Dana', email);
      await expect(page).toHaveURL((url) => url.pathname === '/my-bops', { timeout: 20_000 });
      const [songId] = await makeSongs(page, ['Export Me']);
      const playlistId = await sharePlaylist(page, 'Road Trip', [songId!]);
      const shared = [
        `/api/music/shared/${songId}`,
        `/api/music/${songId}/audio`,
        `/api/music/${songId}/cover`,
        `/api/music/shared-playlist/${playlistId}`,
      ];
      expect(Object.values(await visitorStatuses(browser, shared))).toEqual([200, 200, 200, 200]);

      await page.goto('/my-bops/profile');
      const data = page.getByRole('region', { name: 'Your data' });
      await data.scrollIntoViewIfNeeded();
      await shot(page, `${tag}-your-data`);

      // Export: the zip holds the profile, the song as MP3 with its lyrics and cover, and the playlist.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        data.getByRole('link', { name: 'Export my data' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^bops-export-\d{4}-\d{2}-\d{2}\.zip$/);
      const files = zipEntries(await fs.readFile(await download.path()));
      const names = [...files.keys()];
      expect(JSON.parse(files.get('profile.json')!.toString())).toMatchObject({ email, name: 'Dana' });
      const songs = JSON.parse(files.get('songs.json')!.toString()) as {
        id: string;
        title: string;
        file: string;
      }[];
      expect(songs).toEqual([expect.objectContaining({ id: songId, title: 'Export Me' })]);
      const mp3 = files.get(songs[0]!.file)!;
      expect(mp3.length).toBeGreaterThan(10_000);
      // An MP3 starts with its tag or a frame sync.
      expect(
        mp3.subarray(0, 3).toString('latin1') === 'ID3' || (mp3[0] === 0xff && (mp3[1]! & 0xe0) === 0xe0),
      ).toBe(true);
      const base = songs[0]!.file.replace(/\.mp3$/, '');
      expect(files.get(`${base}.lrc`)!.toString()).toContain('[ti:Export Me]');
      const cover = files.get(`${base}-cover.jpg`)!;
      expect([...cover.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      const playlists = JSON.parse(files.get('playlists.json')!.toString()) as {
        title: string;
        musicIds: string[];
      }[];
      expect(playlists).toEqual(
        expect.arrayContaining([expect.objectContaining({ title: 'Road Trip', musicIds: [songId] })]),
      );
      expect(names).toEqual(expect.arrayContaining(['README.txt', 'likes.json', 'ai-singers.json']));

      // Delete: confirmed by typing the address; a wrong one keeps the button off.
      await data.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      const forever = dialog.getByRole('button', { name: 'Delete forever' });
      await expect(forever).toBeDisabled();
      await dialog.getByLabel('Type your e-mail address to confirm').fill('someone@example.com');
      await expect(forever).toBeDisabled();
      await dialog.getByLabel('Type your e-mail address to confirm').fill(email.toUpperCase());
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `${tag}-delete-account`);
      await forever.click();
      await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: 20_000 });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      // Nothing remains: the links answer 404, the session is gone, and the address no longer signs in.
      expect(Object.values(await visitorStatuses(browser, shared))).toEqual([404, 404, 404, 404]);
      expect((await page.request.get('/api/user/bops_profile', { failOnStatusCode: false })).status()).toBe(
        401,
      );
      await page.goto('/sign-in');
      await fillSignIn(page, email, TEST_PASSWORD);
      await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
      expect(errors.filter((error) => !/status of 401/.test(error))).toEqual([]);
    });
  });
}
