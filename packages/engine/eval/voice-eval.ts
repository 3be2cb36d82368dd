/**
 * Evaluation of the AI singer: `npm run eval:voice -w packages/engine`.
 *
 * Held-out people (eval/lib/held-out-voices.ts: voices the engine never ships and no source voice
 * was made from) each read the guided script at their own pace to enrol; the AI singer built from
 * that reading then raps held-out lyrics through the product's rap renderer (no beat; the dry lead
 * vocal is measured). Per person:
 *  - similarity: a GMM-UBM verifier written apart from the engine (eval/lib/speaker-similarity.ts;
 *    background of other voices, never the target; the target's model adapted on a third text).
 *    gap = (singer − source) / (target − source), where target is the person reading the lyrics
 *    and source is the AI singer's source voice rapping them through the same renderer;
 *  - words: word error rate of the rapped lyrics (offline recogniser), over the person reading them;
 *  - defects (eval/lib/voice-defects.ts): Praat pitch jumps > 3 semitones and voicing breaks per
 *    voiced second, clicks per minute, share of energy above 5 kHz (singer vs person);
 *  - whether enrolment accepts the reading, and the build time.
 * The last line is the worst voice of each figure.
 *
 * Options: --only id[,id] (panel subset), --out dir (write WAVs for listening), --artist id (the
 * flow borrowed, default mc-volt).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeWav } from '../src/io/wav-codec.ts';
import { FliteVoiceBackend } from '../src/voice/flite-voice.ts';
import type { VoiceBackend } from '../src/voice/voice-backend.ts';
import { renderRap } from '../src/render/rap-renderer.ts';
import { stretch } from '../src/dsp/time-stretcher.ts';
import { checkVoiceSample, prepareVoiceSample } from '../src/voice-clone/voice-sample.ts';
import { buildVoiceModel, VOICE_READING_SCRIPT } from '../src/voice-clone/voice-model.ts';
import { createClonedVoiceBackend } from '../src/voice-clone/cloned-voice-backend.ts';
import { gapClosed, SpeakerVerifier, type Utterance } from './lib/speaker-similarity.ts';
import { BACKGROUND_VOICES, HELD_OUT_PANEL, speak, unavailableReason } from './lib/held-out-voices.ts';
import { RecognizerUnavailable, transcribe } from './lib/speech-recognizer.ts';
import { wordErrorRate } from './lib/word-error-rate.ts';
import { bandAbove5kDb, clicksPerMinute, pitchDefects, praatPitch } from './lib/voice-defects.ts';

/** The target's speaker model is trained on this (neither the enrolment script nor the lyrics). */
const REFERENCE_TEXT = [
  'A yellow kite floated above the beach while seagulls argued over chips.',
  'Thunder rolled across the valley and the farmer hurried his cows into the barn.',
  'Please check the oven before you leave, because the pie might burn.',
  'Four clever foxes jumped over a muddy fence near the village church.',
  'Our teacher played the violin during lunch and everybody stopped to listen.',
].join('\n');

/** Held-out lyrics the AI singer raps (and the person reads, for the upper score). */
const LYRICS = [
  'i got the rhythm in my bones and the city in my veins',
  'every single night i write until the sun comes up again',
  'they never knew my name but now they hear it on the radio',
  'keep it moving through the cold with a fire in my soul',
  'money never made me happy but the music made me whole',
  'shout it from the rooftop let the whole world know',
  // Six more lines: with only the six above (70 words), one or two words the recogniser moves
  // between near-identical takes moved ked's ratio by 0.1-0.3.
  'we ride along the highway with the windows rolled down low',
  'my mother told me patience is the secret to the game',
  'seven summers in the valley and i never lost my way',
  'give me twenty minutes and a microphone tonight',
  'the crowd is jumping higher every time the bass goes deep',
  'i wrote a letter to the future and i signed it with a smile',
];

const fixed = (x: number, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : 'nan');

function writeWav(dir: string | undefined, name: string, audio: Utterance) {
  if (dir)
    writeFileSync(
      join(dir, `${name}.wav`),
      encodeWav({ sampleRate: audio.sampleRate, channels: [audio.samples] }),
    );
}

/** The rapped lead vocal, dry (the renderer's diagnostics), cut to where there is sound. */
async function rapDry(backend: VoiceBackend, artistId: string, singerName: string): Promise<Utterance> {
  const render = await renderRap(
    { lyrics: LYRICS.join('\n'), artistId, musicSelectionId: null, accompaniment: 'none', seed: 1 },
    { voiceBackend: backend, singerName, diagnostics: true },
  );
  const d = render.diagnostics!;
  return { samples: d.leadVocal, sampleRate: d.sampleRate };
}

let recognizerNote = false;
/** Word error rate of the lyrics in a take (offline recogniser); NaN, with one note, when it is missing. */
async function wordErrors(audio: Utterance): Promise<number> {
  try {
    const heard = await transcribe({ sampleRate: audio.sampleRate, channels: [audio.samples] });
    return wordErrorRate(LYRICS.join(' '), heard);
  } catch (error) {
    if (!(error instanceof RecognizerUnavailable)) throw error;
    if (!recognizerNote) console.log(`word error rate skipped: ${error.message}`);
    recognizerNote = true;
    return Number.NaN;
  }
}

interface Row {
  id: string;
  accepted: string;
  source: string;
  llrTarget: number;
  llrSource: number;
  llrSinger: number;
  gap: number;
  tintGap: number;
  impostorGap: number;
  wer: number;
  werPerson: number;
  werRatio: number;
  jumps: number;
  jumpsPerson: number;
  breaks: number;
  breaksPerson: number;
  clicks: number;
  clicksPerson: number;
  band: number;
  bandPerson: number;
  pitchOffset: number;
  buildSeconds: number;
  buildCpuSeconds: number;
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const only = option('--only')?.split(',');
  const outDir = option('--out');
  const artistId = option('--artist') ?? 'mc-volt';
  if (outDir) mkdirSync(outDir, { recursive: true });
  const started = performance.now();

  const panel = [];
  for (const voice of HELD_OUT_PANEL.filter((v) => !only || only.includes(v.id))) {
    const reason = await unavailableReason(voice);
    if (reason) console.log(`skipped: ${reason}`);
    else panel.push(voice);
  }
  const background: Utterance[] = [];
  for (const voice of BACKGROUND_VOICES) {
    const reason = await unavailableReason(voice);
    if (reason) console.log(`background without: ${reason}`);
    else background.push(await speak(voice, REFERENCE_TEXT));
  }
  if (panel.length === 0 || background.length < 4) {
    console.log('eval:voice needs espeak-ng (and festival for ked): nothing to evaluate.');
    process.exitCode = 1;
    return;
  }
  const verifier = new SpeakerVerifier({ background });
  console.log(
    `background: ${background.length} voices, ubm trained in ${fixed((performance.now() - started) / 1000, 1)} s`,
  );

  const rows: Row[] = [];
  for (const person of panel) {
    const enrolment = await speak(person, VOICE_READING_SCRIPT);
    const enrolmentWav = encodeWav({ sampleRate: enrolment.sampleRate, channels: [enrolment.samples] });
    const check = await checkVoiceSample(enrolmentWav);
    const prepared = await prepareVoiceSample(enrolmentWav);
    const built = await buildVoiceModel(prepared.wav, {
      transcript: VOICE_READING_SCRIPT,
    });
    const singer = createClonedVoiceBackend(built.model);
    const sourceVoice = built.summary.sourceVoice;
    const flite = new FliteVoiceBackend();
    const source: VoiceBackend = {
      id: 'source-voice',
      synthesize: (request) => flite.synthesize({ ...request, voice: sourceVoice }),
      prepare: (lines) => flite.prepare?.(lines, sourceVoice) ?? Promise.resolve(),
    };
    const sung = await rapDry(singer, artistId, person.id);
    const sourceRap = await rapDry(source, artistId, sourceVoice);
    const reading = await speak(person, LYRICS.join('.\n'));
    const model = verifier.enrol([await speak(person, REFERENCE_TEXT)]);
    const llrTarget = verifier.score(model, [reading]);
    const llrSource = verifier.score(model, [sourceRap]);
    const llrSinger = verifier.score(model, [sung]);
    // Controls for the measure: a global pitch/formant tint of the source rap towards the person
    // (a tint is not a clone: it should close little), and another panel person reading the lyrics.
    const tint = {
      samples: await stretch(sourceRap.samples, {
        sampleRate: sourceRap.sampleRate,
        timeRatio: 1,
        pitchScale: built.summary.pitchRatio,
        formantFactor: built.summary.warp,
        engine: 'finer',
      }),
      sampleRate: sourceRap.sampleRate,
    };
    const llrTint = verifier.score(model, [tint]);
    const other = panel[(panel.indexOf(person) + 1) % panel.length]!;
    const llrImpostor =
      other === person ? Number.NaN : verifier.score(model, [await speak(other, LYRICS.join('.\n'))]);
    const wer = await wordErrors(sung);
    const werPerson = await wordErrors(reading);
    const pitchSung = pitchDefects(await praatPitch(sung));
    const pitchPerson = pitchDefects(await praatPitch(reading));
    const row: Row = {
      id: person.id,
      accepted: check.problem
        ? `refused (${check.analysis?.voicedSeconds.toFixed(1) ?? '?'} s voiced)`
        : 'yes',
      source: `${sourceVoice}@${built.summary.warp}`,
      llrTarget,
      llrSource,
      llrSinger,
      gap: gapClosed(llrTarget, llrSinger, llrSource),
      tintGap: gapClosed(llrTarget, llrTint, llrSource),
      impostorGap: gapClosed(llrTarget, llrImpostor, llrSource),
      wer,
      werPerson,
      werRatio: wer / werPerson,
      jumps: pitchSung.jumpsPerVoicedSecond,
      jumpsPerson: pitchPerson.jumpsPerVoicedSecond,
      breaks: pitchSung.breaksPerVoicedSecond,
      breaksPerson: pitchPerson.breaksPerVoicedSecond,
      clicks: clicksPerMinute(sung),
      clicksPerson: clicksPerMinute(reading),
      band: bandAbove5kDb(sung),
      bandPerson: bandAbove5kDb(reading),
      pitchOffset: 12 * Math.log2(pitchSung.medianHz / pitchPerson.medianHz),
      buildSeconds: built.summary.buildSeconds,
      buildCpuSeconds: built.summary.buildCpuSeconds,
    };
    rows.push(row);
    writeWav(outDir, `${person.id}-enrolment`, enrolment);
    writeWav(outDir, `${person.id}-reading`, reading);
    writeWav(outDir, `${person.id}-singer`, sung);
    writeWav(outDir, `${person.id}-source`, sourceRap);
    console.log(
      [
        row.id.padEnd(13),
        `enrol=${row.accepted}`,
        `src=${row.source}`,
        `llr target/source/singer=${fixed(llrTarget)}/${fixed(llrSource)}/${fixed(llrSinger)}`,
        `gap=${fixed(row.gap)} (tint ${fixed(row.tintGap)}, ${other.id} ${fixed(row.impostorGap)})`,
        `wer=${fixed(row.wer)} (person ${fixed(row.werPerson)}, ratio ${fixed(row.werRatio)})`,
        `jumps/s=${fixed(row.jumps)} (person ${fixed(row.jumpsPerson)})`,
        `breaks/s=${fixed(row.breaks)} (${fixed(row.breaksPerson)})`,
        `clicks/min=${fixed(row.clicks, 1)} (${fixed(row.clicksPerson, 1)})`,
        `band>5k=${fixed(row.band, 1)} dB (${fixed(row.bandPerson, 1)})`,
        `pitch=${fixed(row.pitchOffset, 1)} st`,
        `build=${fixed(row.buildSeconds, 1)} s (cpu ${fixed(row.buildCpuSeconds, 1)} s)`,
      ].join('  '),
    );
  }
  const worst = (pick: (r: Row) => number, direction: 'min' | 'max') =>
    rows.map(pick).reduce((a, b) => (direction === 'min' ? Math.min(a, b) : Math.max(a, b)));
  const summary = {
    voice_gap_closed: fixed(
      worst((r) => r.gap, 'min'),
      3,
    ),
    wer_ratio: fixed(
      worst((r) => r.werRatio, 'max'),
      2,
    ),
    pitch_jumps_per_s: fixed(
      worst((r) => r.jumps, 'max'),
      3,
    ),
    voicing_breaks_per_s: fixed(
      worst((r) => r.breaks, 'max'),
      2,
    ),
    clicks_per_min: fixed(
      worst((r) => r.clicks, 'max'),
      1,
    ),
    build_cpu_s: fixed(
      worst((r) => r.buildCpuSeconds, 'max'),
      2,
    ),
  };
  console.log(`eval_s=${fixed((performance.now() - started) / 1000, 1)} voices=${rows.length}`);
  console.log(
    Object.entries(summary)
      .map(([key, value]) => `${key}=${value}`)
      .join(' '),
  );
}

await main();
