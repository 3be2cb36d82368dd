import { expect, test, type Browser, type Page } from '@playwright/test';
import { shot, signUp, watchConsole } from './fixtures/e2e-helpers.ts';
import { makeSongs } from './fixtures/songs.ts';

const player = (page: Page) => page.getByRole('region', { name: 'Music player' });
const audioState = (page: Page) =>
  page.getByTestId('player-audio').evaluate((element) => {
    const audio = element as HTMLAudioElement;
    return { paused: audio.paused, time: audio.currentTime, duration: audio.duration, src: audio.src };
  });

/** Jumps to just before the end (once the song's length is known) so the song ends for real. */
async function skipToEnd(page: Page) {
  const audio = page.getByTestId('player-audio');
  await expect
    .poll(() => audio.evaluate((element) => Number.isFinite((element as HTMLAudioElement).duration)))
    .toBe(true);
  await audio.evaluate((element) => {
    const media = element as HTMLAudioElement;
    media.currentTime = Math.max(0, media.duration - 0.25);
  });
}

async function visitorPlays(browser: Browser, url: string, title: string) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const errors = watchConsole(page, /Failed to load resource/);
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await shot(page, 'mobile-shared-playlist');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(player(page)).toBeVisible();
  await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(0.3);
  expect((await audioState(page)).paused).toBe(false);
  await shot(page, 'mobile-shared-playing');
  // Liking needs an account: the shared-music sign-in variant.
  await player(page).getByRole('button', { name: 'Like' }).click();
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fshared%2F/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Let's hear it!");
  expect(errors).toEqual([]);
  await context.close();
}

test.describe('music, playlists and the player', () => {
  test.setTimeout(600_000);
  // Songs render for a while, but a click that cannot happen should fail fast.
  test.use({ actionTimeout: 20_000 });

  test('make songs, manage playlists, play with shuffle and repeat, like, share; a visitor plays the shared playlist', async ({
    page,
    browser,
    context,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const errors = watchConsole(page, /Failed to load resource/);
    await signUp(page, '/my-bops', 'Ada');
    const names = ['Night Drive', 'Bass Floor', 'Morning Run'];
    await makeSongs(page, names);

    // Home: the default playlist holds the new songs, in gallery and list modes.
    await page.goto('/my-bops');
    const playlists = page.getByRole('list', { name: 'Playlists' });
    await expect(playlists.getByRole('link', { name: /My Bops/ })).toContainText('3 songs');
    await shot(page, 'desktop-home-gallery');
    await page.getByRole('button', { name: 'List' }).click();
    await expect(page.locator('[data-display="list"]')).toBeVisible();
    await page.getByRole('button', { name: 'Gallery' }).click();

    // The playlist page plays a song.
    await playlists.getByRole('link', { name: /My Bops/ }).click();
    await expect(page).toHaveURL(/\/playlist\//);
    const songs = page.getByRole('list', { name: 'Songs' });
    await expect(songs.getByRole('listitem')).toHaveCount(3);
    await songs.getByRole('button', { name: 'Play Night Drive' }).click();
    await expect(player(page).getByTestId('player-title')).toHaveText('Night Drive');
    await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(0.3);
    await expect(player(page).getByTestId('player-duration')).toHaveText(/^00:\d\d$/);
    // The listen is counted once for this play.
    await expect(player(page).getByTestId('player-views')).toHaveText('1');
    await shot(page, 'desktop-playing');

    // Pause and resume: the same play.
    await player(page).getByRole('button', { name: 'Pause' }).click();
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);
    await expect(player(page).getByTestId('player-views')).toHaveText('1');

    // Like.
    await player(page).getByRole('button', { name: 'Like' }).click();
    await expect(player(page).getByRole('button', { name: 'Unlike' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(player(page).getByTestId('player-likes')).toHaveText('1');

    // Next, then play through to the end: no repeat stops after the last song.
    await player(page).getByRole('button', { name: 'Next' }).click();
    await expect(player(page).getByTestId('player-title')).toHaveText('Bass Floor');
    await skipToEnd(page);
    await expect(player(page).getByTestId('player-title')).toHaveText('Morning Run', { timeout: 10_000 });
    await expect(player(page).getByRole('button', { name: 'Next' })).toBeDisabled();
    await skipToEnd(page);
    await expect.poll(async () => (await audioState(page)).paused, { timeout: 10_000 }).toBe(true);
    await expect(player(page).getByTestId('player-title')).toHaveText('Morning Run');

    // Repeat all wraps to the first song.
    await player(page).getByRole('button', { name: 'Repeat: off' }).click();
    await expect(player(page).getByRole('button', { name: 'Repeat: all' })).toBeVisible();
    await player(page).getByRole('button', { name: 'Next' }).click();
    await expect(player(page).getByTestId('player-title')).toHaveText('Night Drive');
    await expect.poll(async () => (await audioState(page)).paused).toBe(false);

    // Shuffle plays every song once before repeating; repeat-one turns shuffle off.
    await player(page).getByRole('button', { name: 'Shuffle' }).click();
    await expect(player(page).getByRole('button', { name: 'Shuffle' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const heard = [await player(page).getByTestId('player-title').textContent()];
    for (let i = 0; i < 2; i++) {
      const before = heard.at(-1);
      await skipToEnd(page);
      await expect(player(page).getByTestId('player-title')).not.toHaveText(before ?? '', {
        timeout: 10_000,
      });
      heard.push(await player(page).getByTestId('player-title').textContent());
    }
    expect([...heard].sort()).toEqual([...names].sort());
    await player(page).getByRole('button', { name: 'Repeat: all' }).click();
    await expect(player(page).getByRole('button', { name: 'Repeat: one' })).toBeVisible();
    await expect(player(page).getByRole('button', { name: 'Shuffle' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    const single = await player(page).getByTestId('player-title').textContent();
    await skipToEnd(page);
    await expect.poll(async () => (await audioState(page)).time, { timeout: 10_000 }).toBeLessThan(1.5);
    await expect(player(page).getByTestId('player-title')).toHaveText(single ?? '');
    await player(page).getByRole('button', { name: 'Repeat: one' }).click();
    await expect(player(page).getByRole('button', { name: 'Repeat: off' })).toBeVisible();

    // Full screen with synced lyrics.
    await player(page).getByRole('button', { name: 'Full screen' }).click();
    const full = page.getByRole('dialog', { name: 'Full-screen player' });
    await expect(full.getByTestId('synced-lyrics')).toBeVisible();
    await page.getByTestId('player-audio').evaluate((element) => {
      (element as HTMLAudioElement).currentTime = 0;
    });
    await expect(full.locator('[data-active-line="true"]')).toHaveCount(1, { timeout: 10_000 });
    await expect(full.locator('[data-active-word="true"]')).toHaveCount(1, { timeout: 10_000 });
    await shot(page, 'desktop-full-screen');
    await full.getByRole('button', { name: 'Exit full screen' }).click();
    await expect(full).toBeHidden();

    // Share a song: the link is copied on a desktop.
    await player(page).getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('Link copied.')).toBeVisible();
    const songLink = await page.evaluate(() => navigator.clipboard.readText());
    expect(songLink).toMatch(/\/listen\/[\w-]+$/);

    // Up next: songs queued from their menus, reordered from the keyboard and by dragging, played, cleared.
    const upNext = page.getByRole('dialog', { name: 'Up next' });
    const upNextRows = upNext.getByRole('list', { name: 'Songs up next' }).getByRole('listitem');
    const queueFromMenu = async (name: string, action: 'Play next' | 'Add to queue') => {
      await songs.getByRole('button', { name: `More options for ${name}` }).click();
      await page.getByRole('menuitem', { name: action }).click();
    };
    await player(page).getByRole('button', { name: 'Queue' }).click();
    // Whatever shuffle left after the song playing goes first.
    const clear = upNext.getByRole('button', { name: 'Clear up next' });
    if (await clear.isEnabled()) await clear.click();
    await expect(upNext.getByText(/Nothing up next/)).toBeVisible();
    await expect(clear).toBeDisabled();
    await upNext.getByRole('button', { name: 'Close up next' }).click();
    await queueFromMenu('Morning Run', 'Play next');
    await expect(page.getByText('"Morning Run" plays next.')).toBeVisible();
    await queueFromMenu('Night Drive', 'Add to queue');
    await queueFromMenu('Bass Floor', 'Play next');
    await player(page).getByRole('button', { name: 'Queue' }).click();
    await expect(upNextRows).toHaveText([/^Bass Floor/, /^Morning Run/, /^Night Drive/]);
    // The panel has slid in.
    await expect(upNext).toHaveCSS('transform', 'none');
    await shot(page, 'desktop-up-next');
    await upNext.getByRole('button', { name: 'Move Night Drive up' }).focus();
    await page.keyboard.press('Enter');
    await expect(upNextRows).toHaveText([/^Bass Floor/, /^Night Drive/, /^Morning Run/]);
    await expect(upNext.getByRole('button', { name: 'Move Night Drive up' })).toBeFocused();
    await upNextRows.nth(2).dragTo(upNextRows.nth(0));
    await expect(upNextRows).toHaveText([/^Morning Run/, /^Bass Floor/, /^Night Drive/]);
    await upNext.getByRole('button', { name: 'Close up next' }).click();
    await player(page).getByRole('button', { name: 'Next' }).click();
    await expect(player(page).getByTestId('player-title')).toHaveText('Morning Run');
    await player(page).getByRole('button', { name: 'Queue' }).click();
    await expect(upNextRows).toHaveText([/^Bass Floor/, /^Night Drive/]);
    await upNext.getByRole('button', { name: 'Play Night Drive now' }).click();
    await expect(upNextRows).toHaveCount(0);
    await upNext.getByRole('button', { name: 'Close up next' }).click();
    await expect(player(page).getByTestId('player-title')).toHaveText('Night Drive');
    await expect(player(page).getByRole('button', { name: 'Next' })).toBeDisabled();

    // Manage (reached in the app, so the player keeps playing): create two playlists, add, move, remove,
    // rename, archive, restore, delete.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Manage' })
      .click();
    await expect(page).toHaveURL(/\/manage$/);
    await expect(player(page).getByTestId('player-title')).toBeVisible();
    await expect(page.getByText('You have no AI singer yet.', { exact: false })).toBeVisible();
    const create = page.getByRole('form', { name: 'Create playlist' });
    await create.getByLabel('Playlist name').fill('Road Trip');
    await create.getByRole('button', { name: 'Create playlist' }).click();
    const mine = page.getByRole('list', { name: 'Your playlists' });
    const roadTrip = mine.getByRole('listitem', { name: 'Road Trip' });
    const chill = mine.getByRole('listitem', { name: 'Chill' });
    await expect(roadTrip).toBeVisible();
    await expect(create.getByLabel('Playlist name')).toHaveValue('');
    await create.getByLabel('Playlist name').fill('Chill');
    await create.getByRole('button', { name: 'Create playlist' }).click();
    await expect(chill).toBeVisible();
    await roadTrip.getByRole('button', { name: 'Songs' }).click();
    for (const name of ['Night Drive', 'Bass Floor']) {
      await roadTrip.getByRole('button', { name: 'Add a song' }).click();
      await page.getByRole('menuitem', { name }).click();
      await expect(roadTrip.getByRole('list', { name: 'Songs in Road Trip' }).getByText(name)).toBeVisible();
    }
    await expect(roadTrip).toContainText('2 songs');
    await roadTrip.getByRole('button', { name: 'Move Bass Floor to another playlist' }).click();
    await page.getByRole('menuitem', { name: 'Move to Chill' }).click();
    await expect(chill).toContainText('1 song');
    await expect(roadTrip).toContainText('1 song');
    await roadTrip.getByRole('button', { name: 'Remove Night Drive from this playlist' }).click();
    await expect(roadTrip).toContainText('0 songs');
    await roadTrip.getByRole('button', { name: 'Rename' }).click();
    await roadTrip.getByLabel('Playlist name').fill('Road Trip 2026');
    await roadTrip.getByRole('button', { name: 'Save' }).click();
    const renamed = mine.getByRole('listitem', { name: 'Road Trip 2026' });
    await expect(renamed).toBeVisible();
    await renamed.getByRole('button', { name: 'Archive' }).click();
    const archived = page.getByRole('list', { name: 'Archived playlists' });
    await expect(archived.getByRole('listitem', { name: 'Road Trip 2026' })).toBeVisible();
    await archived
      .getByRole('listitem', { name: 'Road Trip 2026' })
      .getByRole('button', { name: 'Restore' })
      .click();
    await expect(mine.getByRole('listitem', { name: 'Road Trip 2026' })).toBeVisible();
    await shot(page, 'desktop-manage');
    await mine
      .getByRole('listitem', { name: 'Road Trip 2026' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(mine.getByRole('listitem', { name: 'Road Trip 2026' })).toHaveCount(0);

    // Add to a playlist from the player, then share the playlist (it becomes public to be shared).
    const playing = await player(page).getByTestId('player-title').textContent();
    // Bass Floor was moved into Chill above; any other song is added now.
    const chillSongs = playing === 'Bass Floor' ? 1 : 2;
    await player(page).getByRole('button', { name: 'Add to playlist' }).click();
    const dialog = page.getByRole('dialog', { name: /to a playlist/ });
    await expect(dialog.getByRole('checkbox', { name: 'Chill' })).toBeChecked({ checked: chillSongs === 1 });
    await dialog.getByRole('checkbox', { name: 'Chill' }).check();
    await expect(dialog.getByRole('checkbox', { name: 'Chill' })).toBeChecked();
    // A new playlist made from the dialog holds the song.
    await dialog.getByLabel('New playlist').fill('Favourites');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByRole('checkbox', { name: 'Favourites' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Home' })
      .click();
    await expect(page).toHaveURL(/\/my-bops$/);
    await page.getByRole('list', { name: 'Playlists' }).getByRole('link', { name: /Chill/ }).click();
    await expect(page.getByRole('list', { name: 'Songs' }).getByRole('listitem')).toHaveCount(chillSongs);
    await page.getByRole('button', { name: 'Share playlist' }).click();
    await page.getByRole('button', { name: 'Make public and share' }).click();
    await expect(page.getByText('Link copied.')).toBeVisible();
    const playlistLink = await page.evaluate(() => navigator.clipboard.readText());
    expect(playlistLink).toMatch(/\/shared\/[\w-]+$/);
    // The same pages at 390 px.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/my-bops');
    await expect(
      page.getByRole('list', { name: 'Playlists' }).getByRole('link', { name: /Chill/ }),
    ).toBeVisible();
    await shot(page, 'mobile-home');
    await page
      .getByRole('list', { name: 'Playlists' })
      .getByRole('link', { name: /My Bops/ })
      .click();
    await page.getByRole('button', { name: 'Play Night Drive' }).click();
    await expect(player(page).getByTestId('player-title')).toHaveText('Night Drive');
    await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(0.3);
    await shot(page, 'mobile-playing');
    await page
      .getByRole('list', { name: 'Songs' })
      .getByRole('button', { name: 'More options for Morning Run' })
      .click();
    await page.getByRole('menuitem', { name: 'Play next' }).click();
    await player(page).getByRole('button', { name: 'Full screen' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Full-screen player' }).getByTestId('synced-lyrics'),
    ).toBeVisible();
    await shot(page, 'mobile-full-screen');
    // Up next from the full-screen player on a phone.
    await page
      .getByRole('dialog', { name: 'Full-screen player' })
      .getByRole('button', { name: 'Queue' })
      .click();
    const phoneUpNext = page.getByRole('dialog', { name: 'Up next' });
    await expect(
      phoneUpNext.getByRole('list', { name: 'Songs up next' }).getByRole('listitem').first(),
    ).toHaveText(/^Morning Run/);
    await expect(phoneUpNext).toHaveCSS('transform', 'none');
    await shot(page, 'mobile-up-next');
    await phoneUpNext.getByRole('button', { name: 'Clear up next' }).click();
    await expect(phoneUpNext.getByText(/Nothing up next/)).toBeVisible();
    await phoneUpNext.getByRole('button', { name: 'Close up next' }).click();
    expect(errors).toEqual([]);

    await visitorPlays(browser, playlistLink, 'Chill');
  });
});
