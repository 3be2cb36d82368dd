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
/** Long enough that the decoder always ends an utterance between the warm-up and the audio. */
const WARM_UP_GAP_SECONDS = 2;
/** Silence before the warm-up: a file that opens on sound is decoded worse at its start. */
const LEAD_IN_SECONDS = 1;

/**
 * The decoder's cepstral mean starts from a generic guess and adapts only as it goes, so the first
 * utterance of a file is decoded with the wrong mean: a rap with no pause for ten seconds loses
 * its first lines that way. So the decoder hears the start of the audio once first (after a
 * second of silence, then two seconds of silence before the audio itself). Returns the warm-up
 * alone (`prefix`) and the warm-up followed by the audio.
 */
function withWarmUp(samples: Float32Array): { prefix: Float32Array; samples: Float32Array } {
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
  return { prefix: out.subarray(0, leadIn + warm.length + gap), samples: out };
}

/**
 * The words PocketSphinx hears in the audio, lower case, in order. Silence, noise and sentence
 * marks (<s>, <sil>, [NOISE]) are dropped, as are pronunciation variants' "(2)".
 *
 * The warm-up's words are told apart by utterance, not by time: the decoder's word times drift
 * (a 20 s warm-up was reported at 15.4 to 32.2 s), so words of the warm-up were counted as heard
 * (a line and a half of a Kid Kilo render), and words of the audio reported early would be lost.
 * The warm-up is decoded alone too; the decoder is deterministic and the silence after the warm-up
 * ends an utterance, so the first utterances of the whole file are the warm-up's, as many as it
 * had alone.
 */
export async function transcribe(audio: PcmAudio, options: { signal?: AbortSignal } = {}): Promise<string> {
  const setup = await findRecognizer();
  return withTempDir(async (dir) => {
    const { prefix, samples } = withWarmUp(toRecognizerRate(audio));
    const decode = async (name: string, input: Float32Array) => {
      const wav = join(dir, `${name}.wav`);
      await writeFile(wav, encodeWav({ sampleRate: RECOGNIZER_RATE, channels: [input] }, { bitDepth: 16 }));
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
      return stdout;
    };
    const warmUpUtterances = utterances(await decode('warm-up', prefix)).length;
    return utterances(await decode('speech', samples))
      .slice(warmUpUtterances)
      .flat()
      .join(' ');
  });
}

/**
 * The words of each utterance in the decoder's `-time yes` output: after each utterance's text, a
 * line "word start end probability" per word, from "<s>" to "</s>". Fillers and sentence marks are
 * dropped, as are pronunciation variants' "(2)".
 */
export function utterances(output: string): string[][] {
  const heard: string[][] = [];
  for (const line of output.split('\n')) {
    const fields = line.trim().split(/\s+/);
    if (fields.length !== 4 || !fields.slice(1).every((f) => /^-?\d+(\.\d+)?(e-?\d+)?$/.test(f))) continue;
    const word = fields[0]!;
    if (word === '<s>' || heard.length === 0) heard.push([]);
    if (/^[<[(].*[>\])]$/.test(word)) continue;
    heard[heard.length - 1]!.push(word.replace(/\(\d+\)$/, '').toLowerCase());
  }
  return heard;
}
