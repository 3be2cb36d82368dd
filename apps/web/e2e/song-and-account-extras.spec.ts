import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  fillCreateAccount,
  seriousViolations,
  shot,
  signIn,
  TEST_PASSWORD,
  uniqueEmail,
  watchConsole,
  BOTH_WIDTHS,
} from './fixtures/e2e-helpers.ts';
import { linkIn, waitForMail } from './fixtures/outbox.ts';
import { submitRap, waitUntilReady } from './fixtures/songs.ts';

type Rgb = [number, number, number];

/** A small picture of one colour, as a person's own cover would be uploaded. */
async function solidPicture(format: 'png' | 'jpeg', [r, g, b]: Rgb): Promise<Buffer> {
  const picture = sharp({ create: { width: 96, height: 96, channels: 3, background: { r, g, b } } });
  return format === 'png' ? picture.png().toBuffer() : picture.jpeg().toBuffer();
}

/** The colour in the middle of the picture a URL serves, as the browser decodes it; and the answer's status. */
async function servedPicture(
  page: Page,
  url: string,
): Promise<{ status: number; type: string; centre: Rgb }> {
  return page.evaluate(async (src) => {
    const response = await fetch(src);
    const bitmap = await createImageBitmap(await response.blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const [r, g, b] = context.getImageData(bitmap.width >> 1, bitmap.height >> 1, 1, 1).data;
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      centre: [r!, g!, b!] as Rgb,
    };
  }, url);
}

/** Whether two colours match within the loss of a JPEG or WebP re-encode. */
function near(found: Rgb, wanted: Rgb): boolean {
  return found.every((channel, index) => Math.abs(channel - wanted[index]!) <= 12);
}

/**
 * Signs off through the navigation from the home page: the top bar's button on a desktop, the drawer on a phone
 * (whose inner pages show a back button in the menu's place).
 */
async function logOff(page: Page) {
  await page.goto('/my-bops');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  const openMenu = page.getByRole('button', { name: 'Open menu' });
  if (await openMenu.isVisible()) await openMenu.click();
  await page.getByRole('button', { name: 'Log off' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The sign-in page's own address ends with its `next`, so only the path tells that the person got through. */
const onProfile = (url: URL) => url.pathname === '/my-bops/profile';

/** Opens a song's own menu in the page's song list and picks `action`. */
async function songAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `More options for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** A visitor's browser: no account, no cookies. */
async function visitorPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

for (const { label, viewport, tag } of BOTH_WIDTHS) {
  test.describe(label, () => {
    test.use({ viewport, actionTimeout: 20_000 });

    test('changes the e-mail address through the link mailed to the new one', async ({ page }) => {
      const errors = watchConsole(page);
      const oldEmail = uniqueEmail(`old-${tag}`);
      const newEmail = uniqueEmail(`new-${tag}`);
      await page.goto('/sign-in?next=/my-bops/profile');
      await fillCreateAccount(page, 'Kim', oldEmail);
      await expect(page).toHaveURL(onProfile, { timeout: 20_000 });

      const form = page.getByRole('form', { name: 'Change e-mail address' });
      await expect(form).toContainText(`Current address: ${oldEmail}`);
      await form.getByLabel('New e-mail address').fill(oldEmail.toUpperCase());
      await form.getByRole('button', { name: 'Send confirmation link' }).click();
      await expect(form.getByText('This is already your e-mail address.')).toBeVisible();
      await form.getByLabel('New e-mail address').fill(newEmail);
      await form.getByRole('button', { name: 'Send confirmation link' }).click();
      await expect(form.getByRole('status')).toHaveText(
        `Check ${newEmail} for a link to confirm it. Until then you sign in with your current address.`,
        { timeout: 15_000 },
      );
      await form.scrollIntoViewIfNeeded();
      await shot(page, `${tag}-email-change-sent`);
      expect(await seriousViolations(page)).toEqual([]);

      // The current address is told, and the new one gets the link; until it is opened nothing changes.
      await expect(await waitForMail(oldEmail, 'Your Bops e-mail address is being changed')).toContain(
        newEmail,
      );
      const link = linkIn(
        await waitForMail(newEmail, 'Confirm your new Bops e-mail address'),
        'verify-email',
      );
      const { pathname, search } = new URL(link);
      await page.reload();
      await expect(page.getByRole('form', { name: 'Change e-mail address' })).toContainText(
        `Current address: ${oldEmail}`,
      );

      await page.goto(`${pathname}${search}`);
      // Back on the profile, the link's markers dropped from the address once read.
      await expect(page).toHaveURL(/\/my-bops\/profile$/, { timeout: 20_000 });
      const changed = page.getByRole('form', { name: 'Change e-mail address' });
      await expect(changed.getByRole('status')).toHaveText(
        'Your e-mail address is changed. Sign in with it from now on.',
      );
      await expect(changed).toContainText(`Current address: ${newEmail}`);
      await changed.scrollIntoViewIfNeeded();
      await shot(page, `${tag}-email-changed`);

      await logOff(page);
      await signIn(page, '/my-bops/profile', oldEmail, TEST_PASSWORD);
      await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
      await signIn(page, '/my-bops/profile', newEmail, TEST_PASSWORD);
      await expect(page).toHaveURL(onProfile, { timeout: 20_000 });
      await expect(page.getByRole('form', { name: 'Profile' }).getByLabel('Email')).toHaveValue(newEmail);

      // The link was spent.
      await page.goto(`${pathname}${search}`);
      await expect(page.getByText('That confirmation link has expired or was already used.')).toBeVisible({
        timeout: 20_000,
      });
      // The old address's refused sign-in is answered 401 on purpose; nothing else may fail.
      expect(errors.filter((error) => !/status of 401/.test(error))).toEqual([]);
    });

    test('sets, replaces and removes a song’s own cover picture', async ({ page }) => {
      const errors = watchConsole(page, /Failed to load resource/);
      const red: Rgb = [220, 30, 40];
      const blue: Rgb = [30, 60, 210];
      await page.goto('/sign-in?next=/my-bops');
      await fillCreateAccount(page, 'Ines');
      await expect(page).toHaveURL((url) => url.pathname === '/my-bops', { timeout: 20_000 });
      // The picture needs no rendered audio: the song is changed while it renders.
      const musicId = await submitRap(page, 'Salt Water');

      await page.goto(`/listen/${musicId}`);
      const details = page.getByTestId('song-details');
      const pageCover = details.getByRole('img', { name: 'Cover of Salt Water' });
      await expect(pageCover).toHaveAttribute('src', new RegExp(`/api/music/${musicId}/cover\\?v=`));
      const drawnUrl = (await pageCover.getAttribute('src'))!;
      const drawn = await servedPicture(page, drawnUrl);
      expect(drawn.status).toBe(200);

      await songAction(page, 'Salt Water', 'Change cover');
      const dialog = page.getByRole('dialog', { name: 'Cover of “Salt Water”' });
      const dialogCover = dialog.getByRole('img', { name: 'Cover of Salt Water' });
      await expect(dialogCover).toHaveAttribute('src', drawnUrl);
      expect(await seriousViolations(page)).toEqual([]);

      // A PNG first: saved, served re-encoded as the JPEG cover under a new version.
      const input = dialog.getByTestId('song-cover-input');
      await input.setInputFiles({
        name: 'red.png',
        mimeType: 'image/png',
        buffer: await solidPicture('png', red),
      });
      await expect(dialog.getByText('Your cover is saved.')).toBeVisible({ timeout: 15_000 });
      await expect(dialogCover).not.toHaveAttribute('src', drawnUrl);
      const redUrl = (await dialogCover.getAttribute('src'))!;
      expect(redUrl).toMatch(new RegExp(`/api/music/${musicId}/cover\\?v=\\w+`));
      const redServed = await servedPicture(page, redUrl);
      expect(redServed).toMatchObject({ status: 200, type: 'image/jpeg' });
      expect(near(redServed.centre, red), `centre ${redServed.centre.join(',')}`).toBe(true);
      await shot(page, `${tag}-song-cover-own`);

      // Replaced by a JPEG: another version, the new picture.
      await input.setInputFiles({
        name: 'blue.jpg',
        mimeType: 'image/jpeg',
        buffer: await solidPicture('jpeg', blue),
      });
      await expect(dialogCover).not.toHaveAttribute('src', redUrl, { timeout: 15_000 });
      const blueUrl = (await dialogCover.getAttribute('src'))!;
      expect(blueUrl).not.toBe(drawnUrl);
      const blueServed = await servedPicture(page, blueUrl);
      expect(blueServed.status).toBe(200);
      expect(near(blueServed.centre, blue), `centre ${blueServed.centre.join(',')}`).toBe(true);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toBeHidden();
      // The song page and the library's row show it too (the row at its own small size).
      await expect(pageCover).toHaveAttribute('src', blueUrl);
      await page.goto('/my-bops?q=salt');
      const row = page
        .getByRole('region', { name: 'Find in my library' })
        .locator(`li[data-music-id="${musicId}"] img`);
      await expect(row).toHaveAttribute('src', new RegExp(`/api/music/${musicId}/thumbnail\\?v=`));
      const rowServed = await servedPicture(page, (await row.getAttribute('src'))!);
      expect(near(rowServed.centre, blue), `row centre ${rowServed.centre.join(',')}`).toBe(true);

      // Removed: the drawn cover, at its own version, is back.
      await page.goto(`/listen/${musicId}`);
      await songAction(page, 'Salt Water', 'Change cover');
      await dialog.getByRole('button', { name: 'Use the drawn cover' }).click();
      await expect(dialog.getByText('Your cover is saved.')).toBeVisible({ timeout: 15_000 });
      await expect(dialogCover).toHaveAttribute('src', drawnUrl);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(pageCover).toHaveAttribute('src', drawnUrl);
      const back = await servedPicture(page, drawnUrl);
      expect(back.status).toBe(200);
      expect(back.centre).toEqual(drawn.centre);
      await shot(page, `${tag}-song-cover-drawn`);
      expect(errors).toEqual([]);
    });

    test('a visitor opens a shared song’s link and can play it; a private song’s link says it cannot be heard', async ({
      page,
      browser,
      context,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
      const errors = watchConsole(page, /Failed to load resource/);
      await page.goto('/sign-in?next=/my-bops');
      await fillCreateAccount(page, 'Lou');
      await expect(page).toHaveURL((url) => url.pathname === '/my-bops', { timeout: 20_000 });
      const musicId = await submitRap(page, 'Open Road');
      await waitUntilReady(page, musicId);

      // Kept private (only in the person's own playlist, which is private): a visitor hears nothing.
      const visitor = await visitorPage(browser, viewport);
      const visitorErrors = watchConsole(visitor, /Failed to load resource/);
      expect((await visitor.request.get(`/api/music/shared/${musicId}`)).status()).toBe(404);
      await visitor.goto(`/listen/${musicId}`);
      await expect(visitor.getByRole('heading', { level: 1, name: 'Shared song' })).toBeVisible({
        timeout: 20_000,
      });
      await expect(visitor.getByText('This song is private or does not exist.')).toBeVisible();
      await expect(visitor.getByRole('button', { name: 'Play', exact: true })).toHaveCount(0);
      await shot(visitor, `${tag}-shared-song-private`);

      // The person shares their playlist (made public on the way) and copies the song's link from it.
      await page
        .getByRole('list', { name: 'Playlists' })
        .getByRole('link', { name: /My Bops/ })
        .click();
      await expect(page).toHaveURL(/\/playlist\//);
      await page.getByRole('button', { name: 'Share playlist' }).click();
      await page.getByRole('button', { name: 'Make public and share' }).click();
      await expect(page.getByText('Link copied.')).toBeVisible();
      await songAction(page, 'Open Road', 'Share');
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/listen\//);
      const songLink = new URL(await page.evaluate(() => navigator.clipboard.readText()));
      expect(songLink.pathname).toBe(`/listen/${musicId}`);

      // The visitor opens it: the song's page, its credits, and a player holding the song's audio.
      await visitor.goto(songLink.pathname);
      await expect(visitor.getByRole('heading', { name: 'Open Road' })).toBeVisible({ timeout: 20_000 });
      const details = visitor.getByTestId('song-details');
      await expect(details).toContainText('MC Volt');
      const audio = visitor.getByTestId('player-audio');
      await expect.poll(() => audio.evaluate((element) => (element as HTMLAudioElement).src)).toMatch(/\S/);
      const src = await audio.evaluate((element) => (element as HTMLAudioElement).src);
      const answer = await visitor.request.get(src);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toMatch(/^audio\//);
      expect((await answer.body()).length).toBeGreaterThan(1000);
      await details.getByRole('button', { name: 'Play', exact: true }).click();
      await expect
        .poll(() => audio.evaluate((element) => (element as HTMLAudioElement).currentTime), {
          timeout: 15_000,
        })
        .toBeGreaterThan(0.3);
      await shot(visitor, `${tag}-shared-song-playing`);
      expect(await seriousViolations(visitor)).toEqual([]);
      await visitor.context().close();
      expect(visitorErrors).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
}
