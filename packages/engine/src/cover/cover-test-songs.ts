import type { Hz, Seconds } from '../units.ts';
import type { PcmAudio } from '../pcm-audio.ts';
import { trackPitch } from '../analysis/pitch-tracker.ts';
import { seededRandom } from '../beats/seeded-random.ts';
import { synthVoice } from '../voice-clone/voice-test-signals.ts';
import type { CoverSeparator } from './cover-renderer.ts';

export interface TestSong {
  song: PcmAudio;
  /** The lead as mixed (mono, centred). */
  lead: Float32Array;
  accompaniment: [Float32Array, Float32Array];
}

/**
 * A deterministic song with known stems: a voice-like lead in the centre (gliding pitch, syllables,
 * pauses) over chords panned left, a centred bass and noise hats panned right.
 */
export function makeTestSong(options: {
  seconds: Seconds;
  sampleRate?: Hz;
  lowHz?: Hz;
  highHz?: Hz;
  seed?: number;
}): TestSong {
  const sampleRate = options.sampleRate ?? 44100;
  const n = Math.round(options.seconds * sampleRate);
  const lead = synthVoice({
    seconds: options.seconds,
    sampleRate,
    lowHz: options.lowHz ?? 180,
    highHz: options.highHz ?? 300,
    pauseEvery: 3,
  });
  const left = new Float32Array(n);
  const right = new Float32Array(n);
  const random = seededRandom(options.seed ?? 7);
  const chords = [
    [220, 261.63, 329.63],
    [174.61, 220, 261.63],
    [196, 246.94, 293.66],
    [164.81, 196, 246.94],
  ];
  for (let i = 0; i < n; i++) {
    const t = i / sampleRate;
    const chord = chords[Math.floor(t / 2) % chords.length]!;
    let pad = 0;
    for (const f of chord) pad += Math.sin(2 * Math.PI * f * t) + 0.3 * Math.sin(4 * Math.PI * f * t);
    pad *= 0.05;
    const bass = 0.15 * Math.sin(2 * Math.PI * chord[0]! * 0.25 * t);
    const beatPhase = (t * 4) % 1;
    const hat = beatPhase < 0.05 ? 0.08 * (random() * 2 - 1) * (1 - beatPhase / 0.05) : 0;
    left[i] = 0.75 * pad + bass + 0.3 * hat;
    right[i] = 0.35 * pad + bass + hat;
  }
  const songL = new Float32Array(n);
  const songR = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    songL[i] = left[i]! + lead[i]!;
    songR[i] = right[i]! + lead[i]!;
  }
  return { song: { sampleRate, channels: [songL, songR] }, lead, accompaniment: [left, right] };
}

/**
 * A separator that already knows the stems (the lead's pitch from the engine's YIN on the clean
 * lead): what a perfect separation would give, so checks and evaluations can tell the conversion's
 * errors from the separator's.
 */
export function knownStems(
  lead: Float32Array,
  accompaniment: Float32Array[],
  sampleRate: Hz,
): CoverSeparator {
  return async () => {
    const track = trackPitch(lead, { sampleRate, minFrequency: 60, maxFrequency: 1000 });
    // YIN frame j covers [j·hop, j·hop + 1024 samples at 16 kHz]: move its time to the window's centre.
    const shift = Math.round(512 / 16000 / track.hop);
    const f0 = new Float32Array(track.frequencies.length);
    f0.set(track.frequencies.subarray(0, Math.max(0, f0.length - shift)), shift);
    return {
      vocals: { sampleRate, channels: [lead, lead] },
      accompaniment: { sampleRate, channels: accompaniment },
      leadPitch: { hop: track.hop, f0, voicing: f0.map((f) => (f > 0 ? 1 : 0)) },
    };
  };
}
