/**
 * Evaluation of the song cover: `npm run eval:cover`.
 *
 * Songs the engine makes (its singers' and a rapper's leads over its beats, so every stem is known)
 * are covered by AI singers built from the held-out panel voices of `eval:voice` (each reads the
 * guided script to enrol). Every cover runs the whole path (the engine's separator included,
 * unless --known-stems) and is measured with tools that share nothing with the engine:
 *  - melody: Praat's f0 of the cover vocal against Praat's f0 of the original lead moved by the
 *    cover's shift, in cents, on frames both voice;
 *  - voice_gap_closed: the speaker-similarity measure of `eval:voice` (GMM-UBM, background without
 *    the target): from the original lead (0) to the person reading the song's words (1);
 *  - wer_ratio: PocketSphinx's word error rate on the cover vocal over its rate on the original lead.
 * Per cover a row; the last line gives the median melody error over all voiced frames and the
 * worst panel voice's gap and word error ratio:
 *   melody_cents_median=… voice_gap_closed=… wer_ratio=…
 *
 * Options: --known-stems (skip the separator: the conversion alone), --only song[,song],
 * --out dir (WAVs to listen to).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Hz } from '../src/units.ts';
import { encodeWav } from '../src/io/wav-codec.ts';
import { decodeAudio } from '../src/io/audio-decoder.ts';
import { integratedLoudness } from '../src/analysis/loudness-meter.ts';
import { renderRap } from '../src/render/rap-renderer.ts';
import { prepareVoiceSample } from '../src/voice-clone/voice-sample.ts';
import { buildVoiceModel, VOICE_READING_SCRIPT } from '../src/voice-clone/voice-model.ts';
import { renderCover, renderCoverWith, type CoverRender } from '../src/cover/cover-renderer.ts';
import { knownStems } from '../src/cover/cover-test-songs.ts';
import { transcribe } from './lib/speech-recognizer.ts';
import { pooledWordErrorRate } from './lib/word-error-rate.ts';
import { gapClosed, SpeakerVerifier, type Utterance } from './lib/speaker-similarity.ts';
import { BACKGROUND_VOICES, HELD_OUT_PANEL, speak, unavailableReason } from './lib/held-out-voices.ts';
import { praatPitch } from './lib/external-trackers.ts';

const RATE: Hz = 44100;

/** The songs: lyrics the engine never sings elsewhere, by two of its singers and a rapper. */
const SONGS = [
  {
    id: 'vale-ballad',
    artistId: 'marcus-vale',
    lyrics: [
      'the morning light is falling on the river by the mill',
      'i carry every promise that you left upon the hill',
      'and when the winter gathers i will sing to keep you warm',
      'we never lost the rhythm even walking through the storm',
    ],
  },
  {
    id: 'bloom-lights',
    artistId: 'aria-bloom',
    lyrics: [
      'city lights are dancing on the window of my room',
      'every little secret opens like a flower in bloom',
      'hold me in the moment till the music fades away',
      'we can stay forever if you never let me stray',
    ],
  },
  {
    id: 'volt-corner',
    artistId: 'mc-volt',
    lyrics: [
      'i came up from the corner with a notebook in my hand',
      'every word a building block and now i understand',
      'the people on the block were saying i would never shine',
      'now i run the city every verse and every line',
    ],
  },
];

/** The target's speaker model is trained on this (neither the enrolment script nor the lyrics). */
const REFERENCE_TEXT = [
  'A yellow kite floated above the beach while seagulls argued over chips.',
  'Thunder rolled across the valley and the farmer hurried his cows into the barn.',
  'Please check the oven before you leave, because the pie might burn.',
  'Four clever foxes jumped over a muddy fence near the village church.',
  'Our teacher played the violin during lunch and everybody stopped to listen.',
].join('\n');

/** Praat's f0 (60–1100 Hz: sung notes reach higher than speech) on 10 ms frames from t = 0. */
async function praatF0(samples: Float32Array, sampleRate: Hz): Promise<Float32Array> {
  const track = await praatPitch({ sampleRate, channels: [samples] }, 60, 1100);
  const out = new Float32Array(Math.ceil(samples.length / sampleRate / 0.01));
  track.times.forEach((t, i) => {
    const f = Math.round(t / 0.01);
    if (f < out.length) out[f] = track.f0[i]! > 0 ? track.f0[i]! : 0;
  });
  return out;
}

const fixed = (x: number, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : 'nan');
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[sorted.length >> 1]! : Number.NaN;
};
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const utterance = (samples: Float32Array, sampleRate: Hz = RATE): Utterance => ({ samples, sampleRate });

/** Only where a voice sounds: speaker and word measures should not score long stretches of silence. */
function voicedPart(samples: Float32Array): Float32Array {
  const block = Math.round(0.02 * RATE);
  const kept: number[] = [];
  let peak = 0;
  for (let i = 0; i < samples.length; i++) peak = Math.max(peak, Math.abs(samples[i]!));
  for (let start = 0; start < samples.length; start += block) {
    let sum = 0;
    const end = Math.min(samples.length, start + block);
    for (let i = start; i < end; i++) sum += samples[i]! ** 2;
    if (Math.sqrt(sum / (end - start)) > peak * 0.01)
      for (let i = start; i < end; i++) kept.push(samples[i]!);
  }
  return Float32Array.from(kept);
}

async function makeSong(song: (typeof SONGS)[number]) {
  const rap = await renderRap(
    { lyrics: song.lyrics.join('\n'), artistId: song.artistId, musicSelectionId: null, stems: true },
    { diagnostics: true },
  );
  const lead = rap.diagnostics!.leadVocal;
  const beat = await decodeAudio(rap.beatStem!);
  const n = lead.length;
  const accompaniment = [0, 1].map((c) => {
    const out = new Float32Array(n);
    out.set(beat.channels[c]!.subarray(0, n));
    return out;
  });
  // The lead 1 LU over the beat, centred.
  const gain =
    10 **
    ((integratedLoudness(accompaniment, RATE).integrated +
      1 -
      integratedLoudness([lead, lead], RATE).integrated) /
      20);
  const leadMixed = lead.map((v) => v * gain);
  const mix = accompaniment.map((c) => c.map((v, i) => v + leadMixed[i]!));
  return { lead: leadMixed, accompaniment, wav: encodeWav({ sampleRate: RATE, channels: mix }) };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'known-stems': { type: 'boolean' },
      only: { type: 'string' },
      out: { type: 'string' },
    },
  });
  const outDir = values.out;
  if (outDir) mkdirSync(outDir, { recursive: true });
  const songs = values.only ? SONGS.filter((s) => values.only!.split(',').includes(s.id)) : SONGS;
  const started = performance.now();

  const background: Utterance[] = [];
  for (const voice of BACKGROUND_VOICES) {
    const reason = await unavailableReason(voice);
    if (reason) console.log(`note: ${reason}`);
    else background.push(await speak(voice, REFERENCE_TEXT));
  }
  const verifier = new SpeakerVerifier({ background });

  console.log(`making ${songs.length} songs…`);
  const made = [];
  for (const song of songs) {
    const s = await makeSong(song);
    const leadF0 = await praatF0(s.lead, RATE);
    const leadText = await transcribe({ sampleRate: RATE, channels: [voicedPart(s.lead)] });
    made.push({ ...song, ...s, leadF0, leadText });
    if (outDir) writeFileSync(join(outDir, `${song.id}.wav`), s.wav);
  }

  const header = `${'song'.padEnd(13)} ${'person'.padEnd(14)} shift melody_cents voiced_both wer_cover wer_lead   gap`;
  console.log(header);
  const allCents: number[] = [];
  const perPerson: { id: string; gaps: number[]; wer: number; werLead: number }[] = [];
  for (const person of HELD_OUT_PANEL) {
    const reason = await unavailableReason(person);
    if (reason) {
      console.log(`note: skipped ${reason}`);
      continue;
    }
    const enrolment = await speak(person, VOICE_READING_SCRIPT);
    const prepared = await prepareVoiceSample(
      encodeWav({ sampleRate: enrolment.sampleRate, channels: [enrolment.samples] }),
    );
    const { model: voiceModel } = await buildVoiceModel(prepared.wav, { transcript: VOICE_READING_SCRIPT });
    const speakerModel = verifier.enrol([await speak(person, REFERENCE_TEXT)]);
    const gaps: number[] = [];
    const coverPairs: { reference: string; hypothesis: string }[] = [];
    const leadPairs: { reference: string; hypothesis: string }[] = [];
    for (const song of made) {
      const request = { song: song.wav, voiceModel, title: song.id, singerName: person.id };
      const render: CoverRender = values['known-stems']
        ? await renderCoverWith(
            request,
            { diagnostics: true },
            knownStems(song.lead, song.accompaniment, RATE),
          )
        : await renderCover(request, { diagnostics: true });
      const vocal = render.diagnostics!.vocal;
      const coverF0 = await praatF0(vocal, RATE);
      const ratio = 2 ** (render.appliedShift / 12);
      const cents: number[] = [];
      let leadVoiced = 0;
      for (let f = 0; f < Math.min(coverF0.length, song.leadF0.length); f++) {
        if (!(song.leadF0[f]! > 0)) continue;
        leadVoiced++;
        if (coverF0[f]! > 0) cents.push(Math.abs(1200 * Math.log2(coverF0[f]! / (song.leadF0[f]! * ratio))));
      }
      allCents.push(...cents);
      const sung = voicedPart(vocal);
      const hypothesis = await transcribe({ sampleRate: RATE, channels: [sung] });
      const reference = song.lyrics.join(' ');
      coverPairs.push({ reference, hypothesis });
      leadPairs.push({ reference, hypothesis: song.leadText });
      const llrTarget = verifier.score(speakerModel, [await speak(person, song.lyrics.join('.\n'))]);
      const llrCover = verifier.score(speakerModel, [utterance(sung)]);
      const llrSource = verifier.score(speakerModel, [utterance(voicedPart(song.lead))]);
      const gap = gapClosed(llrTarget, llrCover, llrSource);
      gaps.push(gap);
      const werCover = pooledWordErrorRate([{ reference, hypothesis }]);
      const werLead = pooledWordErrorRate([{ reference, hypothesis: song.leadText }]);
      console.log(
        `${song.id.padEnd(13)} ${person.id.padEnd(14)} ${String(render.appliedShift).padStart(5)} ${fixed(median(cents), 1).padStart(12)} ${fixed(cents.length / Math.max(1, leadVoiced)).padStart(11)} ${fixed(werCover).padStart(9)} ${fixed(werLead).padStart(8)} ${fixed(gap).padStart(5)}`,
      );
      if (outDir) {
        writeFileSync(join(outDir, `${song.id}-${person.id}.mp3`), render.mp3);
        writeFileSync(
          join(outDir, `${song.id}-${person.id}-vocal.wav`),
          encodeWav({ sampleRate: RATE, channels: [vocal] }),
        );
      }
    }
    perPerson.push({
      id: person.id,
      gaps,
      wer: pooledWordErrorRate(coverPairs),
      werLead: pooledWordErrorRate(leadPairs),
    });
  }
  if (perPerson.length === 0) throw new Error('No panel voice could speak here; see the notes above.');
  for (const p of perPerson)
    console.log(
      `person ${p.id}: voice_gap_closed=${fixed(mean(p.gaps))} wer_cover=${fixed(p.wer)} wer_lead=${fixed(p.werLead)} wer_ratio=${fixed(p.wer / p.werLead)}`,
    );
  const worstGap = Math.min(...perPerson.map((p) => mean(p.gaps)));
  const worstWer = Math.max(...perPerson.map((p) => p.wer / p.werLead));
  console.log(
    `(${values['known-stems'] ? 'known stems' : "the engine's separator"}; melody over all voiced frames, gap and word errors of the worst voice; ${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
  console.log(
    `melody_cents_median=${fixed(median(allCents), 1)} voice_gap_closed=${fixed(worstGap)} wer_ratio=${fixed(worstWer)}`,
  );
}

await main();
