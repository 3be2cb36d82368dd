import type { Hz, Seconds } from '../units.ts';
import { midiToHz } from './music-theory.ts';
import { Biquad } from '../dsp/biquad-filter.ts';
import { sinCycles, softClip } from '../dsp/fast-math.ts';

/** Writes one note into `target` (added). All voices are cheap enough to render minutes in ~100 ms. */

export function bass808(
  target: Float32Array,
  sampleRate: Hz,
  start: Seconds,
  duration: Seconds,
  midi: number,
  glideFrom?: number,
  drive = 2,
): void {
  const s = Math.round(start * sampleRate);
  const n = Math.round((duration + 0.06) * sampleRate);
  const f1 = midiToHz(midi);
  const f0 = glideFrom === undefined ? f1 : midiToHz(glideFrom);
  let phase = 0;
  // Envelopes advance by multiplication: exp() per sample was the beat engine's main cost.
  const dPunch = Math.exp(-1 / (0.015 * sampleRate));
  const dBody = Math.exp(-1 / (0.9 * sampleRate));
  const dRelease = Math.exp(-1 / (0.015 * sampleRate));
  const norm = 0.5 / softClip(drive);
  let punch = 0.25;
  let body = 0.65;
  let release = 1;
  const releaseAt = Math.round(duration * sampleRate);
  for (let i = 0; i < n && s + i < target.length; i++) {
    const glide = glideFrom === undefined ? 1 : Math.min(1, i / (0.08 * sampleRate));
    phase += ((f0 + (f1 - f0) * glide) * (1 + punch)) / sampleRate;
    punch *= dPunch;
    body *= dBody;
    if (i > releaseAt) release *= dRelease;
    if (s + i < 0) continue;
    const env = Math.min(1, i / 80) * (0.35 + body) * release;
    target[s + i]! += norm * softClip(drive * sinCycles(phase)) * env;
  }
}

/** Round upright-ish bass for boom-bap and lo-fi: sine plus a little second harmonic, plucked envelope. */
export function pluckedBass(
  target: Float32Array,
  sampleRate: Hz,
  start: Seconds,
  duration: Seconds,
  midi: number,
): void {
  const s = Math.round(start * sampleRate);
  const n = Math.round((duration + 0.05) * sampleRate);
  const inc = midiToHz(midi) / sampleRate;
  const dBody = Math.exp(-1 / (0.6 * sampleRate));
  const dHarm = Math.exp(-1 / (0.1 * sampleRate));
  const dRelease = Math.exp(-1 / (0.02 * sampleRate));
  const releaseAt = Math.round(duration * sampleRate);
  let body = 1;
  let harm = 0.25;
  let release = 1;
  for (let i = 0; i < n && s + i < target.length; i++) {
    body *= dBody;
    harm *= dHarm;
    if (i > releaseAt) release *= dRelease;
    const env = Math.min(1, i / 60) * body * release;
    target[s + i]! += 0.45 * (sinCycles(inc * i) + harm * sinCycles(2 * inc * i)) * env;
  }
}

/** Warm pad: detuned saws per note through a gentle low-pass, one oscillator pair per side for width. */
export function pad(
  left: Float32Array,
  right: Float32Array,
  sampleRate: Hz,
  start: Seconds,
  duration: Seconds,
  notes: number[],
  brightness: Hz = 1800,
  gain = 0.05,
): void {
  const s = Math.round(start * sampleRate);
  const n = Math.round(duration * sampleRate);
  const lpL = new Biquad({ type: 'lowpass', frequency: brightness, sampleRate, q: 0.6 });
  const lpR = new Biquad({ type: 'lowpass', frequency: brightness, sampleRate, q: 0.6 });
  const incL = notes.map((m) => (midiToHz(m) * 1.004) / sampleRate);
  const incR = notes.map((m) => (midiToHz(m) * 0.996) / sampleRate);
  const phL = notes.map((_, k) => (k * 0.31) % 1);
  const phR = notes.map((_, k) => (k * 0.57) % 1);
  const attack = Math.min(0.15, duration / 4);
  const end = Math.min(n, left.length - s);
  for (let i = 0; i < end; i++) {
    const t = i / sampleRate;
    const env = Math.min(1, t / attack) * Math.min(1, (duration - t) / 0.12);
    let l = 0;
    let r = 0;
    for (let k = 0; k < notes.length; k++) {
      phL[k] = (phL[k]! + incL[k]!) % 1;
      phR[k] = (phR[k]! + incR[k]!) % 1;
      l += 2 * phL[k]! - 1;
      r += 2 * phR[k]! - 1;
    }
    left[s + i]! += gain * lpL.tick(l) * env;
    right[s + i]! += gain * lpR.tick(r) * env;
  }
}

/** Electric-piano-like FM tone (carrier 1:1 modulator with decaying index): chords and sad keys. */
export function keys(
  left: Float32Array,
  right: Float32Array,
  sampleRate: Hz,
  start: Seconds,
  duration: Seconds,
  notes: number[],
  gain = 0.06,
): void {
  const s = Math.round(start * sampleRate);
  const n = Math.round((duration + 0.3) * sampleRate);
  for (const [k, midi] of notes.entries()) {
    const inc = midiToHz(midi) / sampleRate;
    const dBody = Math.exp(-1 / (1.2 * sampleRate));
    const dIndex = Math.exp(-1 / (0.25 * sampleRate));
    const dRelease = Math.exp(-1 / (0.08 * sampleRate));
    const releaseAt = Math.round(duration * sampleRate);
    let body = 1;
    let index = 1.6 / (2 * Math.PI);
    let release = 1;
    const pan = notes.length > 1 ? (k / (notes.length - 1)) * 0.6 - 0.3 : 0;
    const gl = gain * Math.cos((Math.PI / 4) * (1 + pan));
    const gr = gain * Math.sin((Math.PI / 4) * (1 + pan));
    const end = Math.min(n, left.length - s);
    for (let i = 0; i < end; i++) {
      body *= dBody;
      index *= dIndex;
      if (i > releaseAt) release *= dRelease;
      const env = Math.min(1, i / 40) * body * release;
      const ph = inc * i;
      const v = sinCycles(ph + index * sinCycles(ph)) * env;
      left[s + i]! += gl * v;
      right[s + i]! += gr * v;
    }
  }
}

/** Karplus-Strong plucked string: lead melodies, arps. */
export function pluck(
  target: Float32Array,
  sampleRate: Hz,
  start: Seconds,
  duration: Seconds,
  midi: number,
  random: () => number,
  gain = 0.2,
  damping = 0.996,
): void {
  const s = Math.round(start * sampleRate);
  const period = Math.max(2, Math.round(sampleRate / midiToHz(midi)));
  const line = new Float32Array(period);
  for (let i = 0; i < period; i++) line[i] = random() * 2 - 1;
  const n = Math.round((duration + 0.2) * sampleRate);
  let idx = 0;
  let prev = 0;
  for (let i = 0; i < n && s + i < target.length; i++) {
    const t = i / sampleRate;
    const v = line[idx]!;
    const next = damping * 0.5 * (v + prev);
    prev = v;
    line[idx] = next;
    idx = (idx + 1) % period;
    const release = t > duration ? Math.exp(-(t - duration) / 0.05) : 1;
    target[s + i]! += gain * v * release;
  }
}

/** Bell / glock: inharmonic FM (ratio 3.5), long decay; the signature "dark trap" melody. */
export function bell(
  target: Float32Array,
  sampleRate: Hz,
  start: Seconds,
  duration: Seconds,
  midi: number,
  gain = 0.12,
): void {
  const s = Math.round(start * sampleRate);
  const n = Math.round((duration + 0.6) * sampleRate);
  const inc = midiToHz(midi) / sampleRate;
  const dBody = Math.exp(-1 / (0.7 * sampleRate));
  const dIndex = Math.exp(-1 / (0.3 * sampleRate));
  let body = 1;
  let index = 2 / (2 * Math.PI);
  for (let i = 0; i < n && s + i < target.length; i++) {
    body *= dBody;
    index *= dIndex;
    const ph = inc * i;
    target[s + i]! += gain * sinCycles(ph + index * sinCycles(3.5 * ph)) * Math.min(1, i / 20) * body;
  }
}

/** Soft square lead with vibrato for happy/hype hooks. */
export function lead(
  target: Float32Array,
  sampleRate: Hz,
  start: Seconds,
  duration: Seconds,
  midi: number,
  gain = 0.07,
): void {
  const s = Math.round(start * sampleRate);
  const n = Math.round((duration + 0.08) * sampleRate);
  const f = midiToHz(midi);
  const lp = new Biquad({ type: 'lowpass', frequency: 2600, sampleRate });
  let phase = 0;
  for (let i = 0; i < n && s + i < target.length; i++) {
    const t = i / sampleRate;
    phase += (f * (1 + 0.006 * Math.sin(2 * Math.PI * 5.5 * t) * Math.min(1, t / 0.3))) / sampleRate;
    const sq = phase % 1 < 0.5 ? 1 : -1;
    const release = t > duration ? Math.exp(-(t - duration) / 0.03) : 1;
    target[s + i]! += gain * lp.tick(sq) * Math.min(1, i / 100) * release;
  }
}
