/**
 * Onsets and F0 from programs that are not the engine's: SoX band-pass, aubio's onset detector
 * and Praat's pitch tracker. The renderer plans with its own analysis; these judge it.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Hz, Seconds } from '../../src/units.ts';
import { toMono, type PcmAudio } from '../../src/pcm-audio.ts';
import { encodeWav } from '../../src/io/wav-codec.ts';
import { debianVersion, requireProgram, runProgram, withTempDir } from './system-tools.ts';
import type { PitchTrack } from './vocal-measures.ts';

const monoWav = (audio: PcmAudio) =>
  encodeWav({ sampleRate: audio.sampleRate, channels: [toMono(audio)] }, { bitDepth: 32 });

/**
 * Vowel and voicing onsets: the voice band-passed to 100–900 Hz (`sox -D … sinc 100-900`), then
 * `aubioonset -O hfc -M 0.05 -s -50` (high-frequency content, 50 ms minimum gap, −50 dB gate).
 * Without dither (`-D`): sox's dither is random, and near the gate it moved the onsets found in
 * one render by ±2 between runs.
 */
export async function vowelOnsets(audio: PcmAudio): Promise<Seconds[]> {
  const [sox, aubioonset] = await Promise.all([
    requireProgram('sox', 'sox'),
    requireProgram('aubioonset', 'aubio-tools'),
  ]);
  return withTempDir(async (dir) => {
    const input = join(dir, 'voice.wav');
    const band = join(dir, 'band.wav');
    await writeFile(input, monoWav(audio));
    await runProgram(sox, ['-D', input, '-b', '16', band, 'sinc', '100-900']);
    const { stdout } = await runProgram(aubioonset, ['-i', band, '-O', 'hfc', '-M', '0.05', '-s', '-50'], {
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout
      .split(/\s+/)
      .filter(Boolean)
      .map(Number)
      .filter((t) => Number.isFinite(t));
  });
}

const PRAAT_PITCH_SCRIPT = `form Pitch
  sentence file
  positive floor
  positive ceiling
endform
Read from file: file$
To Pitch: 0.01, floor, ceiling
frames = Get number of frames
for i to frames
  t = Get time from frame number: i
  f = Get value in frame: i, "Hertz"
  appendInfoLine: fixed$(t, 4), " ", f
endfor
`;

/** Praat's autocorrelation pitch (10 ms hop); 0 where Praat finds no voicing. */
export async function praatPitch(audio: PcmAudio, floor: Hz = 70, ceiling: Hz = 800): Promise<PitchTrack> {
  const praat = await requireProgram('praat', 'praat');
  return withTempDir(async (dir) => {
    const input = join(dir, 'voice.wav');
    const script = join(dir, 'pitch.praat');
    await writeFile(input, encodeWav({ sampleRate: audio.sampleRate, channels: [toMono(audio)] }));
    await writeFile(script, PRAAT_PITCH_SCRIPT);
    const { stdout } = await runProgram(praat, ['--run', script, input, String(floor), String(ceiling)], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const times: number[] = [];
    const f0: number[] = [];
    for (const line of stdout.split('\n')) {
      const [t, f] = line.trim().split(/\s+/);
      if (t === undefined || f === undefined || !Number.isFinite(Number(t))) continue;
      times.push(Number(t));
      f0.push(Number.isFinite(Number(f)) ? Number(f) : 0);
    }
    return { times: Float64Array.from(times), f0: Float64Array.from(f0) };
  });
}

/** Program versions for the evaluation's header. */
export async function trackerVersions(): Promise<string> {
  const [sox, aubio, praat] = await Promise.all(['sox', 'aubio-tools', 'praat'].map(debianVersion));
  return `sox ${sox} (-D, sinc 100-900), aubioonset ${aubio} (-O hfc -M 0.05 -s -50), praat ${praat} (To Pitch 10 ms)`;
}
