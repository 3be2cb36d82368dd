import { expect, test, type Page } from '@playwright/test';

/** Where screenshots go for a person to look at; not compared automatically. */
const shots = process.env.BOPS_SCREENSHOTS_DIR;

async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: false });
}

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // A catalogue preview that is not rendered yet answers 503 on purpose; the page says so itself.
    if (message.type() === 'error' && !/503/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

async function signUp(page: Page, name: string) {
  await page.getByRole('tab', { name: 'Create account' }).click();
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(uniqueEmail('rapper'));
  await form.getByLabel('Password').fill('a long enough password');
  await form.getByRole('button', { name: 'Create account' }).click();
}

const countdownTasks = (page: Page) =>
  page.evaluate(
    () => JSON.parse(sessionStorage.getItem('bops.countdownTasks') ?? '[]') as { taskId: string }[],
  );

/** "About 0:12 left" → 12. */
function secondsLeft(text: string | null): number {
  const match = /(\d+):(\d{2})/.exec(text ?? '');
  if (!match) throw new Error(`no countdown in "${text}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

const lyrics = [
  'Late night coding with the screen so bright',
  'Every bug I fix makes the future feel right',
  'Coffee in my cup and a beat in my head',
  'Ship it to the world before I go to bed',
].join('\n');

test.describe('rap generator, desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a new user writes a rap, watches it being made across a reload, and plays it with the words lit up', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const errors = watchConsole(page);

    await page.goto('/create/step-1');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fcreate%2Fstep-1$/);
    await signUp(page, 'Ada');
    await expect(page).toHaveURL(/\/create\/step-1$/);

    // A deep link past unfinished steps goes back to the first one.
    await page.goto('/create/step-4');
    await expect(page).toHaveURL(/\/create\/step-1$/);

    // Step 1: the title is required; the creator is the user unless they say otherwise.
    await expect(page.getByLabel('Creator name')).toHaveValue('Ada');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByText('This field is required')).toHaveCount(1);
    await page.getByLabel('Song title').fill('Night Shift');
    await page.getByLabel('Prompt').fill('coding late at night and shipping on time');
    await shot(page, 'rap-step-1');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // Step 2: rappers and singers; previews answer "still being prepared" until the server rendered them.
    await expect(page).toHaveURL(/\/create\/step-2$/);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByText('This field is required')).toBeVisible();
    const rappers = page.getByRole('radiogroup', { name: 'Rappers' });
    await expect(rappers.getByRole('radio').first()).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: 'Singers' }).getByRole('radio').first()).toBeVisible();
    const firstRapper = rappers.getByRole('radio').first();
    const rapperName = ((await firstRapper.getAttribute('aria-label')) ?? '').replace(/^Choose /, '');
    await page.getByRole('button', { name: `Play a preview of ${rapperName}` }).click();
    await expect(
      page.getByText('The preview is still being prepared. Please try again in a minute.'),
    ).toBeVisible();
    await firstRapper.click();
    await expect(firstRapper).toHaveAttribute('aria-checked', 'true');
    // Choosing an artist picks their own style; the user can change it.
    await expect(page.getByRole('group', { name: 'Rap style' }).locator('[aria-pressed="true"]')).toHaveCount(
      1,
    );
    await page.getByRole('button', { name: 'Laid back' }).click();
    await expect(page.getByRole('button', { name: 'Laid back' })).toHaveAttribute('aria-pressed', 'true');
    await shot(page, 'rap-step-2');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // Step 3: generated lyrics fill the box; back and next keep them.
    await expect(page).toHaveURL(/\/create\/step-3$/);
    await page.getByRole('button', { name: 'Generate lyrics' }).click();
    const lyricsBox = page.getByRole('textbox', { name: 'Lyrics' });
    await expect(lyricsBox).not.toHaveValue('', { timeout: 20_000 });
    const generated = await lyricsBox.inputValue();
    expect(generated.split('\n').filter((line) => line.trim()).length).toBeGreaterThanOrEqual(2);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page.getByRole('radio', { name: `Choose ${rapperName}` })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page.getByLabel('Song title')).toHaveValue('Night Shift');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Lyrics' })).toHaveValue(generated);
    // Short lyrics keep the render quick.
    await page.getByRole('textbox', { name: 'Lyrics' }).fill(lyrics);
    await expect(page.getByText(`${lyrics.length} / 3000`)).toBeVisible();
    await shot(page, 'rap-step-3');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // Step 4: beats by mood with BPM, or no music (the test server has not rendered the catalogue).
    await expect(page).toHaveURL(/\/create\/step-4$/);
    await expect(page.getByText(/\d+ BPM/).first()).toBeVisible();
    await page.getByRole('radio', { name: 'No music' }).click();
    await shot(page, 'rap-step-4');
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    // Step 5: the e-mail is optional but must be an address.
    await expect(page).toHaveURL(/\/create\/step-5$/);
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Create my rap' }).click();
    await expect(page.getByText('Email is invalid')).toBeVisible();
    await page.getByLabel('Email').fill('');
    await expect(page.getByRole('region', { name: 'Your rap' })).toContainText('Night Shift');
    await shot(page, 'rap-step-5');
    const created = page.waitForResponse('**/api/music/createMusic/v3');
    await page.getByRole('button', { name: 'Create my rap' }).click();
    const createBody = (await (await created).json()) as { data: { task_id: string; estimation: number } };
    const taskId = createBody.data.task_id;

    // Progress: the server's phases drive it, the countdown runs on the estimation + 2 s.
    await expect(page).toHaveURL(new RegExp(`/create/step-6\\?task=${taskId}$`));
    const countdown = page.getByTestId('rap-countdown');
    await expect(countdown).toContainText(/About \d+:\d{2} left/);
    expect(secondsLeft(await countdown.textContent())).toBeLessThanOrEqual(createBody.data.estimation + 2);
    await expect(page.getByTestId('process-indicator')).toBeVisible();
    expect((await countdownTasks(page)).map((task) => task.taskId)).toEqual([taskId]);
    await shot(page, 'rap-progress');

    // A reload mid-render keeps the countdown and the process indicator.
    const before = secondsLeft(await countdown.textContent());
    await page.reload();
    await expect(page.getByTestId('rap-progress')).toBeVisible();
    await expect(page.getByTestId('process-indicator')).toBeVisible();
    await expect(countdown).toContainText(/About \d+:\d{2} left|Almost there/);
    const after = /About/.test((await countdown.textContent()) ?? '')
      ? secondsLeft(await countdown.textContent())
      : 0;
    expect(after).toBeLessThanOrEqual(before);
    expect((await countdownTasks(page)).map((task) => task.taskId)).toEqual([taskId]);

    // Completion: the result, the counter back to 0, the countdown task gone.
    await expect(page.getByText('Your rap is ready!')).toBeVisible({ timeout: 120_000 });
    await expect(page.getByTestId('process-indicator')).toBeHidden();
    expect(await countdownTasks(page)).toEqual([]);

    // The MP3 is real audio of a sane size.
    const audio = page.getByTestId('result-audio');
    const src = await audio.getAttribute('src');
    expect(src).toMatch(/^\/api\/music\/[0-9a-f-]+\/audio$/);
    const mp3 = await page.request.get(src!);
    expect(mp3.status()).toBe(200);
    expect(mp3.headers()['content-type']).toContain('audio/mpeg');
    const bytes = (await mp3.body()).length;
    expect(bytes).toBeGreaterThan(20_000);
    expect(bytes).toBeLessThan(5_000_000);

    // Playing lights up the lines and words as they are rapped.
    const lyricsList = page.getByTestId('synced-lyrics');
    await expect(lyricsList.getByRole('listitem')).toHaveCount(4);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(lyricsList.locator('[data-word-state="current"]')).toHaveCount(1, { timeout: 15_000 });
    await expect(lyricsList.locator('[aria-current="true"]')).toHaveCount(1);
    await shot(page, 'rap-result-playing');
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(1);
    const position = page.getByRole('slider');
    await expect
      .poll(async () => Number(await position.getAttribute('aria-valuenow')), { timeout: 10_000 })
      .toBeGreaterThan(1);
    await page.getByRole('button', { name: 'Pause' }).click();

    // The song landed in the user's "My Bops" playlist.
    const musicId = /\/api\/music\/([^/]+)\/audio/.exec(src!)![1]!;
    const playlists = (await (await page.request.get('/api/music/playlists')).json()) as {
      data: { id: string; title: string; musics?: unknown[] }[];
    };
    const myBops = playlists.data.find((playlist) => playlist.title === 'My Bops');
    expect(myBops).toBeDefined();
    const playlist = (await (await page.request.get(`/api/music/playlist/${myBops!.id}`)).json()) as {
      data: { musics: { musicId: string }[] };
    };
    expect(playlist.data.musics.map((music) => music.musicId)).toContain(musicId);

    await page.getByRole('link', { name: 'My Bops' }).click();
    await expect(page).toHaveURL(/\/my-bops$/);
    expect(errors).toEqual([]);
  });
});
