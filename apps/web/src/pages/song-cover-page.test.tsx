import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type * as Analytics from '../analytics/analytics.ts';
import { COUNTDOWN_STORAGE_KEY } from '../countdown/countdown-tasks.ts';
import { mockFetch, renderApp, sampleProfile, signedInServices, signedInState } from '../test/test-app.tsx';

const tracked = vi.hoisted(() => [] as Array<{ name: string; payload: unknown }>);
vi.mock('../analytics/analytics.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Analytics>()),
  track: (name: string, payload: unknown) => void tracked.push({ name, payload }),
}));

const singer = (id: string, name: string, status: string) => ({
  voice_clone_id: id,
  voice_clone_nickname: name,
  imageFileUrl: '',
  status,
});

function profileWith(voiceclones: unknown[]) {
  return { body: { statusCode: 200, data: { ...sampleProfile, voiceclones } } };
}

const linksUnavailable = {
  body: {
    statusCode: 200,
    data: {
      linkImport: {
        available: false,
        reason:
          "Song links can't be used on this server (yt-dlp is not installed). Please upload the song file instead.",
        sites: ['YouTube', 'TikTok'],
      },
    },
  },
};
const linksAvailable = {
  body: { statusCode: 200, data: { linkImport: { available: true, reason: '', sites: ['YouTube'] } } },
};

const open = () =>
  renderApp('/create/song-cover', { preloadedState: signedInState, services: signedInServices() });

describe('the song remix page', () => {
  it('says the person has no AI singer yet and offers to create one', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({
        'GET /api/user/bops_profile': profileWith([]),
        'GET /api/music/song_cover/options': linksAvailable,
      }).fetchFn,
    );
    const user = userEvent.setup();
    open();
    expect(await screen.findByText("Sorry, you haven't created an AI singer yet.")).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Create an AI singer' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/create/voice-cloning/step-1'),
    );
  });

  it('says a chosen AI singer is not ready, and sends nothing', async () => {
    const { fetchFn, calls } = mockFetch({
      'GET /api/user/bops_profile': profileWith([singer('v1', 'Ada Sings', 'processing')]),
      'GET /api/music/song_cover/options': linksAvailable,
    });
    vi.stubGlobal('fetch', fetchFn);
    const user = userEvent.setup();
    open();
    expect(await screen.findByTestId('song-cover-not-ready')).toHaveProperty(
      'textContent',
      'Voice is not ready to use yet. Please try again later.',
    );
    await user.type(screen.getByRole('textbox', { name: /Song title/ }), 'Hello');
    await user.type(screen.getByRole('textbox', { name: /Song URL/ }), 'https://youtu.be/dQw4w9WgXcQ');
    await user.click(screen.getByRole('button', { name: 'Remix it' }));
    expect(calls.some((call) => call.url.endsWith('/create_song_cover'))).toBe(false);
  });

  it('starts on the upload when links cannot be fetched, says why, and offers the upload after a link', async () => {
    const { fetchFn, calls } = mockFetch({
      'GET /api/user/bops_profile': profileWith([singer('v1', 'Ada Sings', 'ready')]),
      'GET /api/music/song_cover/options': linksUnavailable,
    });
    vi.stubGlobal('fetch', fetchFn);
    const user = userEvent.setup();
    open();
    expect((await screen.findByTestId('song-cover-links-unavailable')).textContent).toMatch(
      /yt-dlp is not installed\)\. Please upload the song file instead\./,
    );
    expect(screen.getByTestId('song-cover-drop')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Song link' }));
    await user.type(screen.getByRole('textbox', { name: /Song title/ }), 'Linked');
    await user.type(screen.getByRole('textbox', { name: /Song URL/ }), 'https://youtu.be/dQw4w9WgXcQ');
    await user.click(screen.getByRole('button', { name: 'Remix it' }));
    // Answered here, with why: nothing is sent that the server would refuse.
    expect(
      screen.getByText(/yt-dlp is not installed\)\. Please upload the song file instead\./, {
        selector: 'p',
      }),
    ).toBeTruthy();
    expect(calls.some((call) => call.url.endsWith('/create_song_cover'))).toBe(false);
    const offers = screen.getAllByRole('button', { name: 'Upload the song file instead' });
    await user.click(offers[0]!);
    expect(screen.getByTestId('song-cover-drop')).toBeTruthy();
  });

  it('uploads a dropped song with the options, starts the countdown and follows the remix', async () => {
    tracked.length = 0;
    window.sessionStorage.clear();
    const { fetchFn, calls } = mockFetch({
      'GET /api/user/bops_profile': profileWith([singer('v1', 'Ada Sings', 'ready')]),
      'GET /api/music/song_cover/options': linksUnavailable,
      'POST /api/music/create_song_cover': {
        body: {
          statusCode: 200,
          data: {
            submitted: true,
            tasks: ['t1'],
            task_id: 't1',
            estimation: 40,
            musicId: 'm1',
            creatorNickname: 'Ada Sings',
          },
        },
      },
      'GET /api/music/creations/t1': {
        body: {
          statusCode: 200,
          data: {
            taskId: 't1',
            musicId: 'm1',
            status: 'running',
            phase: 'separating-vocals',
            progress: 0.2,
            estimation: 40,
            error: null,
          },
        },
      },
    });
    vi.stubGlobal('fetch', fetchFn);
    const user = userEvent.setup();
    open();
    await user.type(await screen.findByRole('textbox', { name: /Song title/ }), 'Dropped');
    await user.upload(
      screen.getByTestId('song-cover-file-input'),
      new File([new Uint8Array(2048)], 'song.mp3', { type: 'audio/mpeg' }),
    );
    expect(screen.getByText('song.mp3 (0.0 MB)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remix it' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/create/song-cover?task=t1'),
    );
    const sent = calls.find((call) => call.url.endsWith('/create_song_cover'))!;
    const form = sent.init!.body as FormData;
    expect(Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({
      voice_clone_id: 'v1',
      song_title: 'Dropped',
      shift: 'auto',
      vocal_level: '0',
    });
    expect((form.get('song') as File).name).toBe('song.mp3');
    expect(tracked.map((each) => each.name)).toEqual(['submit_song_remix', 'create']);
    expect(window.sessionStorage.getItem(COUNTDOWN_STORAGE_KEY)).toContain('"taskId":"t1"');
    // The phase is the heading and also the current step of the list, which may render first on a slow run.
    expect(await screen.findByRole('heading', { name: 'Separating the vocals' })).toBeTruthy();
    expect(screen.getByTestId('songCover-countdown').textContent).toMatch(/^About 0:4\d left$/);
  });

  it('shows the failure wording of docs/PRODUCT.md#errors when the server fails', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({
        'GET /api/user/bops_profile': profileWith([singer('v1', 'Ada Sings', 'ready')]),
        'GET /api/music/song_cover/options': linksAvailable,
        'POST /api/music/create_song_cover': {
          status: 500,
          body: { statusCode: 500, message: 'Something went wrong.' },
        },
      }).fetchFn,
    );
    const user = userEvent.setup();
    open();
    await user.type(await screen.findByRole('textbox', { name: /Song title/ }), 'Oops');
    await user.type(screen.getByRole('textbox', { name: /Song URL/ }), 'https://youtu.be/dQw4w9WgXcQ');
    await user.click(screen.getByRole('button', { name: 'Remix it' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Sorry, something went wrongPlease try again.');
  });
});
