/**
 * Evaluation of the AI singer's voice method: `npm run eval:voice -w packages/engine`.
 *
 * A panel of target "people" we can produce here (TTS voices and pitch/formant-shifted versions of
 * them) each gives a 40 s enrolment sample of one text; the AI singer then raps held-out lyrics.
 * Speaker similarity is a GMM-UBM log-likelihood ratio (src/voice-clone/voice-measures.ts) against
 * a model of the target trained on a third text; content is the frame accuracy of a phone
 * recogniser trained on other TTS voices. See the engine README for the definitions.
 *
 * Options: --only id[,id] (panel subset), --out dir (write WAVs for listening), --blind (build
 * without the reading's transcript: the text-independent method), --selection '{"jumpCost":1}'
 * (selection options, for tuning), --sources rms,slt (candidate source voices).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Hz } from '../src/units.ts';
import type { SpeechSynthesis } from '../src/voice/voice-backend.ts';
import { FliteVoiceBackend } from '../src/voice/flite-voice.ts';
import { EspeakVoiceBackend } from '../src/voice/espeak-voice.ts';
import { encodeWav } from '../src/io/wav-codec.ts';
import { normalizeLine } from '../src/text/text-normalizer.ts';
import { stretch } from '../src/dsp/time-stretcher.ts';
import { concatFloat32 } from '../src/pcm-audio.ts';
import { prepareVoiceSample } from '../src/voice-clone/voice-sample.ts';
import {
  buildVoiceModel,
  deserializeVoiceModel,
  DEFAULT_SOURCE_VOICES,
  SOURCE_VOICES,
  VOICE_READING_SCRIPT,
  type SourceVoice,
} from '../src/voice-clone/voice-model.ts';
import { renderInVoice } from '../src/voice-clone/cloned-voice-backend.ts';
import type { SelectionOptions } from '../src/voice-clone/exemplar-index.ts';
import {
  adaptGmm,
  concatFrames,
  phoneFrames,
  recognizePhones,
  speakerFrames,
  speakerScore,
  trainGmm,
  trainPhoneRecognizer,
  type FrameSet,
  type LabelledUtterance,
  type PhoneFrames,
} from '../src/voice-clone/voice-measures.ts';

/** What each person reads to enrol (the guided script, cut to 40 s), as the TTS voices take it. */
const ENROL_TEXT = VOICE_READING_SCRIPT.split('\n')
  .flatMap((line) => normalizeLine(line).flatMap((t) => t.spoken))
  .join(' ');

/** A third text: the target's speaker model is trained on it (neither enrolment nor lyrics). */
const REFERENCE_TEXT = [
  'a yellow kite floated above the beach while seagulls argued over chips',
  'thunder rolled across the valley and the farmer hurried his cows into the barn',
  'please check the oven before you leave because the pie might burn',
  'four clever foxes jumped over a muddy fence near the village church',
  'our teacher played the violin during lunch and everybody stopped to listen',
].join(' ');

/** Held-out lyrics the AI singer raps. */
const LYRICS = [
  'i got the rhythm in my bones and the city in my veins',
  'every single night i write until the sun comes up again',
  'they never knew my name but now they hear it on the radio',
  'keep it moving through the cold with a fire in my soul',
  'money never made me happy but the music made me whole',
  'shout it from the rooftop let the whole world know',
];

interface Person {
  id: string;
  engine: 'flite' | 'espeak';
  voice: string;
  /** A "new person" made by moving pitch and vocal-tract length (Rubber Band R3). */
  shift?: { pitch: number; formant: number };
}

const PANEL: Person[] = [
  { id: 'flite-slt', engine: 'flite', voice: 'slt' },
  { id: 'flite-awb', engine: 'flite', voice: 'awb' },
  { id: 'flite-kal16', engine: 'flite', voice: 'kal16' },
  { id: 'flite-rms', engine: 'flite', voice: 'rms' },
  { id: 'espeak-f3', engine: 'espeak', voice: 'en-us+f3' },
  { id: 'espeak-m3', engine: 'espeak', voice: 'en-us+m3' },
  { id: 'slt-deeper', engine: 'flite', voice: 'slt', shift: { pitch: 0.8, formant: 0.9 } },
  { id: 'awb-brighter', engine: 'flite', voice: 'awb', shift: { pitch: 1.25, formant: 1.1 } },
];

const flite = new FliteVoiceBackend();
const espeak = new EspeakVoiceBackend();

async function say(person: Person, text: string): Promise<SpeechSynthesis> {
  const backend = person.engine === 'flite' ? flite : espeak;
  const spoken = await backend.synthesize({ text, voice: person.voice });
  if (!person.shift) return spoken;
  const samples = await stretch(spoken.samples, {
    sampleRate: spoken.sampleRate,
    timeRatio: 1,
    pitchScale: person.shift.pitch,
    formantFactor: person.shift.formant,
    engine: 'finer',
  });
  return { ...spoken, samples };
}

const utterance = (s: SpeechSynthesis): LabelledUtterance => ({
  samples: s.samples,
  sampleRate: s.sampleRate,
  words: s.words,
});

const joinFrames = (lines: readonly SpeechSynthesis[]): FrameSet =>
  concatFrames(lines.map((l) => speakerFrames(l.samples, l.sampleRate)));

function wav(
  dir: string | undefined,
  name: string,
  lines: readonly { samples: Float32Array; sampleRate: Hz }[],
) {
  if (!dir || lines.length === 0) return;
  const rate = lines[0]!.sampleRate;
  const gap = new Float32Array(Math.round(rate * 0.3));
  const samples = concatFloat32(lines.flatMap((l) => [l.samples, gap]));
  writeFileSync(join(dir, `${name}.wav`), encodeWav({ sampleRate: rate, channels: [samples] }));
}

interface Row {
  voice: string;
  source: SourceVoice;
  warp: number;
  llr_self: number;
  llr_source: number;
  llr_tint: number;
  llr_singer: number;
  tint_gap: number;
  singer_gap: number;
  phone_acc_source: number;
  phone_acc_tint: number;
  phone_acc_singer: number;
  content_kept: number;
  build_s: number;
  build_cpu_s: number;
}
type NumericKey = Exclude<keyof Row, 'voice' | 'source'>;

const fixed = (x: number, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : 'nan');

async function main() {
  const args = process.argv.slice(2);
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1]!.split(',') : undefined;
  const outDir = args.includes('--out') ? args[args.indexOf('--out') + 1] : undefined;
  const blind = args.includes('--blind');
  const sourceVoices = args.includes('--sources')
    ? (args[args.indexOf('--sources') + 1]!.split(',') as SourceVoice[])
    : undefined;
  const selection = args.includes('--selection')
    ? (JSON.parse(args[args.indexOf('--selection') + 1]!) as SelectionOptions)
    : undefined;
  if (outDir) mkdirSync(outDir, { recursive: true });
  const panel = only ? PANEL.filter((p) => only.includes(p.id)) : PANEL;
  const started = performance.now();

  // Labelled speech of the plain Flite voices: the phone recogniser's training material.
  const labelled = new Map<string, PhoneFrames>();
  for (const voice of SOURCE_VOICES) {
    const lines = [
      await flite.synthesize({ text: ENROL_TEXT, voice }),
      await flite.synthesize({ text: REFERENCE_TEXT, voice }),
    ];
    labelled.set(voice, phoneFrames(lines.map(utterance)));
  }

  // Every person's recordings: enrolment, reference (third text) and the lyrics themselves.
  const people = [];
  for (const person of panel) {
    const enrolment = await say(person, ENROL_TEXT);
    const reference = await say(person, REFERENCE_TEXT);
    const lyrics = [];
    for (const line of LYRICS) lyrics.push(await say(person, line));
    people.push({ person, enrolment, reference, lyrics });
  }
  // The background model hears the other people and every source voice reading the reference
  // text, but never the target: a background fitted to the target's own frames leaves nothing for
  // its speaker model to adapt to, and every score collapses towards zero.
  const references = people.map((p) => speakerFrames(p.reference.samples, p.reference.sampleRate));
  const sourcePool: FrameSet[] = [];
  for (const voice of SOURCE_VOICES) {
    const r = await flite.synthesize({ text: REFERENCE_TEXT, voice });
    sourcePool.push(speakerFrames(r.samples, r.sampleRate));
  }
  // With a subset of the panel, the others still stand in the background.
  const backgroundPeople: FrameSet[] = [];
  for (const person of PANEL.filter((p) => !panel.includes(p)).slice(0, Math.max(0, 4 - panel.length))) {
    const r = await say(person, REFERENCE_TEXT);
    backgroundPeople.push(speakerFrames(r.samples, r.sampleRate));
  }

  const rows: Row[] = [];
  for (const [index, { person, enrolment, lyrics }] of people.entries()) {
    const cut = Math.min(enrolment.samples.length, Math.round(40 * enrolment.sampleRate));
    const prepared = await prepareVoiceSample(
      encodeWav({ sampleRate: enrolment.sampleRate, channels: [enrolment.samples.subarray(0, cut)] }),
    );
    // A person is never one of our TTS voices: the voice they were made from may not drive them.
    const candidates = (sourceVoices ?? DEFAULT_SOURCE_VOICES).filter(
      (v) => !(person.engine === 'flite' && v === person.voice),
    );
    const built = await buildVoiceModel(prepared.wav, {
      sourceVoices: candidates,
      ...(blind ? {} : { transcript: VOICE_READING_SCRIPT }),
    });
    const model = deserializeVoiceModel(built.model);
    const sourceVoice: SourceVoice = built.summary.sourceVoice;

    const raw: SpeechSynthesis[] = [];
    const tint: SpeechSynthesis[] = [];
    const sung: SpeechSynthesis[] = [];
    for (const line of LYRICS) {
      const spoken = await flite.synthesize({ text: line, voice: sourceVoice });
      raw.push(spoken);
      const tinted = await stretch(spoken.samples, {
        sampleRate: spoken.sampleRate,
        timeRatio: 1,
        pitchScale: built.summary.pitchRatio,
        formantFactor: built.summary.warp,
        engine: 'finer',
      });
      tint.push({ ...spoken, samples: tinted });
      sung.push(renderInVoice({ voice: model, spoken, ...(selection ? { options: { selection } } : {}) }));
    }
    wav(
      outDir,
      `${person.id}-enrolment`,
      [prepared].map(() => ({
        samples: enrolment.samples.subarray(0, cut),
        sampleRate: enrolment.sampleRate,
      })),
    );
    wav(outDir, `${person.id}-target`, lyrics);
    wav(outDir, `${person.id}-source`, raw);
    wav(outDir, `${person.id}-tint`, tint);
    wav(outDir, `${person.id}-singer`, sung);

    const ubm = trainGmm(
      concatFrames([...references.filter((_, i) => i !== index), ...backgroundPeople, ...sourcePool]),
      { components: 32, iterations: 8 },
    );
    const speaker = adaptGmm(ubm, references[index]!);
    const score = (lines: readonly SpeechSynthesis[]) =>
      speakerScore({ ubm, speaker, frames: joinFrames(lines) });
    const self = score(lyrics);
    const source = score(raw);
    const gap = (x: number) => (x - source) / (self - source);
    const tintScore = score(tint);
    const singerScore = score(sung);

    // The recogniser never heard the target's voice nor the source voice: both are new speakers to it.
    const trainers = [...labelled.entries()]
      .filter(([v]) => v !== sourceVoice && !(person.engine === 'flite' && v === person.voice))
      .map(([, frames]) => frames);
    const recognizer = trainPhoneRecognizer(trainers);
    const contentSource = recognizePhones(recognizer, raw.map(utterance)).accuracy;
    const contentSinger = recognizePhones(recognizer, sung.map(utterance)).accuracy;
    const contentTint = recognizePhones(recognizer, tint.map(utterance)).accuracy;
    const row: Row = {
      voice: person.id,
      source: sourceVoice,
      warp: built.summary.warp,
      llr_self: self,
      llr_source: source,
      llr_tint: tintScore,
      llr_singer: singerScore,
      tint_gap: gap(tintScore),
      singer_gap: gap(singerScore),
      phone_acc_source: contentSource,
      phone_acc_tint: contentTint,
      phone_acc_singer: contentSinger,
      content_kept: contentSinger / contentSource,
      build_s: built.summary.buildSeconds,
      build_cpu_s: built.summary.buildCpuSeconds,
    };
    rows.push(row);
    console.log(
      [
        row.voice.padEnd(13),
        `src=${row.source.padEnd(5)}`,
        `warp=${fixed(row.warp)}`,
        `llr self/src/tint/singer=${fixed(self)}/${fixed(source)}/${fixed(tintScore)}/${fixed(singerScore)}`,
        `gap tint=${fixed(row.tint_gap)} singer=${fixed(row.singer_gap)}`,
        `phones src/tint/singer=${fixed(contentSource)}/${fixed(contentTint)}/${fixed(contentSinger)}`,
        `kept=${fixed(row.content_kept)}`,
        `build=${fixed(row.build_s, 1)}s (cpu ${fixed(row.build_cpu_s, 1)}s)`,
      ].join('  '),
    );
  }
  const mean = (key: NumericKey) => rows.reduce((a, r) => a + r[key], 0) / Math.max(1, rows.length);
  console.log(`eval_s=${fixed((performance.now() - started) / 1000, 1)} voices=${rows.length}`);
  console.log(
    `voice_gap_closed=${fixed(mean('singer_gap'), 3)} tint_gap_closed=${fixed(mean('tint_gap'), 3)} content_kept=${fixed(mean('content_kept'), 3)} build_s=${fixed(mean('build_s'), 2)} build_cpu_s=${fixed(mean('build_cpu_s'), 2)}`,
  );
}

await main();
