/**
 * Offline speech recognition for the evaluations: Debian's CMU PocketSphinx with its US English
 * acoustic model, language model and dictionary. It shares nothing with the engine, so what it
 * understands is an independent measure of intelligibility.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PcmAudio } from '../../src/pcm-audio.ts';
import { toMono } from '../../src/pcm-audio.ts';
import { resample } from '../../src/dsp/resampler.ts';
import { encodeWav } from '../../src/io/wav-codec.ts';
import { fileExists, installDebianPackages, runProgram, which, withTempDir } from './system-tools.ts';

/** The recogniser (or its model) is not installed and could not be installed here. */
export class RecognizerUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecognizerUnavailable';
  }
}

export interface RecognizerSetup {
  binary: string;
  /** Acoustic model directory. */
  hmm: string;
  /** Language model (binary ARPA). */
  lm: string;
  /** Pronunciation dictionary. */
  dict: string;
}

export const RECOGNIZER_PACKAGES = ['pocketsphinx', 'pocketsphinx-en-us'] as const;
const RECOGNIZER_RATE = 16000;
const MODEL_DIRS = ['/usr/share/pocketsphinx/model/en-us', '/usr/local/share/pocketsphinx/model/en-us'];
const BINARY_NAMES = ['pocketsphinx_continuous'];

async function locate(): Promise<RecognizerSetup | string> {
  let binary: string | null = null;
  for (const name of BINARY_NAMES) binary ??= await which(name);
  if (!binary) return 'the pocketsphinx_continuous program is not on PATH';
  for (const dir of MODEL_DIRS) {
    const setup = {
      binary,
      hmm: join(dir, 'en-us'),
      lm: join(dir, 'en-us.lm.bin'),
      dict: join(dir, 'cmudict-en-us.dict'),
    };
    const found = await Promise.all([join(setup.hmm, 'mdef'), setup.lm, setup.dict].map(fileExists));
    if (found.every(Boolean)) return setup;
  }
  return `the en-us model is not in ${MODEL_DIRS.join(' or ')}`;
}

const installHint = `install it with: apt-get install ${RECOGNIZER_PACKAGES.join(' ')}`;

let ready: Promise<RecognizerSetup> | undefined;

/**
 * Finds PocketSphinx and its en-us model; with `install` (the default) installs the Debian
 * packages when missing and running as root. Throws RecognizerUnavailable saying what to install.
 */
export function findRecognizer({ install = true }: { install?: boolean } = {}): Promise<RecognizerSetup> {
  if (!install)
    return locate().then((found) => (typeof found === 'string' ? Promise.reject(unavailable(found)) : found));
  ready ??= (async () => {
    const first = await locate();
    if (typeof first !== 'string') return first;
    const refused = await installDebianPackages(RECOGNIZER_PACKAGES);
    if (refused) throw unavailable(`${first}; ${refused}`);
    const second = await locate();
    if (typeof second === 'string') throw unavailable(`${second} even after apt-get install`);
    return second;
  })();
  ready.catch(() => (ready = undefined));
  return ready;
}

const unavailable = (why: string) =>
  new RecognizerUnavailable(`Speech recogniser unavailable: ${why}; ${installHint}`);

/** Whether the recogniser is here without installing anything; the reason when it is not. */
export async function recognizerStatus(): Promise<
  { available: true } | { available: false; reason: string }
> {
  const found = await locate();
  return typeof found === 'string'
    ? { available: false, reason: `${found}; ${installHint}` }
    : { available: true };
}

/** 16 kHz mono, what the acoustic model was trained on; never clipped. */
function toRecognizerRate(audio: PcmAudio): Float32Array {
  const samples = resample(toMono(audio), audio.sampleRate, RECOGNIZER_RATE);
  let peak = 0;
  for (const v of samples) peak = Math.max(peak, Math.abs(v));
  if (peak > 0.99) for (let i = 0; i < samples.length; i++) samples[i]! *= 0.99 / peak;
  return samples;
}

/** 16 kHz mono 16-bit WAV bytes of the audio. */
export function toRecognizerWav(audio: PcmAudio): Uint8Array {
  return encodeWav({ sampleRate: RECOGNIZER_RATE, channels: [toRecognizerRate(audio)] }, { bitDepth: 16 });
}

const WARM_UP_SECONDS = 20;
const WARM_UP_GAP_SECONDS = 1;
/**
 * Silence before the warm-up. A file that opens on sound had its first utterance's word times
 * drift: a 20 s warm-up from 0 s was reported at 15.4 to 32.2 s, and 35 of its words were taken
 * for words of the real audio. With a second of silence first, the same utterance is reported
 * from 0.9 s.
 */
const LEAD_IN_SECONDS = 1;

/**
 * The decoder's cepstral mean starts from a generic guess and adapts only as it goes, so the first
 * utterance of a file is decoded with the wrong mean: a rap with no pause for ten seconds loses
 * its first lines that way. Hearing the start of the audio once before (then a second of silence)
 * settles the mean; words before the real start are discarded.
 */
function withWarmUp(samples: Float32Array): { samples: Float32Array; offset: number } {
  const frame = RECOGNIZER_RATE / 100;
  let peak = 0;
  for (const v of samples) peak = Math.max(peak, Math.abs(v));
  let first = 0;
  while (first < samples.length && Math.abs(samples[first]!) < 0.05 * peak) first += frame;
  const warm = samples.subarray(Math.min(first, samples.length), first + WARM_UP_SECONDS * RECOGNIZER_RATE);
  const gap = WARM_UP_GAP_SECONDS * RECOGNIZER_RATE;
  const leadIn = LEAD_IN_SECONDS * RECOGNIZER_RATE;
  const out = new Float32Array(leadIn + warm.length + gap + samples.length);
  out.set(warm, leadIn);
  out.set(samples, leadIn + warm.length + gap);
  return { samples: out, offset: (leadIn + warm.length + gap) / RECOGNIZER_RATE };
}

/**
 * The words PocketSphinx hears in the audio, lower case, in order. Silence, noise and sentence
 * marks (<s>, <sil>, [NOISE]) are dropped, as are pronunciation variants' "(2)".
 */
export async function transcribe(audio: PcmAudio, options: { signal?: AbortSignal } = {}): Promise<string> {
  const setup = await findRecognizer();
  return withTempDir(async (dir) => {
    const wav = join(dir, 'speech.wav');
    const { samples, offset } = withWarmUp(toRecognizerRate(audio));
    await writeFile(wav, encodeWav({ sampleRate: RECOGNIZER_RATE, channels: [samples] }, { bitDepth: 16 }));
    const { stdout } = await runProgram(
      setup.binary,
      [
        ...['-infile', wav, '-hmm', setup.hmm, '-lm', setup.lm, '-dict', setup.dict],
        // Caps on active HMMs and words per frame: 45 % less CPU; on plain and rapped flite the
        // transcripts' WER moved by under 0.01 against the defaults.
        ...['-maxhmmpf', '3000', '-maxwpf', '5'],
        ...['-time', 'yes', '-logfn', '/dev/null'],
      ],
      // Generous: on a shared, loaded machine a minute of audio can take minutes.
      {
        maxBuffer: 16 * 1024 * 1024,
        timeout: 1_800_000,
        ...(options.signal ? { signal: options.signal } : {}),
      },
    );
    return heardAfter(stdout, offset);
  });
}

/**
 * The words the decoder heard from `offset` (seconds) on, from its `-time yes` output: each
 * utterance's text, then a line "word start end probability" per word. Fillers and sentence marks
 * are dropped. An utterance may run across the offset (the decoder does not always end one in the
 * warm-up's second of silence), so words are kept by their own start.
 */
export function heardAfter(output: string, offset: number): string {
  const words: string[] = [];
  for (const line of output.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields.length !== 4 || !fields.slice(1).every((f) => /^-?\d+(\.\d+)?(e-?\d+)?$/.test(f))) continue;
    const [word, start] = fields as [string, string];
    if (Number(start) < offset - 0.05 || /^[<[(].*[>\])]$/.test(word)) continue;
    words.push(word.replace(/\(\d+\)$/, '').toLowerCase());
  }
  return words.join(' ');
}
