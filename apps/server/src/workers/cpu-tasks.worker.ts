import type { MessagePort } from 'node:worker_threads';
import type { AiSingerBuildPhase } from '@bops/shared/api/voice-clone';
import {
  buildSingerFromSample,
  createClonedVoiceBackend,
  VOICE_READING_SCRIPT,
  checkVoiceSample,
  isWasiNotice,
  renderArtistPreview,
  renderMusicSelection,
  renderCover,
  renderRap,
  type CoverPhase,
  type CoverRender,
  type CoverRequest,
  type RapPhase,
  type RapRender,
  type RapRequest,
  whenFliteSettled,
} from '@bops/engine';
import type { CpuTaskEnvelope } from './cpu-pool.ts';
import { checkSongFile } from './song-file-check.ts';

// The engine's voices run on WASI, which Node labels experimental once per thread; that says nothing to an
// operator, so worker threads drop it as the main thread does. Other warnings still print.
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (isWasiNotice(warning)) return;
  process.stderr.write(`${warning.name}: ${warning.message}\n`);
});

/**
 * How a task learns it was cancelled: `signal` aborts once the pool has set the shared flag and the task next looks,
 * which is whenever it reports progress or its thread's event loop turns (between the lines a voice says).
 */
export interface CpuTaskControls {
  signal: AbortSignal;
  /** Looks at the flag now (a task calls it at its own checkpoints; progress reports call it too). */
  check(): void;
}

/** What a render reports while it runs, through the MessagePort it was given. */
export interface ProgressMessage<Phase extends string = RapPhase> {
  phase: Phase;
  fraction: number;
}

/**
 * The tasks a worker thread can run, by name. Each takes and returns structured-cloneable values;
 * progress, where a task has it, goes through a MessagePort passed in the input.
 */
export const cpuTasks = {
  /** A finished rap: lyrics, artist and beat in; mastered MP3, timings and waveform out. */
  'render-rap': async (
    input: {
      request: RapRequest;
      voiceModel?: Uint8Array;
      /** The AI singer's name, credited in the lyric file when `voiceModel` sings. */
      singerName?: string;
      progress?: MessagePort;
    },
    { signal, check }: CpuTaskControls,
  ): Promise<RapRender> => {
    try {
      return await renderRap(input.request, {
        signal,
        onProgress: (phase, fraction) => {
          check();
          input.progress?.postMessage({ phase, fraction } satisfies ProgressMessage);
        },
        // A person's AI singer: the words come out in their own recorded sound.
        ...(input.voiceModel
          ? {
              voiceBackend: createClonedVoiceBackend(input.voiceModel),
              ...(input.singerName ? { singerName: input.singerName } : {}),
            }
          : {}),
      });
    } finally {
      input.progress?.close();
    }
  },

  /** Is this upload a song we can cover? Decoded (up to the length limit) off the event loop. */
  'check-song-file': (input: { bytes: Uint8Array; fromLink?: boolean }) =>
    checkSongFile(input.bytes, { fromLink: input.fromLink ?? false }),

  /** A song re-sung by a person's AI singer: the cover MP3 and its two stems. */
  'render-cover': async (
    input: { request: CoverRequest; progress?: MessagePort },
    { signal, check }: CpuTaskControls,
  ): Promise<CoverRender> => {
    try {
      return await renderCover(input.request, {
        signal,
        onProgress: (phase, fraction) => {
          check();
          input.progress?.postMessage({ phase, fraction } satisfies ProgressMessage<CoverPhase>);
        },
      });
    } finally {
      input.progress?.close();
    }
  },

  /** A catalogue beat on its own (the music selection preview) and its cover. */
  'render-music-selection': (input: { id: string; bars?: number }, { signal }: CpuTaskControls) =>
    renderMusicSelection(input.id, { signal, ...(input.bars ? { bars: input.bars } : {}) }),

  /** A short demo of a built-in artist's voice. */
  'render-artist-preview': (input: { id: string }) => renderArtistPreview(input.id),

  /** Nothing: the pool starts a thread with it, so the engine is loaded before a task someone waits on. */
  'warm-up': (_input: Record<string, never>): null => null,

  /** Is this upload a usable voice sample? Decoded and analysed off the event loop. */
  'check-voice-sample': (input: { bytes: Uint8Array }) => checkVoiceSample(input.bytes),

  /**
   * Cleans an accepted sample and builds what the engine sings with (aligned to the guided reading
   * if it was read): the same path as `bops-engine singer build`.
   */
  'build-ai-singer': async (
    input: { bytes: Uint8Array; guided: boolean; progress?: MessagePort },
    { signal, check }: CpuTaskControls,
  ) => {
    try {
      return await buildSingerFromSample(input.bytes, {
        signal,
        ...(input.guided ? { transcript: VOICE_READING_SCRIPT } : {}),
        onPhase: (phase) => {
          check();
          input.progress?.postMessage({ phase, fraction: 0 } satisfies ProgressMessage<AiSingerBuildPhase>);
        },
      });
    } finally {
      input.progress?.close();
    }
  },
};

export type CpuTasks = typeof cpuTasks;
export type CpuTaskName = keyof CpuTasks;

const abortedOf = Object.getOwnPropertyDescriptor(AbortSignal.prototype, 'aborted')!.get!;
const throwIfAbortedOf = AbortSignal.prototype.throwIfAborted;

/**
 * The cancel flag seen through an AbortSignal. The engine's checkpoints sit inside long synchronous loops, where no
 * timer or message can run, so the signal looks at the flag itself whenever it is read (`aborted`,
 * `throwIfAborted()`); the timer (every 20 ms the event loop is free) serves its listeners.
 */
export function watchCancel(cancelled: Int32Array): CpuTaskControls & { stop(): void } {
  const controller = new AbortController();
  const { signal } = controller;
  const check = () => {
    if (Atomics.load(cancelled, 0) === 1 && !abortedOf.call(signal))
      controller.abort(new DOMException('The task was cancelled.', 'AbortError'));
  };
  Object.defineProperties(signal, {
    aborted: {
      get: () => {
        check();
        return abortedOf.call(signal) as boolean;
      },
    },
    throwIfAborted: {
      value: () => {
        check();
        throwIfAbortedOf.call(signal);
      },
    },
  });
  const timer = setInterval(check, 20);
  timer.unref();
  return { signal, check, stop: () => clearInterval(timer) };
}

export default async function runCpuTask({ task, input, cancelled }: CpuTaskEnvelope): Promise<unknown> {
  const run = cpuTasks[task] as ((input: never, controls: CpuTaskControls) => unknown) | undefined;
  if (!run) throw new Error(`Unknown CPU task ${String(task)}`);
  const controls = watchCancel(cancelled);
  try {
    return await run(input as never, controls);
  } finally {
    controls.stop();
    // A task stopped early may have left lines with the flite threads; this thread is not free (to be ended with
    // them, when the pool closes or idles it out) until they have answered.
    await whenFliteSettled();
  }
}
