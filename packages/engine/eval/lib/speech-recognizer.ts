/**
 * Offline speech recognition for the evaluations: Debian's CMU PocketSphinx with its US English
 * acoustic model, language model and dictionary. It shares nothing with the engine, so what it
 * understands is an independent measure of intelligibility.
 */
import { execFile } from 'node:child_process';
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { PcmAudio } from '../../src/pcm-audio.ts';
import { toMono } from '../../src/pcm-audio.ts';
import { resample } from '../../src/dsp/resampler.ts';
import { encodeWav } from '../../src/io/wav-codec.ts';

const run = promisify(execFile);

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

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

async function which(name: string): Promise<string | null> {
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(':')) {
    if (dir && (await exists(join(dir, name)))) return join(dir, name);
  }
  return null;
}

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
    const found = await Promise.all([join(setup.hmm, 'mdef'), setup.lm, setup.dict].map(exists));
    if (found.every(Boolean)) return setup;
  }
  return `the en-us model is not in ${MODEL_DIRS.join(' or ')}`;
}

const installHint = `install it with: apt-get install ${RECOGNIZER_PACKAGES.join(' ')}`;

async function installWithApt(): Promise<string | null> {
  if (process.getuid?.() !== 0) return 'not running as root, so it was not installed';
  if (!(await which('apt-get'))) return 'apt-get is not available to install it';
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    run('apt-get', ['install', '-y', '--no-install-recommends', ...RECOGNIZER_PACKAGES], {
      env,
      timeout: 600_000,
    });
  try {
    await install();
  } catch {
    try {
      // A fresh machine has no package lists yet.
      await run('apt-get', ['update'], { env, timeout: 600_000 });
      await install();
    } catch (error) {
      return `apt-get install failed (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
    }
  }
  return null;
}

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
    const refused = await installWithApt();
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

/** 16 kHz mono 16-bit WAV bytes, what the acoustic model was trained on; never clipped. */
export function toRecognizerWav(audio: PcmAudio): Uint8Array {
  const mono = toMono(audio);
  const samples = resample(mono, audio.sampleRate, RECOGNIZER_RATE);
  let peak = 0;
  for (const v of samples) peak = Math.max(peak, Math.abs(v));
  if (peak > 0.99) for (let i = 0; i < samples.length; i++) samples[i]! *= 0.99 / peak;
  return encodeWav({ sampleRate: RECOGNIZER_RATE, channels: [samples] }, { bitDepth: 16 });
}

/**
 * The words PocketSphinx hears in the audio, lower case, utterances joined by spaces. Noise and
 * filler tokens (<s>, [noise]) are dropped.
 */
export async function transcribe(audio: PcmAudio, options: { signal?: AbortSignal } = {}): Promise<string> {
  const setup = await findRecognizer();
  const dir = await mkdtemp(join(tmpdir(), 'bops-asr-'));
  try {
    const wav = join(dir, 'speech.wav');
    await writeFile(wav, toRecognizerWav(audio));
    const { stdout } = await run(
      setup.binary,
      ['-infile', wav, '-hmm', setup.hmm, '-lm', setup.lm, '-dict', setup.dict, '-logfn', '/dev/null'],
      {
        maxBuffer: 16 * 1024 * 1024,
        timeout: 600_000,
        ...(options.signal ? { signal: options.signal } : {}),
      },
    );
    return stdout
      .split(/\s+/)
      .filter((w) => w && !/^[<[(].*[>\])]$/.test(w))
      .map((w) => w.replace(/\(\d+\)$/, '').toLowerCase())
      .join(' ');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
