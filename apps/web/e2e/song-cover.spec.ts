import { expect, test, type Page } from '@playwright/test';
import { makeSongMp3 } from './fixtures/make-song-file.ts';
import { writeVoiceWav } from './fixtures/make-voice-wav.ts';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import { shot, watchConsole, signUp } from './fixtures/e2e-helpers.ts';

/** Signs up from the sign-in page the guard sends a visitor to, landing back where they were going. */
/** An AI singer from an uploaded voice sample (the voice-cloning spec covers the recording itself). */
async function createAiSinger(page: Page, nickname: string): Promise<string> {
  const sample = await writeVoiceWav(path.join(os.tmpdir(), `bops-e2e-cover-voice-${process.pid}.wav`), 25);
  const response = await page.request.post('/api/music/voice_clone/create/v2', {
    headers: { origin: new URL(page.url()).origin },
    multipart: {
      voice_clone_nickname: nickname,
      terms: 'true',
      audio: { name: 'voice.wav', mimeType: 'audio/wav', buffer: await fs.readFile(sample) },
    },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { voiceProfileId: string } }).data.voiceProfileId;
}

const form = (page: Page) => page.getByRole('form', { name: 'Song remix' });

test('a person without an AI singer is told so and offered to create one', async ({ page }) => {
  const errors = watchConsole(page, /status of 503/);
  await signUp(page, '/create/song-cover', 'Nosinger');
  await expect(page.getByRole('heading', { level: 1, name: 'Song remix' })).toBeVisible();
  const message = page.getByTestId('song-cover-no-singer');
  await expect(message).toContainText("Sorry, you haven't created an AI singer yet.");
  await shot(page, 'song-cover-no-singer', { fullPage: true });
  await message.getByRole('link', { name: 'Create an AI singer' }).click();
  await expect(page).toHaveURL(/\/create\/voice-cloning\/step-1$/);
  expect(errors).toEqual([]);
});

test('a link while this server has no yt-dlp is answered with why, and the upload is offered', async ({
  page,
}) => {
  const errors = watchConsole(page, /status of 503/);
  await signUp(page, '/create/song-cover', 'Linker');
  await createAiSinger(page, 'Link Singer');
  await page.reload();
  const unavailable = page.getByTestId('song-cover-links-unavailable');
  await expect(unavailable).toContainText("Song links can't be imported on this server");
  await expect(unavailable).toContainText('Please upload the song file instead.');
  // It starts on the upload.
  await expect(page.getByTestId('song-cover-drop')).toBeVisible();
  await form(page).getByRole('button', { name: 'Song link' }).click();
  await form(page).getByLabel('Song title').fill('Linked Song');
  await form(page).getByLabel('Song URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await form(page).getByRole('button', { name: 'Remix it' }).click();
  await expect(
    form(page)
      .getByText(/Song links can't be imported on this server.*Please upload the song file instead\./)
      .first(),
  ).toBeVisible();
  await shot(page, 'song-cover-link-unavailable', { fullPage: true });
  await form(page).getByRole('button', { name: 'Upload the song file instead' }).first().click();
  await expect(page.getByTestId('song-cover-drop')).toBeVisible();
  await expect(form(page).getByLabel('Song URL')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a person with a ready AI singer uploads a song, watches the remix, plays it from My Bops and downloads its stems', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const errors = watchConsole(page, /status of 503/);
  await signUp(page, '/create/song-cover', 'Coverer');
  const singerId = await createAiSinger(page, 'Cover Voice');
  await expect
    .poll(
      async () => {
        const response = await page.request.post('/api/music/voice_clone/retrieve', {
          headers: { origin: new URL(page.url()).origin },
          data: { voice_clone_id: singerId },
        });
        return ((await response.json()) as { data: { status: string } }).data.status;
      },
      { timeout: 150_000, intervals: [1000] },
    )
    .toBe('ready');
  await page.reload();

  await expect(form(page).getByRole('combobox', { name: 'Select a voice' })).toHaveText('Cover Voice');
  await form(page).getByLabel('Song title').fill('Sunny Cover');
  await page.getByTestId('song-cover-file-input').setInputFiles({
    name: 'sunny.mp3',
    mimeType: 'audio/mpeg',
    buffer: await makeSongMp3(6),
  });
  await expect(form(page)).toContainText(/sunny\.mp3 \(0\.\d MB\)/);
  await shot(page, 'song-cover-form', { fullPage: true });
  const created = page.waitForResponse('**/api/music/create_song_cover');
  await form(page).getByRole('button', { name: 'Remix it' }).click();
  const body = (await (await created).json()) as { data: { task_id: string; musicId: string } };
  const { task_id: taskId, musicId } = body.data;

  // The remix track's phases and the countdown, driven by the server.
  await expect(page).toHaveURL(new RegExp(`/create/song-cover\\?task=${taskId}$`));
  await expect(page.getByTestId('songCover-progress-phase')).toHaveText(
    /Getting the song|Separating the vocals|Following the melody|Finding your voice|Shaping the vocal|Mixing|Mastering|Pressing the track/,
  );
  await expect(page.getByTestId('songCover-countdown')).toContainText(/About \d+:\d{2} left|Almost there/);
  await expect(page.getByText(/Phase [1-8] of 8/)).toBeVisible();
  await shot(page, 'song-cover-progress', { fullPage: true });
  await expect(page.getByText('Your remix is ready!')).toBeVisible({ timeout: 180_000 });
  await shot(page, 'song-cover-ready', { fullPage: true });

  // It plays from My Bops.
  await page.getByRole('link', { name: 'Play in My Bops' }).click();
  await expect(page).toHaveURL(new RegExp(`/listen/${musicId}$`));
  const player = page.getByRole('region', { name: 'Music player' });
  await expect(player.getByTestId('player-title')).toHaveText('Sunny Cover');
  const playerAudio = page.getByTestId('player-audio');
  if (await player.getByRole('button', { name: 'Play', exact: true }).isVisible())
    await player.getByRole('button', { name: 'Play', exact: true }).click();
  await expect
    .poll(() => playerAudio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(1);
  expect(
    new URL(await playerAudio.evaluate((element: HTMLAudioElement) => element.currentSrc)).pathname,
  ).toBe(`/api/music/${musicId}/audio`);
  await shot(page, 'song-cover-playing', { fullPage: true });

  // Both stems download from the song's menu.
  for (const [item, stem] of [
    ['Download the vocal stem', 'vocals'],
    ['Download the accompaniment stem', 'accompaniment'],
  ] as const) {
    await player.getByRole('button', { name: 'More options' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: item }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`Sunny Cover (${stem}).mp3`);
    const saved = await fs.readFile((await file.path())!);
    expect(saved.length).toBeGreaterThan(20_000);
    expect(saved[0] === 0xff || saved.subarray(0, 3).toString('latin1') === 'ID3').toBe(true);
  }
  expect(errors).toEqual([]);
});
