import { DAILY_LIMIT_MESSAGE } from '@bops/shared/api/creation';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toUser } from '../store/user.ts';
import { COUNTDOWN_STORAGE_KEY } from '../countdown/countdown-tasks.ts';
import { initialAccountState } from '../store/account.slice.ts';
import { initialCreationState } from '../store/creation.slice.ts';
import { Status } from '../store/status.ts';
import { aProfile, aVoiceClone } from '../test/factories.ts';
import { fakeServices, mockFetch, renderApp, sampleProfile, sampleSession } from '../test/test-app.tsx';
import type { RapDraft } from '../store/rap-draft.ts';

const account = {
  ...initialAccountState,
  status: Status.SUCCESS,
  authenticated: true,
  user: toUser(sampleProfile),
};

const readyDraft: RapDraft = {
  musicName: 'Night Shift',
  prompt: 'coding late',
  creatorNickname: 'Ada',
  artistId: 'mc-volt',
  voiceCloneId: '',
  style: 'straight',
  lyrics: 'Late night coding\nShip it tonight',
  mixMusicId: 'na',
  contactEmail: '',
};

function signedIn(draft: Partial<RapDraft> = {}) {
  return {
    account,
    creation: { ...initialCreationState, draft: { ...initialCreationState.draft, ...draft } },
  };
}

function services() {
  return fakeServices({
    auth: { ...fakeServices().services.auth, getSession: vi.fn(async () => sampleSession) },
  }).services;
}

const artists = {
  statusCode: 200,
  data: {
    rap_artists: [
      {
        artist_id: 'mc-volt',
        name: 'MC Volt',
        description: 'Punchy and bright. '.repeat(12),
        artist_voice: 'kal',
        gender: 'male',
        style: 'straight',
        preview: '/audio/artists/mc-volt.mp3',
      },
    ],
    singer_artists: [
      {
        artist_id: 'aria-bloom',
        name: 'Aria Bloom',
        description: 'Warm and airy.',
        artist_voice: 'slt',
        gender: 'female',
        style: 'melodic',
        preview: '/audio/artists/aria-bloom.mp3',
      },
    ],
  },
};

const common = {
  'GET /api/music/processes': { body: { statusCode: 200, data: { count: 0 } } },
  'GET /api/music/rapArtists/v3': { body: artists },
};

describe('the rap generator form', () => {
  it('says which fields are required and keeps what was typed across back and next', async () => {
    vi.stubGlobal('fetch', mockFetch(common).fetchFn);
    const user = userEvent.setup();
    const { store } = renderApp('/create/step-1', { preloadedState: signedIn(), services: services() });
    const title = await screen.findByLabelText(/Song title/);
    // The creator is the user unless they change it.
    expect((screen.getByLabelText(/Creator name/) as HTMLInputElement).value).toBe('Ada');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
    expect(screen.getByTestId('location').textContent).toBe('/create/step-1');

    await user.type(title, 'Night Shift');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/create/step-2'));

    // Step 2: a voice is required; choosing one takes its style.
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.getByText('This field is required')).toBeTruthy();
    const volt = await screen.findByRole('radio', { name: 'Choose MC Volt' });
    // Descriptions are captions: cut at 140 characters.
    expect(screen.getByText(/^Punchy and bright/).textContent).toHaveLength(143);
    await user.click(volt);
    expect(volt.getAttribute('aria-checked')).toBe('true');
    expect(store.getState().creation.draft).toMatchObject({ artistId: 'mc-volt', style: 'straight' });
    await user.click(
      within(screen.getByRole('form', { name: 'Voice and style' })).getByRole('button', { name: 'Back' }),
    );
    expect(((await screen.findByLabelText(/Song title/)) as HTMLInputElement).value).toBe('Night Shift');
  });

  it('sends a deep link past unfinished steps back to the first one', async () => {
    vi.stubGlobal('fetch', mockFetch(common).fetchFn);
    renderApp('/create/step-4', {
      preloadedState: signedIn({ musicName: 'X', creatorNickname: 'Ada' }),
      services: services(),
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/create/step-2'));
  });

  it('generates lyrics from the title, prompt and style into the lyrics box', async () => {
    const { fetchFn, calls } = mockFetch({
      ...common,
      'POST /api/music/generateLyrics/v3': { body: { statusCode: 200, data: 'Line one\nLine two' } },
    });
    vi.stubGlobal('fetch', fetchFn);
    const user = userEvent.setup();
    renderApp('/create/step-3', {
      preloadedState: signedIn({ ...readyDraft, lyrics: '' }),
      services: services(),
    });
    // Going on with no lyrics marks the field; generated lyrics then clear the mark.
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Generate lyrics' }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /Lyrics/ }) as HTMLTextAreaElement).value).toBe(
        'Line one\nLine two',
      ),
    );
    expect(screen.queryByText('This field is required')).toBeNull();
    const call = calls.find((entry) => entry.url.endsWith('/generateLyrics/v3'))!;
    // The chosen style goes along, so the lines fit its flow.
    expect(JSON.parse(String(call.init?.body))).toEqual({
      musicName: 'Night Shift',
      context: 'coding late',
      style: 'straight',
    });
    expect(screen.getByText('17 / 3000')).toBeTruthy();
  });

  it('lets the user go on without music when the music selection cannot load', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({
        ...common,
        'GET /api/music/mixMusicSelection_v2': { status: 500, body: { statusCode: 500 } },
      }).fetchFn,
    );
    const user = userEvent.setup();
    const { store } = renderApp('/create/step-4', {
      preloadedState: signedIn({ ...readyDraft, mixMusicId: '' }),
      services: services(),
    });
    expect(
      await screen.findByText(
        'Sorry, we are unable to load the music selection at the moment. Please continue.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/create/step-5'));
    expect(store.getState().creation.draft.mixMusicId).toBe('na');
  });

  it('names the AI singer in the summary when it performs', async () => {
    const withSinger = aProfile({ voiceclones: [aVoiceClone('vc-1', 'My Voice', { status: 'READY' })] });
    vi.stubGlobal(
      'fetch',
      mockFetch({
        ...common,
        'GET /api/user/bops_profile': { body: { statusCode: 200, data: withSinger } },
      }).fetchFn,
    );
    renderApp('/create/step-5', {
      preloadedState: signedIn({ ...readyDraft, voiceCloneId: 'vc-1' }),
      services: services(),
    });
    const summary = await screen.findByRole('region', { name: 'Your rap' });
    await waitFor(() =>
      expect(within(summary).getByText('Voice').nextElementSibling?.textContent).toBe(
        'My Voice (your AI singer), with the flow of MC Volt',
      ),
    );
  });

  it('names the artist in the summary when no AI singer performs', async () => {
    vi.stubGlobal('fetch', mockFetch(common).fetchFn);
    renderApp('/create/step-5', { preloadedState: signedIn(readyDraft), services: services() });
    const summary = await screen.findByRole('region', { name: 'Your rap' });
    await waitFor(() =>
      expect(within(summary).getByText('Voice').nextElementSibling?.textContent).toBe('MC Volt'),
    );
  });

  it('checks the e-mail, then shows the daily limit and generic failures in the wording of docs/PRODUCT.md#errors', async () => {
    let answer = { status: 429, body: { statusCode: 429, error: 'Too Many Requests', message: 'limit' } };
    vi.stubGlobal('fetch', mockFetch({ ...common, 'POST /api/music/createMusic/v3': () => answer }).fetchFn);
    const user = userEvent.setup();
    renderApp('/create/step-5', { preloadedState: signedIn(readyDraft), services: services() });
    const email = await screen.findByLabelText(/Email/);
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Create my rap' }));
    expect(screen.getByText('Email is invalid')).toBeTruthy();
    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Create my rap' }));
    expect(await screen.findByText(DAILY_LIMIT_MESSAGE)).toBeTruthy();
    answer = { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } };
    await user.click(screen.getByRole('button', { name: 'Create my rap' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
    expect(window.sessionStorage.getItem(COUNTDOWN_STORAGE_KEY)).toBeNull();
  });

  it('creates: sends the body of docs/PRODUCT.md#entities, starts the countdown on the estimation + 2 s and opens the progress view', async () => {
    let created = false;
    const { fetchFn, calls } = mockFetch({
      ...common,
      // The server counts the new process once the creation is in.
      'GET /api/music/processes': () => ({ body: { statusCode: 200, data: { count: created ? 1 : 0 } } }),
      'POST /api/music/createMusic/v3': () => {
        created = true;
        return {
          body: {
            statusCode: 200,
            data: { submitted: true, tasks: ['task-1'], task_id: 'task-1', estimation: 10, musicId: 'm1' },
          },
        };
      },
      'GET /api/music/creations/task-1': {
        body: {
          statusCode: 200,
          data: {
            taskId: 'task-1',
            musicId: 'm1',
            status: 'running',
            phase: 'placing-on-beat',
            progress: 0.4,
            estimation: 10,
            error: null,
          },
        },
      },
    });
    vi.stubGlobal('fetch', fetchFn);
    const user = userEvent.setup();
    const started = Date.now();
    const { store } = renderApp('/create/step-5', {
      preloadedState: signedIn(readyDraft),
      services: services(),
    });
    await user.click(await screen.findByRole('button', { name: 'Create my rap' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/create/step-6?task=task-1'),
    );
    const body = JSON.parse(String(calls.find((call) => call.url.endsWith('/createMusic/v3'))!.init?.body));
    expect(body).toEqual({
      creatorNickname: 'Ada',
      musicName: 'Night Shift',
      musicContext: 'Late night coding\nShip it tonight',
      prompt: 'coding late',
      style: 'straight',
      contactEmail: '',
      artist_id: 'mc-volt',
      voice_clone_id: '',
      vocal_artist_id: '',
      mixmusic_id: 'na',
      version: '1.0',
    });
    const [task] = JSON.parse(window.sessionStorage.getItem(COUNTDOWN_STORAGE_KEY)!);
    expect(task).toMatchObject({ taskId: 'task-1', duration: 12_000, musicId: 'm1' });
    expect(task.startTimestamp).toBeGreaterThanOrEqual(started);
    await waitFor(() => expect(store.getState().creation.processCount).toBe(1));
    // jsdom has no EventSource: the view asks the server instead and shows its phase.
    await waitFor(() =>
      expect(screen.getByTestId('rap-progress-phase').textContent).toBe('Finding the flow'),
    );
    expect(screen.getByText('Phase 4 of 8')).toBeTruthy();
    expect(screen.getByTestId('rap-countdown').textContent).toMatch(/^About 0:1[12] left$/);
    // The form is done: the next rap starts clean.
    expect(store.getState().creation.draft.musicName).toBe('');
  });
});
