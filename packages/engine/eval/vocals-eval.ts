/**
 * The sound of every artist, judged by tools that are not the engine's: `npm run eval:vocals`.
 *
 * The repo's own lyric set (eval/data/vocals-lyrics.txt: times, money, units, ordinals, acronyms,
 * names, fast and slow lines) is rendered by every artist in the catalogue, voice only and in the
 * mix, and compared with the same TTS voice reading the same words plainly:
 * - intelligibility: PocketSphinx (en-us) transcripts scored as word error rate against the lyrics
 *   (eval/lib/word-error-rate.ts), the mean of two decodings (see DECODING_OFFSET); the ratio to
 *   the plain reading's WER is the loss the rap processing adds. PocketSphinx cannot read eSpeak
 *   voices even plainly (WER ≈ 0.8), so the ratio is reported for flite artists only. The mix is
 *   also decoded with everything outside the lines silenced ("lines"; see onlyWithinLines): the
 *   recogniser hears words in the beat alone, which no listener does.
 * - rhythm: vowel onsets (SoX band-pass 100–900 Hz, aubio hfc onsets) against the artist's grid at
 *   the groove tempo (16ths with the beat's swing on odd 16ths; triplets and 32nds for those flows),
 *   grid origin 0, with the share a random onset would reach.
 * - singers: Praat F0 on the voice-only render: distinct held pitch classes per line, share of
 *   voiced frames within ±50 cents of a note of the song's key.
 * - vocal stem (the MP3 stem of the mix render): true peak, clipped samples, clicks (samples above
 *   6× the RMS of the 10 ms around them) per minute of voice, harmonic band top and energy above
 *   7 kHz in voiced frames.
 *
 * Options: --only id[,id]   --out dir (WAVs and transcripts)   --jobs n (external programs at
 * once; default 2)   --lyrics file (eval/data/vocals-lyrics-2.txt, -3.txt and -4.txt are three
 * more sets, each written after the engine was tuned on the ones before)   --lines a-b (only lyric lines a
 * to b, counted from 1 across stanzas; or VOCALS_EVAL_LINES=a-b): a short subset while iterating, never for figures.
 * The last line is `rap_wer_ratio=… mix_wer_ratio=… mix_lines_wer_ratio=… onsets_in30=…
 * singer_notes_per_line=… singer_in_key=…` for the worst artist.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Seconds } from '../src/units.ts';
import type { PcmAudio } from '../src/pcm-audio.ts';
import { concatFloat32 } from '../src/pcm-audio.ts';
import { ARTISTS, type ArtistDefinition } from '../src/artists/artist-catalog.ts';
import { defaultSelectionFor, renderRap, type RapRender } from '../src/render/rap-renderer.ts';
import { MOOD_PRESETS } from '../src/beats/mood-presets.ts';
import { parseLyrics } from '../src/flow/song-structure.ts';
import { normalizeLine } from '../src/text/text-normalizer.ts';
import { FliteVoiceBackend } from '../src/voice/flite-voice.ts';
import { EspeakVoiceBackend } from '../src/voice/espeak-voice.ts';
import type { VoiceBackend } from '../src/voice/voice-backend.ts';
import { decodeAudio } from '../src/io/audio-decoder.ts';
import { encodeWav } from '../src/io/wav-codec.ts';
import { findRecognizer, transcribe } from './lib/speech-recognizer.ts';
import { wordErrors, type WordErrors } from './lib/word-error-rate.ts';
import { praatPitch, trackerVersions, vowelOnsets } from './lib/external-trackers.ts';
import { debianVersion } from './lib/system-tools.ts';
import {
  clippedSamples,
  inKeyShare,
  notesInSpan,
  onlyWithinLines,
  onsetTiming,
  scalePitchClasses,
  spikesPerMinute,
  truePeakDb,
  vocalBand,
  type OnsetTiming,
  type SwungGrid,
} from './lib/vocal-measures.ts';

const here = dirname(fileURLToPath(import.meta.url));
const SEED = 7;
const PLAIN_GAP: Seconds = 0.4;

interface Row {
  artist: string;
  kind: ArtistDefinition['kind'];
  tts: string;
  werVoice: number;
  werMix: number;
  /** The mix decoded only where the voice is (see onlyWithinLines). */
  werMixLines: number;
  werPlain: number;
  onsets: OnsetTiming;
  onsets16th: OnsetTiming;
  grid: string;
  notesPerLine?: number;
  inKey?: number;
  stemTruePeakDb: number;
  stemClipped: number;
  stemSpikesPerMinute: number;
  plainSpikesPerMinute: number;
  bandTopHz: number;
  plainBandTopHz: number;
  above7kDb: number;
  renderSeconds: number;
}

/** At most `limit` external programs at once: the machine is shared. */
function limiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

const mono = (audio: PcmAudio): PcmAudio => ({
  sampleRate: audio.sampleRate,
  channels: [
    audio.channels.length === 1
      ? audio.channels[0]!
      : Float32Array.from(audio.channels[0]!, (v, i) => 0.5 * (v + audio.channels[1]![i]!)),
  ],
});

const backends: Record<ArtistDefinition['recipe']['backend'], VoiceBackend> = {
  flite: new FliteVoiceBackend(),
  espeak: new EspeakVoiceBackend(),
};

/** The artist's own TTS voice reading each line plainly (no rap processing), lines apart. */
async function plainReading(artist: ArtistDefinition, lines: readonly string[]): Promise<PcmAudio> {
  const backend = backends[artist.recipe.backend];
  const chunks: Float32Array[] = [];
  let sampleRate = 16000;
  for (const line of lines) {
    const text = normalizeLine(line)
      .flatMap((t) => t.spoken)
      .join(' ');
    if (!text) continue;
    const speech = await backend.synthesize({ text, voice: artist.recipe.voice });
    sampleRate = speech.sampleRate;
    chunks.push(speech.samples, new Float32Array(Math.round(PLAIN_GAP * sampleRate)));
  }
  return { sampleRate, channels: [concatFloat32(chunks)] };
}

/**
 * The grid the artist's flow was placed on, as the renderer reports it (16ths with the beat's
 * swing on odd ones, triplets, 16th-note triplets on a half-time groove, or 32nds).
 */
function flowGrid(render: RapRender): { grid: SwungGrid; label: string } {
  const { secondsPerBeat: beat, secondsPerSlot, swing } = render.diagnostics!;
  const slots = Math.round(beat / secondsPerSlot);
  const grid = { secondsPerSlot, swing, origin: render.diagnostics!.gridOrigin };
  const names: Record<number, string> = { 3: 'triplets', 4: '16ths', 6: '16th triplets', 8: '32nds' };
  const name = names[slots] ?? `${slots}/beat`;
  return { grid, label: `${name}${grid.swing ? ` swing ${grid.swing}` : ''} @${(60 / beat).toFixed(0)}` };
}

const fixed = (x: number | undefined, digits = 2) =>
  x !== undefined && Number.isFinite(x) ? x.toFixed(digits) : '—';
const rate = (e: WordErrors) => e.errors / Math.max(1, e.referenceWords);
/**
 * Every recording is decoded twice, the second time 0.37 s later in its file, and the two word
 * error rates averaged: the recogniser's segmentation moves with the offset, and single decodings
 * of one render differed by up to 13 words of 158 (Deacon Grey's dry lead: 44 and 57 lost).
 */
const DECODING_OFFSET: Seconds = 0.37;
const delayed = (audio: PcmAudio, by: Seconds): PcmAudio => {
  const silence = new Float32Array(Math.round(by * audio.sampleRate));
  return { sampleRate: audio.sampleRate, channels: audio.channels.map((c) => concatFloat32([silence, c])) };
};
const meanRate = (reference: string, heard: readonly string[]) =>
  heard.reduce((a, h) => a + rate(wordErrors(reference, h)), 0) / heard.length;
/** A plain reading heard perfectly would make any ratio infinite: floor it at 2 %. */
const ratio = (wer: number, plain: number) => wer / Math.max(plain, 0.02);

const HEADER =
  'artist        tts            WER voice  mix lines  plain | ratio voice  mix lines | onsets in30 (chance) p90ms grid                   16ths | notes/line in-key | stem dBTP clip spikes/min (plain) | band kHz (plain) >7k dB';

function formatRow(r: Row): string {
  const flite = r.tts.startsWith('flite');
  return [
    r.artist.padEnd(13),
    r.tts.padEnd(14),
    fixed(r.werVoice).padStart(9),
    fixed(r.werMix).padStart(5),
    fixed(r.werMixLines).padStart(5),
    fixed(r.werPlain).padStart(6),
    '|',
    (flite ? fixed(ratio(r.werVoice, r.werPlain)) : 'n/a').padStart(11),
    (flite ? fixed(ratio(r.werMix, r.werPlain)) : 'n/a').padStart(4),
    (flite ? fixed(ratio(r.werMixLines, r.werPlain)) : 'n/a').padStart(5),
    '|',
    String(r.onsets.onsets).padStart(6),
    fixed(r.onsets.within).padStart(4),
    `(${fixed(r.onsets.chance)})`.padStart(8),
    fixed(r.onsets.p90ErrorMs, 0).padStart(5),
    r.grid.padEnd(22),
    fixed(r.onsets16th.within).padStart(5),
    '|',
    fixed(r.notesPerLine).padStart(10),
    fixed(r.inKey).padStart(6),
    '|',
    fixed(r.stemTruePeakDb, 1).padStart(9),
    String(r.stemClipped).padStart(4),
    fixed(r.stemSpikesPerMinute, 0).padStart(10),
    `(${fixed(r.plainSpikesPerMinute, 0)})`.padStart(7),
    '|',
    fixed(r.bandTopHz / 1000, 1).padStart(8),
    `(${fixed(r.plainBandTopHz / 1000, 1)})`.padStart(7),
    fixed(r.above7kDb, 1).padStart(6),
  ].join(' ');
}

/**
 * How hard the stretcher worked (a stage diagnostic, not a score): each syllable's vowel span as
 * rendered against as spoken, from the renderer's own placement.
 */
function stretchSummary(render: RapRender): string {
  const ratios = render
    .diagnostics!.syllables.map((s) => s.stretch)
    .filter((x) => Number.isFinite(x) && x > 0)
    .sort((a, b) => a - b);
  if (ratios.length === 0) return 'no syllables placed';
  const at = (q: number) => ratios[Math.floor(q * (ratios.length - 1))]!.toFixed(2);
  const over = ratios.filter((x) => x > 1.6).length;
  const under = ratios.filter((x) => x < 0.8).length;
  return `vowel spans stretched: median ${at(0.5)}, p10 ${at(0.1)}, p90 ${at(0.9)}, over 1.6x ${over}, under 0.8x ${under} of ${ratios.length}`;
}

/** The lyrics cut to lines a..b (1-based, across stanzas), stanzas kept apart; all of them without a range. */
function selectLines(lyrics: string, range: string | undefined): string {
  if (!range) return lyrics;
  const match = /^(\d+)-(\d+)$/.exec(range.trim());
  if (!match) throw new Error(`--lines wants a range such as 1-5, not "${range}"`);
  const [from, to] = [Number(match[1]), Number(match[2])];
  let n = 0;
  const stanzas = parseLyrics(lyrics)
    .map((section) => section.lines.filter(() => ++n >= from && n <= to))
    .filter((kept) => kept.length > 0);
  if (stanzas.length === 0) throw new Error(`--lines ${range} keeps no line of the lyrics`);
  return stanzas.map((kept) => kept.join('\n')).join('\n\n');
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const only = option('--only')?.split(',');
  const outDir = option('--out');
  const jobs = Math.max(1, Number(option('--jobs') ?? Math.min(2, availableParallelism())));
  const lyricsPath = option('--lyrics') ?? join(here, 'data', 'vocals-lyrics.txt');
  const lyrics = selectLines(
    readFileSync(lyricsPath, 'utf8'),
    option('--lines') ?? process.env.VOCALS_EVAL_LINES,
  );
  const lines = parseLyrics(lyrics).flatMap((s) => s.lines);
  const reference = lines.join('\n');
  const artists = only ? ARTISTS.filter((a) => only.includes(a.id)) : ARTISTS;
  if (artists.length === 0) throw new Error(`No artist matches --only ${only?.join(',')}`);
  if (outDir) mkdirSync(outDir, { recursive: true });
  const started = performance.now();

  const recognizer = await findRecognizer();
  console.log(
    `recogniser: ${recognizer.binary} (pocketsphinx ${await debianVersion('pocketsphinx')}), model ${recognizer.hmm}`,
  );
  console.log(`trackers: ${await trackerVersions()}`);
  console.log(
    `lyrics: ${lyricsPath} (${lines.length} lines); ${artists.length} artists; renders one at a time, ${jobs} external program(s) at once`,
  );
  const external = limiter(jobs);
  const save = (name: string, audio: PcmAudio) => {
    if (outDir) writeFileSync(join(outDir, `${name}.wav`), encodeWav(audio));
  };
  const transcripts: string[] = [];

  const pending: Promise<Row>[] = [];
  for (const artist of artists) {
    const t0 = performance.now();
    const request = {
      lyrics,
      artistId: artist.id,
      musicSelectionId: null,
      form: 'preview',
      seed: SEED,
    } as const;
    const voiceRender = await renderRap({ ...request, accompaniment: 'none' }, { diagnostics: true });
    const mixRender = await renderRap(
      { ...request, accompaniment: 'beat', stems: true },
      { diagnostics: true },
    );
    const plain = await plainReading(artist, lines);
    const renderSeconds = (performance.now() - t0) / 1000;
    const [voiceL, voiceR] = voiceRender.diagnostics!.master;
    const voice: PcmAudio = mono({
      sampleRate: voiceRender.diagnostics!.sampleRate,
      channels: [voiceL, voiceR],
    });
    const mix: PcmAudio = {
      sampleRate: mixRender.diagnostics!.sampleRate,
      channels: mixRender.diagnostics!.master,
    };
    const stem = mono(await decodeAudio(mixRender.vocalStem!));
    save(`${artist.id}.voice`, voice);
    save(`${artist.id}.mix`, mix);
    save(`${artist.id}.plain`, plain);
    save(`${artist.id}.stem`, stem);
    const { grid, label } = flowGrid(voiceRender);
    const grid16: SwungGrid = {
      secondsPerSlot: voiceRender.diagnostics!.secondsPerBeat / 4,
      swing: MOOD_PRESETS[defaultSelectionFor(artist).mood].swing,
      origin: 0,
    };
    const spans = voiceRender.lines.map((l) => [l.start, l.end] as [Seconds, Seconds]);
    const mixLines: PcmAudio = {
      sampleRate: mix.sampleRate,
      channels: mix.channels.map((c) =>
        onlyWithinLines(
          c,
          mix.sampleRate,
          mixRender.lines.map((l) => [l.start, l.end] as const),
        ),
      ),
    };
    pending.push(
      (async (): Promise<Row> => {
        const row = await measure();
        console.log(`  measured ${formatRow(row)}`);
        return row;
        async function measure(): Promise<Row> {
          const decode = (audio: PcmAudio) =>
            Promise.all([audio, delayed(audio, DECODING_OFFSET)].map((a) => external(() => transcribe(a))));
          const [heardVoice, heardMix, heardMixLines, heardPlain, onsets, voicePitch, stemPitch, plainPitch] =
            await Promise.all([
              decode(voice),
              decode(mix),
              decode(mixLines),
              decode(plain),
              external(() => vowelOnsets(voice)),
              artist.kind === 'singer' ? external(() => praatPitch(voice)) : Promise.resolve(undefined),
              external(() => praatPitch(stem)),
              external(() => praatPitch(plain)),
            ]);
          transcripts.push(
            `# ${artist.id}\n${[
              ...heardVoice.map((t) => `voice: ${t}`),
              ...heardMix.map((t) => `mix:   ${t}`),
              ...heardMixLines.map((t) => `lines: ${t}`),
              ...heardPlain.map((t) => `plain: ${t}`),
            ].join('\n')}\n`,
          );
          const scale = scalePitchClasses(voiceRender.key);
          const notes = voicePitch ? spans.map(([a, b]) => notesInSpan(voicePitch, a, b)) : undefined;
          const stemSamples = stem.channels[0]!;
          const plainSamples = plain.channels[0]!;
          const stemBand = vocalBand(stemSamples, stem.sampleRate, stemPitch);
          return {
            artist: artist.id,
            kind: artist.kind,
            tts: `${artist.recipe.backend}:${artist.recipe.voice}`,
            werVoice: meanRate(reference, heardVoice),
            werMix: meanRate(reference, heardMix),
            werMixLines: meanRate(reference, heardMixLines),
            werPlain: meanRate(reference, heardPlain),
            onsets: onsetTiming(onsets, grid),
            onsets16th: onsetTiming(onsets, grid16),
            grid: label,
            ...(notes && voicePitch
              ? {
                  notesPerLine: notes.reduce((a, b) => a + b, 0) / Math.max(1, notes.length),
                  inKey: inKeyShare(voicePitch, spans, scale).inKey,
                }
              : {}),
            stemTruePeakDb: truePeakDb(stemSamples, stem.sampleRate),
            stemClipped: clippedSamples(stemSamples),
            stemSpikesPerMinute: spikesPerMinute(stemSamples, stem.sampleRate).perMinute,
            plainSpikesPerMinute: spikesPerMinute(plainSamples, plain.sampleRate).perMinute,
            bandTopHz: stemBand.harmonicTopHz,
            plainBandTopHz: vocalBand(plainSamples, plain.sampleRate, plainPitch).harmonicTopHz,
            above7kDb: stemBand.above7kDb,
            renderSeconds,
          };
        }
      })(),
    );
    console.log(`  rendered ${artist.id} in ${renderSeconds.toFixed(1)} s; ${stretchSummary(voiceRender)}`);
  }
  const rows = await Promise.all(pending);
  if (outDir) writeFileSync(join(outDir, 'transcripts.txt'), transcripts.join('\n'));

  console.log('');
  console.log(HEADER);
  for (const r of rows) console.log(formatRow(r));
  const fliteRows = rows.filter((r) => r.tts.startsWith('flite'));
  const singers = rows.filter((r) => r.kind === 'singer');
  const worst = (values: number[], pick: (...v: number[]) => number) =>
    values.length ? pick(...values) : NaN;
  console.log('');
  console.log(
    'WER ratios are for flite artists only: PocketSphinx cannot read eSpeak voices even plainly. ' +
      `Onset grid: the flow's own slots at the groove tempo; "16ths" is the same onsets on swung 16ths. ` +
      `Stem spikes and band are measured on the MP3 vocal stem. ${((performance.now() - started) / 1000).toFixed(0)} s in all.`,
  );
  const summary = {
    rap_wer_ratio: worst(
      fliteRows.map((r) => ratio(r.werVoice, r.werPlain)),
      Math.max,
    ),
    mix_wer_ratio: worst(
      fliteRows.map((r) => ratio(r.werMix, r.werPlain)),
      Math.max,
    ),
    mix_lines_wer_ratio: worst(
      fliteRows.map((r) => ratio(r.werMixLines, r.werPlain)),
      Math.max,
    ),
    onsets_in30: worst(
      rows.map((r) => r.onsets.within),
      Math.min,
    ),
    singer_notes_per_line: worst(
      singers.map((r) => r.notesPerLine ?? 0),
      Math.min,
    ),
    singer_in_key: worst(
      singers.map((r) => r.inKey ?? 0),
      Math.min,
    ),
    stem_dbtp: worst(
      rows.map((r) => r.stemTruePeakDb),
      Math.max,
    ),
    stem_spikes_per_min: worst(
      rows.map((r) => r.stemSpikesPerMinute),
      Math.max,
    ),
  };
  console.log(
    Object.entries(summary)
      .map(([k, v]) => `${k}=${fixed(v, k === 'stem_spikes_per_min' ? 1 : 2)}`)
      .join(' '),
  );
}

await main();
