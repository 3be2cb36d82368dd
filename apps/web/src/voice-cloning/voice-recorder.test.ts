import { describe, expect, it, vi } from 'vitest';
import {
  canRecord,
  fileNameFor,
  VoiceRecorder,
  type MediaRecorderLike,
  type RecorderEnvironment,
} from './voice-recorder.ts';

class FakeRecorder implements MediaRecorderLike {
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readonly calls: string[] = [];
  readonly mimeType: string;
  constructor(mimeType: string | undefined) {
    this.mimeType = mimeType ?? 'audio/webm;codecs=opus';
  }
  start(timeslice?: number) {
    this.calls.push(`start:${timeslice}`);
    this.state = 'recording';
  }
  pause() {
    this.calls.push('pause');
    this.state = 'paused';
  }
  resume() {
    this.calls.push('resume');
    this.state = 'recording';
  }
  stop() {
    this.calls.push('stop');
    this.state = 'inactive';
    // A browser delivers the last chunk, then `stop`, on later tasks.
    queueMicrotask(() => {
      this.ondataavailable?.({ data: new Blob(['tail'], { type: this.mimeType }) });
      this.onstop?.();
    });
  }
  emit(text: string) {
    this.ondataavailable?.({ data: new Blob([text], { type: this.mimeType }) });
  }
}

function setup(overrides: Partial<RecorderEnvironment> = {}) {
  let now = 1000;
  const track = { stop: vi.fn() };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  const recorders: FakeRecorder[] = [];
  const env: RecorderEnvironment = {
    getUserMedia: vi.fn(async () => stream),
    createRecorder: vi.fn((_stream: MediaStream, mimeType: string | undefined) => {
      const recorder = new FakeRecorder(mimeType);
      recorders.push(recorder);
      return recorder;
    }),
    supportedMimeTypes: ['audio/webm;codecs=opus'],
    now: () => now,
    ...overrides,
  };
  const recorder = new VoiceRecorder(env);
  return {
    recorder,
    env,
    track,
    recorders,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('the voice recorder', () => {
  it('records, pauses, resumes and finishes, counting only the time it recorded', async () => {
    const { recorder, recorders, advance, track } = setup();
    const seen: string[] = [];
    recorder.subscribe(() => seen.push(recorder.getSnapshot().status));
    await recorder.start();
    expect(recorder.getSnapshot().status).toBe('recording');
    const media = recorders[0]!;
    expect(media.calls).toEqual(['start:1000']);
    advance(12_000);
    expect(recorder.elapsedMs()).toBe(12_000);
    media.emit('a');
    recorder.pause();
    expect(recorder.getSnapshot().status).toBe('paused');
    advance(30_000);
    expect(recorder.elapsedMs()).toBe(12_000);
    recorder.resume();
    advance(10_000);
    expect(recorder.elapsedMs()).toBe(22_000);
    media.emit('b');
    const sample = await recorder.finish();
    expect(media.calls).toEqual(['start:1000', 'pause', 'resume', 'stop']);
    expect(sample?.durationMs).toBe(22_000);
    expect(sample?.fileName).toBe('voice-sample.webm');
    expect(await sample?.blob.text()).toBe('abtail');
    expect(recorder.getSnapshot()).toMatchObject({ status: 'finished', problem: null, sample });
    expect(track.stop).toHaveBeenCalled();
    expect(seen).toEqual(['starting', 'recording', 'paused', 'recording', 'stopping', 'finished']);
    // The timer stands still once finished.
    advance(5000);
    expect(recorder.elapsedMs()).toBe(22_000);
  });

  it('refuses a take shorter than 20 seconds and keeps nothing of it', async () => {
    const { recorder, recorders, advance, track } = setup();
    await recorder.start();
    advance(19_999);
    expect(await recorder.finish()).toBeNull();
    expect(recorder.getSnapshot()).toEqual({ status: 'idle', problem: 'tooShort', sample: null });
    expect(recorders[0]!.calls).toContain('stop');
    expect(track.stop).toHaveBeenCalled();
    expect(recorder.elapsedMs()).toBe(0);
  });

  it('accepts a take of exactly 20 seconds even when it was paused in between', async () => {
    const { recorder, advance } = setup();
    await recorder.start();
    advance(15_000);
    recorder.pause();
    advance(60_000);
    recorder.resume();
    advance(5000);
    const sample = await recorder.finish();
    expect(sample?.durationMs).toBe(20_000);
  });

  it('starts a new take after a refused one, from zero', async () => {
    const { recorder, advance, recorders } = setup();
    await recorder.start();
    advance(5000);
    await recorder.finish();
    await recorder.start();
    expect(recorder.getSnapshot()).toMatchObject({ status: 'recording', problem: null });
    expect(recorders).toHaveLength(2);
    advance(1000);
    expect(recorder.elapsedMs()).toBe(1000);
  });

  it('says recording is unsupported without MediaRecorder or without a microphone API', async () => {
    const noRecorder = setup({ createRecorder: null });
    expect(canRecord(noRecorder.env)).toBe(false);
    expect(noRecorder.recorder.supported).toBe(false);
    await noRecorder.recorder.start();
    expect(noRecorder.recorder.getSnapshot().problem).toBe('unsupported');
    expect(noRecorder.recorder.getSnapshot().status).toBe('idle');
    const noMicrophone = setup({ getUserMedia: null });
    expect(canRecord(noMicrophone.env)).toBe(false);
    expect(canRecord(setup().env)).toBe(true);
  });

  it('tells a refused microphone apart from other failures', async () => {
    const denied = setup({
      getUserMedia: vi.fn(async () => {
        throw Object.assign(new Error('no'), { name: 'NotAllowedError' });
      }),
    });
    await denied.recorder.start();
    expect(denied.recorder.getSnapshot()).toMatchObject({ status: 'idle', problem: 'denied' });
    const broken = setup({
      getUserMedia: vi.fn(async () => {
        throw Object.assign(new Error('no device'), { name: 'NotFoundError' });
      }),
    });
    await broken.recorder.start();
    expect(broken.recorder.getSnapshot()).toMatchObject({ status: 'idle', problem: 'failed' });
  });

  it('ignores pause, resume and finish when they make no sense', async () => {
    const { recorder, recorders } = setup();
    recorder.pause();
    recorder.resume();
    expect(await recorder.finish()).toBeNull();
    expect(recorder.getSnapshot().status).toBe('idle');
    await recorder.start();
    recorder.resume();
    expect(recorders[0]!.calls).toEqual(['start:1000']);
  });

  it('lets go of the microphone when the take is thrown away', async () => {
    const { recorder, track, recorders } = setup();
    await recorder.start();
    recorder.reset();
    expect(track.stop).toHaveBeenCalled();
    expect(recorders[0]!.state).toBe('inactive');
    expect(recorder.getSnapshot()).toEqual({ status: 'idle', problem: null, sample: null });
  });

  it('names the file after what the browser recorded', () => {
    expect(fileNameFor('audio/mp4;codecs=mp4a.40.2')).toBe('voice-sample.m4a');
    expect(fileNameFor('audio/ogg;codecs=opus')).toBe('voice-sample.ogg');
    expect(fileNameFor('audio/webm;codecs=opus')).toBe('voice-sample.webm');
  });
});
