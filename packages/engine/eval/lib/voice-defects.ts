/**
 * Audible defects of a rendered voice, measured with tools the engine does not use: Praat's pitch
 * tracker (autocorrelation, 10 ms) for pitch jumps and voicing breaks, and plain sample statistics
 * for clicks and for the band above 5 kHz.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { encodeWav } from '../../src/io/wav-codec.ts';
import { fftInPlace, type Utterance } from './speaker-similarity.ts';

const run = promisify(execFile);

const PRAAT_PITCH = `form Pitch
  sentence file
endform
sound = Read from file: file$
pitch = To Pitch: 0.01, 60, 600
n = Get number of frames
t1 = Get time from frame number: 1
writeInfoLine: fixed$(t1, 4)
for i to n
  f = Get value in frame: i, "Hertz"
  appendInfoLine: fixed$(f, 2)
endfor
`;

export class PraatUnavailable extends Error {
  constructor(detail: string) {
    super(`Praat is not available (${detail}); install with: apt-get install praat`);
    this.name = 'PraatUnavailable';
  }
}

/** Praat's f0 on 10 ms frames (0 = unvoiced). */
export async function praatPitch(audio: Utterance): Promise<Float32Array> {
  const dir = await mkdtemp(join(tmpdir(), 'bops-praat-'));
  try {
    const script = join(dir, 'pitch.praat');
    const wav = join(dir, 'voice.wav');
    await writeFile(script, PRAAT_PITCH);
    await writeFile(wav, encodeWav({ sampleRate: audio.sampleRate, channels: [audio.samples] }));
    let stdout: string;
    try {
      ({ stdout } = await run('praat', ['--run', script, wav], { maxBuffer: 64 << 20, timeout: 120_000 }));
    } catch (error) {
      throw new PraatUnavailable((error as Error).message.split('\n')[0]!.slice(0, 120));
    }
    const lines = stdout.trim().split('\n').slice(1);
    return Float32Array.from(lines, (l) => (l.startsWith('--') ? 0 : Number(l) || 0));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface PitchDefects {
  voicedSeconds: number;
  /** Frame-to-frame moves of more than 3 semitones inside voiced stretches, per voiced second. */
  jumpsPerVoicedSecond: number;
  /** Voiced stretches ending (voice stopping) per voiced second. */
  breaksPerVoicedSecond: number;
  medianHz: number;
}

export function pitchDefects(f0: Float32Array, hopSeconds = 0.01): PitchDefects {
  let voiced = 0;
  let jumps = 0;
  let breaks = 0;
  const values: number[] = [];
  for (let i = 0; i < f0.length; i++) {
    const f = f0[i]!;
    if (!(f > 0)) continue;
    voiced++;
    values.push(f);
    const previous = f0[i - 1] ?? 0;
    if (previous > 0 && Math.abs(12 * Math.log2(f / previous)) > 3) jumps++;
    if (!((f0[i + 1] ?? 0) > 0)) breaks++;
  }
  const seconds = voiced * hopSeconds;
  values.sort((a, b) => a - b);
  return {
    voicedSeconds: seconds,
    jumpsPerVoicedSecond: seconds ? jumps / seconds : 0,
    breaksPerVoicedSecond: seconds ? breaks / seconds : 0,
    medianHz: values[values.length >> 1] ?? 0,
  };
}

/**
 * Clicks: samples above 6 times the RMS of the surrounding 10 ms, counted once per event (hits
 * within 5 ms are one click), per minute of audio. Hits under -60 dBFS are not audible and skipped.
 */
export function clicksPerMinute(audio: Utterance): number {
  const { samples, sampleRate } = audio;
  const half = Math.round(0.005 * sampleRate);
  const prefix = new Float64Array(samples.length + 1);
  for (let i = 0; i < samples.length; i++) prefix[i + 1] = prefix[i]! + samples[i]! * samples[i]!;
  let clicks = 0;
  let last = -Infinity;
  const gap = Math.round(0.005 * sampleRate);
  for (let i = 0; i < samples.length; i++) {
    const x = Math.abs(samples[i]!);
    if (x < 1e-3) continue;
    const a = Math.max(0, i - half);
    const b = Math.min(samples.length, i + half);
    const rms = Math.sqrt((prefix[b]! - prefix[a]!) / Math.max(1, b - a));
    if (x > 6 * rms) {
      if (i - last > gap) clicks++;
      last = i;
    }
  }
  return clicks / (samples.length / sampleRate / 60);
}

/**
 * Share of the voice's energy above 5 kHz in dB, over its loud frames (1024-point spectra). A voice has fricatives and breath there; -60 dB or less means the band is missing.
 */
export function bandAbove5kDb(audio: Utterance): number {
  const { samples, sampleRate } = audio;
  const size = 1024;
  let high = 0;
  let total = 0;
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  const cut = Math.round((5000 / sampleRate) * size);
  for (let start = 0; start + size <= samples.length; start += size) {
    let energy = 0;
    for (let i = 0; i < size; i++) energy += samples[start + i]! ** 2;
    if (energy / size < 1e-6) continue;
    for (let i = 0; i < size; i++) {
      re[i] = samples[start + i]! * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size));
      im[i] = 0;
    }
    fftInPlace(re, im);
    for (let k = 1; k < size / 2; k++) {
      const p = re[k]! ** 2 + im[k]! ** 2;
      total += p;
      if (k >= cut) high += p;
    }
  }
  return 10 * Math.log10((high + 1e-20) / (total + 1e-20));
}
