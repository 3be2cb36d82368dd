import { createRequire } from 'node:module';
import type { BeatsPerMinute, Hz } from '../units.ts';
import { resample } from '../dsp/resampler.ts';

interface EssentiaVector {
  delete?(): void;
}
interface EssentiaInstance {
  arrayToVector(x: Float32Array): EssentiaVector;
  RhythmExtractor2013(
    signal: EssentiaVector,
    maxTempo?: number,
    method?: string,
    minTempo?: number,
  ): { bpm: number; confidence: number };
  KeyExtractor(audio: EssentiaVector): { key: string; scale: string; strength: number };
}

let essentia: EssentiaInstance | undefined;

/** Essentia.js (WASM): loaded on first use, ~0.3 s, then reused by the worker. */
function loadEssentia(): EssentiaInstance {
  if (!essentia) {
    const require = createRequire(import.meta.url);
    // The package root also loads model and plotting add-ons we do not need.
    const wasm = require('essentia.js/dist/essentia-wasm.umd.js') as unknown;
    const Core = require('essentia.js/dist/essentia.js-core.umd.js') as new (
      wasm: unknown,
    ) => EssentiaInstance;
    essentia = new Core(wasm);
  }
  return essentia;
}

export interface TempoAndKey {
  bpm: BeatsPerMinute;
  bpmConfidence: number;
  key: string;
  keyStrength: number;
}

/** BPM (RhythmExtractor2013, degara) and key (KeyExtractor) of a mono signal; analyses at most `maxSeconds`. */
export function estimateTempoAndKey(
  mono: Float32Array,
  sampleRate: Hz,
  { maxSeconds = 60 } = {},
): TempoAndKey {
  const es = loadEssentia();
  const clip = mono.subarray(0, Math.min(mono.length, Math.round(maxSeconds * sampleRate)));
  const x = sampleRate === 44100 ? clip : resample(clip, sampleRate, 44100);
  const vector = es.arrayToVector(x);
  try {
    const rhythm = es.RhythmExtractor2013(vector, 208, 'degara', 40);
    const key = es.KeyExtractor(vector);
    return {
      bpm: Math.round(rhythm.bpm * 10) / 10,
      bpmConfidence: rhythm.confidence,
      key: `${key.key} ${key.scale}`,
      keyStrength: key.strength,
    };
  } finally {
    vector.delete?.();
  }
}
