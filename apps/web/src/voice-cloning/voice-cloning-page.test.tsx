import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Analytics from '../analytics/analytics.ts';
import { Status } from '../store/status.ts';
import { mockFetch, renderApp, sampleProfile, signedInServices, signedInState } from '../test/test-app.tsx';

const tracked = vi.hoisted(() => [] as string[]);
vi.mock('../analytics/analytics.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Analytics>()),
  track: (name: string) => void tracked.push(name),
}));

const signedIn = signedInState;

const services = signedInServices;

const voiceId = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

function details(status: 'processing' | 'ready' | 'failed', extra: Record<string, string> = {}) {
  return {
    statusCode: 200,
    data: {
      voice_clone_id: voiceId,
      voice_clone_nickname: 'Ada Sings',
      imageFileUrl: '',
      status,
      failure_reason: '',
      created: new Date().toISOString(),
      ...extra,
    },
  };
}

async function chooseRecording(user: ReturnType<typeof userEvent.setup>, file: File) {
  await user.click(await screen.findByRole('tab', { name: 'Upload' }));
  await user.upload(screen.getByTestId('audio-input'), file);
}

afterEach(() => {
  tracked.length = 0;
  Reflect.deleteProperty(navigator, 'mediaDevices');
  window.sessionStorage.clear();
});

describe('voice cloning, step 1', () => {
  it('says the browser cannot record when MediaRecorder or the microphone API is missing', async () => {
    vi.stubGlobal('fetch', mockFetch({}).fetchFn);
    renderApp('/create/voice-cloning/step-1', { preloadedState: signedIn, services: services() });
    expect(await screen.findByText('Sorry, your browser does not support audio recording')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start recording' })).toBeNull();
    // Uploading still works.
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Upload' }));
    expect(screen.getByRole('button', { name: 'Choose a recording' })).toBeTruthy();
  });

  it('requires the 18+ and terms confirmation before anything is sent, then submits and follows the build', async () => {
    const { fetchFn, calls } = mockFetch({
      'POST /api/music/voice_clone/create/v2': {
        body: {
          statusCode: 200,
          data: {
            recording: `/api/music/voice_clone/${voiceId}/sample`,
            voiceProfileId: voiceId,
            estimation: 7,
          },
        },
      },
      'POST /api/music/voice_clone/retrieve': { body: details('processing') },
    });
    vi.stubGlobal('fetch', fetchFn);
    const user = userEvent.setup();
    const { store } = renderApp('/create/voice-cloning/step-1', {
      preloadedState: signedIn,
      services: services(),
    });
    await chooseRecording(user, new File(['RIFF....WAVE'], 'me.wav', { type: 'audio/wav' }));
    expect(tracked).toContain('upload_voice_file');
    await user.type(screen.getByLabelText(/Voice nickname/), 'Ada Sings');
    const terms = screen.getByRole('checkbox', {
      name: /I am 18 or older and agree to the Terms and Conditions/,
    });
    expect(screen.getByRole('link', { name: 'Terms and Conditions' }).getAttribute('href')).toBe(
      '/terms-and-conditions',
    );
    await user.click(screen.getByRole('button', { name: 'Create my AI singer' }));
    expect(
      screen.getByText('Please confirm that you are 18 or older and agree to the Terms and Conditions.'),
    ).toBeTruthy();
    expect(calls.some((call) => call.url.includes('voice_clone/create'))).toBe(false);

    await user.click(terms);
    await user.click(screen.getByRole('button', { name: 'Create my AI singer' }));
    expect(await screen.findByText('Building Ada Sings')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe(`/create/voice-cloning/step-2?id=${voiceId}`);
    const create = calls.find((call) => call.url === '/api/music/voice_clone/create/v2');
    const form = create?.init?.body as FormData;
    expect(form.get('voice_clone_nickname')).toBe('Ada Sings');
    expect(form.get('terms')).toBe('true');
    expect((form.get('audio') as File).name).toBe('me.wav');
    expect(form.get('photo')).toBeNull();
    expect(tracked).toContain('submit_voice_clone');
    expect(store.getState().voiceProfile.createStatus).toBe(Status.SUCCESS);
    // The server's estimate (7 s) plus 2 s.
    expect(screen.getByText(/ready in about [89] seconds/)).toBeTruthy();
    expect(screen.getByText(/we will e-mail you/)).toBeTruthy();
  });

  it("shows the server's message when it refuses the sample, and its own wording for a file too large", async () => {
    let answer = {
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'This recording is silent. Please check your microphone and record again.',
      },
    };
    const { fetchFn } = mockFetch({ 'POST /api/music/voice_clone/create/v2': () => answer });
    vi.stubGlobal('fetch', fetchFn);
    const user = userEvent.setup();
    const { store } = renderApp('/create/voice-cloning/step-1', {
      preloadedState: signedIn,
      services: services(),
    });
    await chooseRecording(user, new File(['x'], 'quiet.ogg', { type: 'audio/ogg' }));
    await user.type(screen.getByLabelText(/Voice nickname/), 'Quiet');
    await user.click(screen.getByRole('checkbox', { name: /I am 18 or older/ }));
    await user.click(screen.getByRole('button', { name: 'Create my AI singer' }));
    expect(
      await screen.findByText('This recording is silent. Please check your microphone and record again.'),
    ).toBeTruthy();
    expect(store.getState().voiceProfile.createStatus).toBe(Status.ERROR);

    answer = { status: 413, body: { statusCode: 413, error: 'Payload Too Large', message: 'big' } };
    await user.click(screen.getByRole('button', { name: 'Create my AI singer' }));
    expect(await screen.findByText('This file is too large.')).toBeTruthy();

    answer = {
      status: 500,
      body: { statusCode: 500, error: 'x', message: 'Something went wrong. Please try again.' },
    };
    await user.click(screen.getByRole('button', { name: 'Create my AI singer' }));
    expect(await screen.findByText('Sorry, something went wrong')).toBeTruthy();
    expect(screen.getByText('Please try again.')).toBeTruthy();
  });

  it('records with start, pause, resume and finish, and refuses a take under 20 seconds', async () => {
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const recorders: { calls: string[] }[] = [];
    class FakeMediaRecorder {
      static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
      mimeType = 'audio/webm;codecs=opus';
      state = 'inactive';
      calls: string[] = [];
      ondataavailable: ((event: { data: Blob }) => void) | null = null;
      onstop: (() => void) | null = null;
      onerror = null;
      constructor() {
        recorders.push(this);
      }
      start() {
        this.calls.push('start');
        this.state = 'recording';
      }
      pause() {
        this.calls.push('pause');
      }
      resume() {
        this.calls.push('resume');
      }
      stop() {
        this.calls.push('stop');
        this.state = 'inactive';
        queueMicrotask(() => this.onstop?.());
      }
    }
    vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
    const stop = vi.fn();
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop }] })) },
    });
    vi.stubGlobal('fetch', mockFetch({}).fetchFn);
    const user = userEvent.setup();
    renderApp('/create/voice-cloning/step-1', { preloadedState: signedIn, services: services() });
    expect(await screen.findByText(/do ↗ re ↗ mi/)).toBeTruthy();
    expect(screen.getByText(/Aim for about 40 seconds/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeTruthy();
    now = 7000;
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByTestId('recording-timer').textContent).toBe('00:07');
    now = 60_000;
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    now = 65_000;
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.getByTestId('recording-timer').textContent).toBe('00:12');
    expect(screen.getByText('8 more seconds to reach the 20-second minimum')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Please record a voice sample that is at least 20 seconds long.',
    );
    expect(recorders[0]!.calls).toEqual(['start', 'pause', 'resume', 'stop']);
    expect(stop).toHaveBeenCalled();
    expect(tracked).toEqual([
      'record_voice_start',
      'record_voice_pause',
      'record_voice_resume',
      'record_voice_finish',
    ]);

    // A long enough take is kept and counts as the sample.
    await user.click(screen.getByRole('button', { name: 'Start recording' }));
    now = 90_000;
    await user.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(await screen.findByText(/Your recording \(00:25\) is ready/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Record again' })).toBeTruthy();
  });
});

describe('voice cloning, step 2', () => {
  it('polls until the AI singer is ready, then offers to make a rap with it', async () => {
    let status: 'processing' | 'ready' = 'processing';
    let phase = 'finding-voice';
    const { fetchFn, calls } = mockFetch({
      'POST /api/music/voice_clone/retrieve': () => ({ body: details(status, { build_phase: phase }) }),
      'GET /api/user/bops_profile': {
        body: {
          statusCode: 200,
          data: {
            ...sampleProfile,
            voiceclones: [
              {
                voice_clone_id: voiceId,
                voice_clone_nickname: 'Ada Sings',
                imageFileUrl: '',
                status: 'ready',
              },
            ],
          },
        },
      },
    });
    vi.stubGlobal('fetch', fetchFn);
    const { store } = renderApp(`/create/voice-cloning/step-2?id=${voiceId}`, {
      preloadedState: signedIn,
      services: services(),
    });
    expect(await screen.findByText('Building Ada Sings')).toBeTruthy();
    // The phase the job reported, not one stretched over a clock.
    expect(screen.getByText('Phase 3 of 5')).toBeTruthy();
    expect(screen.getByText('Finding your voice')).toBeTruthy();
    phase = 'building';
    expect(await screen.findByText('Building your AI singer', {}, { timeout: 6000 })).toBeTruthy();
    expect(screen.getByText('Phase 4 of 5')).toBeTruthy();
    const firstBody = calls.find((call) => call.url === '/api/music/voice_clone/retrieve')?.init?.body;
    expect(JSON.parse(String(firstBody))).toEqual({ voice_clone_id: voiceId });
    status = 'ready';
    expect(await screen.findByText('Your AI singer is ready', {}, { timeout: 6000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Make a rap with it' }).getAttribute('href')).toBe(
      '/create/step-1',
    );
    // The account area learns about the new singer, so the rap flow can offer it.
    await waitFor(() => expect(store.getState().account.user?.voiceClones[0]?.status).toBe('ready'));
    const polls = calls.filter((call) => call.url === '/api/music/voice_clone/retrieve').length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 2500)));
    expect(calls.filter((call) => call.url === '/api/music/voice_clone/retrieve').length).toBe(polls);
  });

  it('shows why a build failed', async () => {
    const { fetchFn } = mockFetch({
      'POST /api/music/voice_clone/retrieve': {
        body: details('failed', { failure_reason: 'The voice sample is missing. Please record it again.' }),
      },
    });
    vi.stubGlobal('fetch', fetchFn);
    renderApp(`/create/voice-cloning/step-2?id=${voiceId}`, {
      preloadedState: signedIn,
      services: services(),
    });
    expect(await screen.findByText('The voice sample is missing. Please record it again.')).toBeTruthy();
    expect(screen.getByText('Your AI singer could not be built')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Record again' }).getAttribute('href')).toBe(
      '/create/voice-cloning/step-1',
    );
  });

  it('asks nothing of the server without an id, and sends unknown steps back to step 1', async () => {
    const { fetchFn, calls } = mockFetch({});
    vi.stubGlobal('fetch', fetchFn);
    renderApp('/create/voice-cloning/step-2', { preloadedState: signedIn, services: services() });
    expect(await screen.findByText(/There is no such AI singer/)).toBeTruthy();
    expect(calls.some((call) => call.url.includes('voice_clone'))).toBe(false);
  });

  it('turns step 3 and beyond into step 1', async () => {
    vi.stubGlobal('fetch', mockFetch({}).fetchFn);
    renderApp('/create/voice-cloning/step-7', { preloadedState: signedIn, services: services() });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/create/voice-cloning/step-1'),
    );
  });
});
