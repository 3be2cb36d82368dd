import { expect, test, type Page } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { writeVoiceWav } from './fixtures/make-voice-wav.ts';
import { shot, watchConsole, signUp } from './fixtures/e2e-helpers.ts';

/** Signs up from the sign-in page the guard sends a visitor to, landing back where they were going. */
/** The capture form; the shell may show its own alerts (the tutorial offer) beside it. */
const capture = (page: Page) => page.getByRole('form', { name: 'Create your AI singer' });

/** The running timer in seconds. */
async function timerSeconds(page: Page): Promise<number> {
  const text = (await page.getByTestId('recording-timer').textContent()) ?? '';
  const [minutes, seconds] = text.split(':').map(Number);
  return (minutes ?? 0) * 60 + (seconds ?? 0);
}

test('records a voice sample from the microphone, builds an AI singer, raps with it, and manages it', async ({
  page,
}) => {
  test.setTimeout(420_000);
  const errors = watchConsole(page, /status of 503/);
  await signUp(page, '/create/voice-cloning/step-1', 'Singer');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your AI singer' })).toBeVisible();
  await expect(page.getByText('do ↗ re ↗ mi ↗ fa ↗ so ↗ la ↗ ti ↗ do')).toBeVisible();
  await expect(page.getByTestId('recording-unsupported')).toHaveCount(0);

  // A take under 20 seconds is refused at once.
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(capture(page).getByRole('alert')).toHaveText(
    'Please record a voice sample that is at least 20 seconds long.',
  );

  // A real take, paused on the way: the timer stops while paused and goes on after.
  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(page.getByTestId('recording-timer')).toHaveText('00:03', { timeout: 10_000 });
  await page.getByRole('button', { name: 'Pause' }).click();
  const paused = await timerSeconds(page);
  await page.waitForTimeout(2000);
  expect(await timerSeconds(page)).toBe(paused);
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByText('Minimum reached. Keep going to about 40 seconds.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('recording-timer')).toHaveText('00:25', { timeout: 15_000 });
  await shot(page, 'voice-recording', { fullPage: true });
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByText(/Your recording \(00:2[5-6]\) is ready/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record again' })).toBeVisible();

  await page.getByLabel('Voice nickname').fill('Fake Mic');
  await page.getByRole('button', { name: 'Create my AI singer' }).click();
  await expect(
    page.getByText('Please confirm that you are 18 or older and agree to the Terms and Conditions.'),
  ).toBeVisible();
  await page
    .getByRole('checkbox', { name: /I am 18 or older and agree to the Terms and Conditions/ })
    .check();
  await page.getByRole('button', { name: 'Create my AI singer' }).click();

  await expect(page).toHaveURL(/\/create\/voice-cloning\/step-2\?id=[0-9a-f-]{36}$/, { timeout: 60_000 });
  const id = new URL(page.url()).searchParams.get('id')!;
  // The server kept what the browser recorded: webm/opus from MediaRecorder.
  const sample = await page.request.get(`/api/music/voice_clone/${id}/sample`);
  expect(sample.status()).toBe(200);
  expect(sample.headers()['content-type']).toContain('audio/webm');
  expect((await sample.body()).length).toBeGreaterThan(20_000);

  const ready = page.getByRole('heading', { name: 'Your AI singer is ready' });
  const building = page.getByRole('heading', { name: 'Building Fake Mic' });
  await expect(building.or(ready)).toBeVisible();
  if (await building.isVisible()) {
    await expect(page.getByText(/we will e-mail you/)).toBeVisible();
    await shot(page, 'voice-building', { fullPage: true });
  }
  await expect(ready).toBeVisible({ timeout: 150_000 });
  await expect(page.getByRole('link', { name: 'Make a rap with it' })).toHaveAttribute(
    'href',
    '/create/step-1',
  );
  await shot(page, 'voice-ready', { fullPage: true });

  // Make a rap with it: the AI singer performs, the chosen rapper gives the flow.
  await page.getByRole('link', { name: 'Make a rap with it' }).click();
  await expect(page).toHaveURL(/\/create\/step-1$/);
  await page.getByLabel('Song title').fill('My Voice Rap');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('radiogroup', { name: 'Rappers' }).getByRole('radio').first().click();
  await page
    .getByRole('group', { name: 'Performed by my AI singer' })
    .getByRole('button', { name: 'Fake Mic' })
    .click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page
    .getByRole('textbox', { name: 'Lyrics' })
    .fill('This is my own voice on the beat\nEvery word I say is mine to keep');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('radio', { name: 'No music' }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  const created = page.waitForResponse((response) => response.url().endsWith('/api/music/createMusic/v3'));
  await page.getByRole('button', { name: 'Create my rap' }).click();
  const createBody = (await (await created).json()) as { data: { musicId: string } };
  await expect(page.getByText('Your rap is ready!')).toBeVisible({ timeout: 150_000 });
  const song = (await (await page.request.get(`/api/music/getMusic/${createBody.data.musicId}`)).json()) as {
    data: { src: string; context: { voiceCloneIds: string[] } };
  };
  expect(song.data.context.voiceCloneIds).toEqual([id]);
  expect((await page.request.get(song.data.src)).status()).toBe(200);

  await page.goto('/manage');
  await expect(page).toHaveURL(/\/manage$/);
  // The in-app notice of the finished build waits on Manage until the person dismisses it.
  const notices = page.getByRole('region', { name: 'Notices' });
  const notice = notices.getByRole('alert').filter({ hasText: 'Your AI singer "Fake Mic" is ready.' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  // So does the notice that the rap it sang is ready.
  const songNotice = notices.getByRole('alert').filter({ hasText: 'is ready.' });
  await expect(songNotice).toHaveCount(1);
  await expect(songNotice).toContainText('Your song');
  await songNotice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(songNotice).toHaveCount(0);
  const singers = page.locator('section', { has: page.getByRole('heading', { name: 'AI Singers' }) });
  const item = singers.getByRole('listitem', { name: 'Fake Mic' });
  await expect(item).toBeVisible();
  await expect(item.getByText('Ready')).toBeVisible();
  await shot(page, 'manage-ai-singers', { fullPage: true });

  await item.getByRole('button', { name: 'Edit details' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Fake Mic' });
  await edit.getByLabel('Voice nickname').fill('Fake Mic Two');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  const renamed = singers.getByRole('listitem', { name: 'Fake Mic Two' });
  await expect(renamed).toBeVisible();
  await page.reload();
  await expect(renamed).toBeVisible();
  await expect(notices).toHaveCount(0);

  await renamed.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Fake Mic Two?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(singers.getByText('Fake Mic Two is deleted.')).toBeVisible();
  await expect(singers.getByText('You have no AI singer yet.', { exact: false })).toBeVisible();
  expect((await page.request.get(`/api/music/voice_clone/${id}/sample`)).status()).toBe(404);
  expect(errors).toEqual([]);
});

test('refuses an uploaded recording shorter than 20 seconds with the spec message', async ({ page }) => {
  const short = await writeVoiceWav(path.join(os.tmpdir(), `bops-e2e-short-voice-${process.pid}.wav`), 8);
  await signUp(page, '/create/voice-cloning/step-1', 'Uploader');
  await page.getByRole('tab', { name: 'Upload' }).click();
  await page.getByTestId('audio-input').setInputFiles(short);
  await expect(page.getByTestId('chosen-file')).toContainText('bops-e2e-short-voice');
  await page.getByLabel('Voice nickname').fill('Too Short');
  await page.getByRole('checkbox', { name: /I am 18 or older/ }).check();
  await page.getByRole('button', { name: 'Create my AI singer' }).click();
  await expect(capture(page).getByRole('alert')).toHaveText(
    'Please record a voice sample that is at least 20 seconds long.',
  );
  await expect(page).toHaveURL(/\/create\/voice-cloning\/step-1$/);
});
