import { VOICE_SAMPLE_MAX_SECONDS, VOICE_SAMPLE_MIN_SECONDS } from '@bops/shared';

/** docs/PRODUCT.md#validation: shorter samples can't be learnt from. */
export const MIN_RECORDING_MS = VOICE_SAMPLE_MIN_SECONDS * 1000;
/** What the instruction asks for (about 40 s including high and low notes). */
export const SUGGESTED_RECORDING_MS = 40_000;
/** The server refuses longer samples, so the recorder stops there on its own. */
export const MAX_RECORDING_MS = VOICE_SAMPLE_MAX_SECONDS * 1000;

export type RecorderStatus = 'idle' | 'starting' | 'recording' | 'paused' | 'stopping' | 'finished';
export type RecorderProblem = 'unsupported' | 'denied' | 'tooShort' | 'failed';

export interface RecordedSample {
  blob: Blob;
  durationMs: number;
  mimeType: string;
  fileName: string;
}

export interface RecorderSnapshot {
  status: RecorderStatus;
  problem: RecorderProblem | null;
  sample: RecordedSample | null;
}

/** The part of MediaRecorder the recorder drives, so tests can stand in for the browser. */
export interface MediaRecorderLike {
  readonly mimeType: string;
  readonly state: 'inactive' | 'recording' | 'paused';
  ondataavailable: ((event: { data: Blob }) => void) | null;
  onstop: (() => void) | null;
  onerror: ((event: unknown) => void) | null;
  start(timeslice?: number): void;
  pause(): void;
  resume(): void;
  stop(): void;
}

export interface RecorderEnvironment {
  getUserMedia: ((constraints: MediaStreamConstraints) => Promise<MediaStream>) | null;
  createRecorder: ((stream: MediaStream, mimeType: string | undefined) => MediaRecorderLike) | null;
  /** Container types the browser can record, in our order of preference; empty lets the browser choose. */
  supportedMimeTypes: string[];
  now(): number;
}

/** Formats the server reads from a browser recording (webm/opus, ogg/opus, mp4/aac), best first. */
const preferredMimeTypes = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

export function browserRecorderEnvironment(): RecorderEnvironment {
  const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
  const Recorder = typeof MediaRecorder === 'function' ? MediaRecorder : undefined;
  return {
    getUserMedia: media?.getUserMedia ? (constraints) => media.getUserMedia(constraints) : null,
    createRecorder: Recorder
      ? (stream, mimeType) =>
          new Recorder(stream, mimeType ? { mimeType } : undefined) as unknown as MediaRecorderLike
      : null,
    supportedMimeTypes: Recorder
      ? preferredMimeTypes.filter((type) => Recorder.isTypeSupported?.(type) ?? false)
      : [],
    now: () => performance.now(),
  };
}

/** Recording needs both the microphone API and MediaRecorder (docs/PRODUCT.md#errors otherwise). */
export function canRecord(env: RecorderEnvironment): boolean {
  return env.getUserMedia !== null && env.createRecorder !== null;
}

export function fileNameFor(mimeType: string): string {
  const type = mimeType.split(';')[0]?.trim() ?? '';
  const extension = type === 'audio/mp4' ? 'm4a' : type === 'audio/ogg' ? 'ogg' : 'webm';
  return `voice-sample.${extension}`;
}

/**
 * Start → pause ⇄ resume → finish, with a running time that leaves out the paused stretches. A finish before
 * 20 s throws the take away and says why, so nothing too short ever reaches the form.
 */
export class VoiceRecorder {
  readonly #env: RecorderEnvironment;
  readonly #listeners = new Set<() => void>();
  #snapshot: RecorderSnapshot = { status: 'idle', problem: null, sample: null };
  #stream: MediaStream | null = null;
  #recorder: MediaRecorderLike | null = null;
  #chunks: Blob[] = [];
  /** Time recorded before the current stretch began. */
  #accumulatedMs = 0;
  /** When the current stretch of recording began; null while paused or stopped. */
  #stretchStartedAt: number | null = null;
  /** Bumped on every reset, so a late microphone answer for an abandoned take is ignored. */
  #take = 0;

  constructor(env: RecorderEnvironment) {
    this.#env = env;
  }

  get supported(): boolean {
    return canRecord(this.#env);
  }

  getSnapshot = (): RecorderSnapshot => this.#snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** Milliseconds of sound recorded so far (paused time excluded). */
  elapsedMs(): number {
    const running = this.#stretchStartedAt === null ? 0 : this.#env.now() - this.#stretchStartedAt;
    return this.#accumulatedMs + running;
  }

  #set(next: Partial<RecorderSnapshot>) {
    this.#snapshot = { ...this.#snapshot, ...next };
    for (const listener of this.#listeners) listener();
  }

  async start(): Promise<void> {
    const status = this.#snapshot.status;
    if (status !== 'idle' && status !== 'finished') return;
    if (!canRecord(this.#env)) {
      this.#set({ problem: 'unsupported' });
      return;
    }
    this.#discard();
    const take = this.#take;
    this.#set({ status: 'starting', problem: null, sample: null });
    let stream: MediaStream;
    try {
      stream = await this.#env.getUserMedia!({ audio: { echoCancellation: false, noiseSuppression: false } });
    } catch (error) {
      if (take !== this.#take) return;
      const name = (error as { name?: string } | null)?.name;
      this.#set({
        status: 'idle',
        problem: name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'failed',
      });
      return;
    }
    if (take !== this.#take) {
      stopTracks(stream);
      return;
    }
    let recorder: MediaRecorderLike;
    try {
      recorder = this.#env.createRecorder!(stream, this.#env.supportedMimeTypes[0]);
    } catch {
      stopTracks(stream);
      this.#set({ status: 'idle', problem: 'failed' });
      return;
    }
    this.#stream = stream;
    this.#recorder = recorder;
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) this.#chunks.push(event.data);
    };
    recorder.onerror = () => {
      this.#release();
      this.#set({ status: 'idle', problem: 'failed', sample: null });
    };
    // Chunks every second, so a take survives a recorder that dies near the end.
    recorder.start(1000);
    this.#accumulatedMs = 0;
    this.#stretchStartedAt = this.#env.now();
    this.#set({ status: 'recording' });
  }

  pause(): void {
    if (this.#snapshot.status !== 'recording' || !this.#recorder) return;
    this.#recorder.pause();
    this.#accumulatedMs = this.elapsedMs();
    this.#stretchStartedAt = null;
    this.#set({ status: 'paused' });
  }

  resume(): void {
    if (this.#snapshot.status !== 'paused' || !this.#recorder) return;
    this.#recorder.resume();
    this.#stretchStartedAt = this.#env.now();
    this.#set({ status: 'recording' });
  }

  /** Stops the take; resolves with the sample, or null when it was too short (the problem says so). */
  finish(): Promise<RecordedSample | null> {
    const status = this.#snapshot.status;
    const recorder = this.#recorder;
    if ((status !== 'recording' && status !== 'paused') || !recorder) return Promise.resolve(null);
    const durationMs = this.elapsedMs();
    this.#accumulatedMs = durationMs;
    this.#stretchStartedAt = null;
    if (durationMs < MIN_RECORDING_MS) {
      recorder.onstop = null;
      recorder.ondataavailable = null;
      recorder.stop();
      this.#release();
      this.#accumulatedMs = 0;
      this.#set({ status: 'idle', problem: 'tooShort', sample: null });
      return Promise.resolve(null);
    }
    this.#set({ status: 'stopping' });
    return new Promise((resolve) => {
      // The last chunk arrives before `stop`, so the blob is whole only then.
      recorder.onstop = () => {
        const mimeType = recorder.mimeType || this.#env.supportedMimeTypes[0] || 'audio/webm';
        const sample: RecordedSample = {
          blob: new Blob(this.#chunks, { type: mimeType }),
          durationMs,
          mimeType,
          fileName: fileNameFor(mimeType),
        };
        this.#release();
        this.#set({ status: 'finished', sample });
        resolve(sample);
      };
      recorder.stop();
    });
  }

  /** Throws the take away (a new recording, or leaving the page). */
  reset(): void {
    this.#discard();
    this.#set({ status: 'idle', problem: null, sample: null });
  }

  #discard() {
    this.#take += 1;
    if (this.#recorder && this.#recorder.state !== 'inactive') {
      this.#recorder.onstop = null;
      this.#recorder.ondataavailable = null;
      this.#recorder.stop();
    }
    this.#release();
    this.#accumulatedMs = 0;
    this.#stretchStartedAt = null;
  }

  #release() {
    if (this.#stream) stopTracks(this.#stream);
    this.#stream = null;
    this.#recorder = null;
    this.#chunks = [];
  }
}

function stopTracks(stream: MediaStream) {
  for (const track of stream.getTracks()) track.stop();
}
