/**
 * Held-out voices for evaluations: speakers the engine never ships and none of its source voices
 * was made from (the AI singer is driven by Flite's rms, slt, awb and kal16 — CMU ARCTIC speakers
 * and the kal diphone set — so festival's kal, rms, slt and awb voices are excluded too).
 *
 * Two sets that never overlap: the PANEL plays the people whose voices are cloned; the BACKGROUND
 * is what a speaker-verification background model is trained on. Voices come from the Debian
 * programs (`espeak-ng`, festival's `text2wave`), not from the engine's bundled synthesizers.
 * A voice whose program or voice data is missing has its Debian packages installed (as root); one
 * that still cannot speak is reported as unavailable with what to install, and evaluations skip
 * it with that note.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { decodeWav } from '../../src/io/wav-codec.ts';
import { toMono } from '../../src/pcm-audio.ts';
import { installDebianPackages } from './system-tools.ts';
import type { Utterance } from './speaker-similarity.ts';

const run = promisify(execFile);

export interface HeldOutVoice {
  id: string;
  program: 'espeak-ng' | 'festival';
  /** espeak-ng voice+variant, or the festival voice name (without "voice_"). */
  voice: string;
  description: string;
}

/** The people of the panel: a low male diphone voice, a female and a male formant-synthesis voice. */
export const HELD_OUT_PANEL: readonly HeldOutVoice[] = [
  {
    id: 'festival-ked',
    program: 'festival',
    voice: 'ked_diphone',
    description: 'festival ked diphone (US male, low, fast)',
  },
  { id: 'espeak-us-f4', program: 'espeak-ng', voice: 'en-us+f4', description: 'eSpeak NG en-us, variant f4' },
  { id: 'espeak-m7', program: 'espeak-ng', voice: 'en+m7', description: 'eSpeak NG en, variant m7' },
];

/** Many other voices, none of the panel's: what the background model learns "any voice" from. */
export const BACKGROUND_VOICES: readonly HeldOutVoice[] = [
  ...['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'f1', 'f2', 'f3', 'f5', 'klatt', 'klatt2', 'Andy', 'Annie'].map(
    (variant): HeldOutVoice => ({
      id: `espeak-us-${variant}`,
      program: 'espeak-ng',
      voice: `en-us+${variant}`,
      description: `eSpeak NG en-us, variant ${variant}`,
    }),
  ),
  ...['en-gb-x-rp+m2', 'en-029+f2', 'en-gb-scotland+m4', 'en-gb-x-gbclan+f3'].map((voice): HeldOutVoice => ({
    id: `espeak-${voice}`,
    program: 'espeak-ng',
    voice,
    description: `eSpeak NG ${voice}`,
  })),
];

const DEBIAN_PACKAGES: Record<HeldOutVoice['program'], readonly string[]> = {
  'espeak-ng': ['espeak-ng'],
  festival: ['festival', 'festvox-kdlpc16k'],
};

const availability = new Map<string, Promise<string | null>>();
const installs = new Map<HeldOutVoice['program'], Promise<string | null>>();

/**
 * null when the voice can speak here, else why not and what to install. A voice that cannot speak
 * has its Debian packages installed first (as root), once per program: a panel that silently lost a
 * voice would print another panel's figures.
 */
export function unavailableReason(voice: HeldOutVoice): Promise<string | null> {
  let cached = availability.get(voice.id);
  if (!cached) {
    cached = (async () => {
      const first = await speakingFails(voice);
      if (first === null) return null;
      const packages = DEBIAN_PACKAGES[voice.program];
      let install = installs.get(voice.program);
      if (!install) installs.set(voice.program, (install = installDebianPackages(packages)));
      const refused = await install;
      const second = refused ? first : await speakingFails(voice);
      if (second === null) return null;
      return `${voice.id} is unavailable (${refused ?? second}); install with: apt-get install ${packages.join(' ')}`;
    })();
    availability.set(voice.id, cached);
  }
  return cached;
}

/** null when the voice says a word, else the first line of why not. */
const speakingFails = (voice: HeldOutVoice): Promise<string | null> =>
  speak(voice, 'test').then(
    () => null,
    (error: unknown) => (error as Error).message.split('\n')[0]!.slice(0, 120),
  );

/** The voice reading `text` (plain, at its own pace), as mono samples at its own rate. */
export async function speak(voice: HeldOutVoice, text: string): Promise<Utterance> {
  const dir = await mkdtemp(join(tmpdir(), 'bops-voice-'));
  try {
    const textFile = join(dir, 'text.txt');
    const wavFile = join(dir, 'speech.wav');
    await writeFile(textFile, text);
    if (voice.program === 'espeak-ng') {
      await run('espeak-ng', ['-v', voice.voice, '-f', textFile, '-w', wavFile], { timeout: 60_000 });
    } else {
      if (!/^[a-z0-9_]+$/.test(voice.voice)) throw new Error(`Bad festival voice name ${voice.voice}`);
      await run('text2wave', ['-eval', `(voice_${voice.voice})`, textFile, '-o', wavFile], {
        timeout: 120_000,
      });
    }
    const pcm = decodeWav(new Uint8Array(await readFile(wavFile)));
    const samples = toMono(pcm);
    if (samples.length < pcm.sampleRate * 0.1) throw new Error(`${voice.id} produced no audio`);
    return { samples, sampleRate: pcm.sampleRate };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
