import type { Decibels, Hz, Seconds } from '../units.ts';
import { RenderInputError, throwIfAborted } from '../errors.ts';
import { findArtist, type ArtistDefinition } from '../artists/artist-catalog.ts';
import {
  findMusicSelection,
  MUSIC_SELECTIONS,
  type MusicSelectionDefinition,
} from '../beats/music-catalog.ts';
import { renderBeat, grooveTempo, type ArrangementSection, type BeatRender } from '../beats/beat-engine.ts';
import { MOOD_PRESETS } from '../beats/mood-presets.ts';
import { degreeToMidi, hzToMidi, midiToHz } from '../beats/music-theory.ts';
import { parseLyrics } from '../flow/song-structure.ts';
import { FLOW_STYLES, onGroove, type FlowStyle } from '../flow/flow-style.ts';
import {
  NEXT_LINE_GAP,
  nextLineSlot,
  planLine,
  SPEAKING_RATES,
  type LinePlan,
} from '../flow/flow-planner.ts';
import { melodyF0, planMelody, type MelodyNote } from '../flow/melody-planner.ts';
import { psolaPitch } from '../dsp/psola-pitch.ts';
import { holdPitch } from '../dsp/pitch-holder.ts';
import { normalizeLine, type NormalizedToken } from '../text/text-normalizer.ts';
import { syllabify, type TimedSyllable } from '../text/syllabifier.ts';
import type {
  OnsetConsonants,
  SpeechSynthesis,
  TimedWord,
  VoiceBackend,
  VoiceConversion,
} from '../voice/voice-backend.ts';
import { FliteVoiceBackend } from '../voice/flite-voice.ts';
import { EspeakVoiceBackend } from '../voice/espeak-voice.ts';
import {
  FORMANT_KEY_SHARE,
  planToPlannerSyllables,
  nearestKeyTime,
  placeLine,
  renderLine,
  wordVoicingOnset,
  voicedOnlyBefore,
  type LinePlacement,
  type LineRenderOptions,
  type PlacedSyllable,
  type RenderedLine,
} from '../voice/line-renderer.ts';
import { extendBandwidth } from '../voice/bandwidth-extender.ts';
import { resample } from '../dsp/resampler.ts';
import { stretchFast } from '../dsp/time-stretcher.ts';
import { processVocal } from '../mix/vocal-chain.ts';
import { mixSong, type MixResult } from '../mix/song-mixer.ts';
import { master } from '../mix/mastering.ts';
import { encodeMp3 } from '../io/mp3-encoder.ts';
import { encodeStem } from '../io/stem-encoder.ts';
import { applyFades, mixInto } from '../pcm-audio.ts';
import { semitonesToRatio } from '../units.ts';
import { toLrc, waveformPeaks, type TimedText } from './song-outputs.ts';
import { Biquad } from '../dsp/biquad-filter.ts';
import { smoothSpikes } from '../dsp/spike-smoother.ts';

import { RAP_PHASES, type RapPhase } from './rap-phases.ts';
export { RAP_PHASES, type RapPhase };

export interface RapRequest {
  lyrics: string;
  artistId: string;
  /** null (or "na") picks a beat that suits the artist (with accompaniment 'none', only its tempo). */
  musicSelectionId: string | null;
  /** 'none': the voice alone on that beat's tempo and grid; no beat is rendered or mixed, no beatStem. Default 'beat'. */
  accompaniment?: 'beat' | 'none';
  title?: string;
  seed?: number;
  /** Also encode vocal and beat stems as MP3 (about doubles encoding time). Default false. */
  stems?: boolean;
  /** 'preview' trims the intro and outro to one bar each (artist demos). */
  form?: 'song' | 'preview';
  /** Ride the beat this way instead of the artist's own flow. */
  flowStyle?: FlowStyle['id'];
}

export interface RenderControls<Phase extends string = RapPhase> {
  onProgress?(phase: Phase, fraction: number): void;
  signal?: AbortSignal;
  /**
   * Replaces the artist's TTS (e.g. a person's cloned voice); same timings contract. Such a voice
   * keeps its own pitch and timbre: only the artist's flow is borrowed, never its pitch or formant
   * recipe (which exists to turn a stock TTS voice into that artist).
   */
  voiceBackend?: VoiceBackend;
  /** Who sings when `voiceBackend` does (an AI singer's name): credited in the lyric file and result. */
  singerName?: string;
  /** Keep PCM stems and per-syllable placement in the result (tests, analysis); not for the wire. */
  diagnostics?: boolean;
}

export interface RapRender {
  mp3: Uint8Array;
  durationSeconds: Seconds;
  lrc: string;
  words: TimedText[];
  lines: TimedText[];
  waveform: number[];
  vocalStem?: Uint8Array;
  beatStem?: Uint8Array;
  loudness: { integratedLufs: number; truePeakDbtp: number };
  bpm: number;
  key: string;
  sections: { kind: string; start: Seconds; bars: number }[];
  /** Who the song is credited to: the AI singer when one sang, else the artist. */
  artist: string;
  diagnostics?: RapDiagnostics;
}

export interface RapDiagnostics {
  sampleRate: Hz;
  /** Dry lead vocal as placed (before effects): the stem onsets are measured on. */
  leadVocal: Float32Array;
  master: [Float32Array, Float32Array];
  syllables: PlacedSyllable[];
  secondsPerBeat: Seconds;
  /** The grid the flow was placed on: one slot, and the delay of odd slots (swing, a share of a slot). */
  secondsPerSlot: Seconds;
  swing: number;
  /** Song time of bar 0 beat 0. */
  gridOrigin: Seconds;
  phaseSeconds: Record<RapPhase, number>;
}

const SAMPLE_RATE = 44100;
const INTRO_BARS = 2;
const OUTRO_BARS = 2;

interface PreparedLine {
  text: string;
  tokens: NormalizedToken[];
  spoken: string;
  section: number;
}

interface SynthesizedLine {
  speech: SpeechSynthesis;
  syllables: TimedSyllable[];
  /** Set when `speech` is the source voice's, to be converted once placed. */
  conversion?: VoiceConversion | undefined;
}

/** `samples` cut or padded with silence to `length`. */
function fitLength(samples: Float32Array, length: number): Float32Array {
  const out = new Float32Array(length);
  out.set(samples.subarray(0, length));
  return out;
}

const backends = new Map<string, VoiceBackend>();
function backendFor(recipe: ArtistDefinition['recipe']): VoiceBackend {
  let b = backends.get(recipe.backend);
  if (!b) {
    b = recipe.backend === 'flite' ? new FliteVoiceBackend() : new EspeakVoiceBackend();
    backends.set(recipe.backend, b);
  }
  return b;
}

/** A beat that suits the artist when the person picked none. */
export function defaultSelectionFor(artist: ArtistDefinition): MusicSelectionDefinition {
  const byStyle: Record<FlowStyle['id'], string> = {
    straight: 'dusty-crates',
    'laid-back': 'late-night-cipher',
    'double-time': 'concrete-poet',
    triplet: 'shadow-work',
    choppy: 'full-throttle',
    melodic: 'golden-hour',
  };
  return findMusicSelection(byStyle[artist.style]) ?? MUSIC_SELECTIONS[0]!;
}

/** Lyrics + artist + beat -> mastered MP3 with word timings. Plain data in and out: runs in a worker. */
export async function renderRap(request: RapRequest, controls: RenderControls = {}): Promise<RapRender> {
  const { signal, diagnostics } = controls;
  const clock = phaseClock(controls);
  clock.enter('preparing-lyrics');
  const song = prepareSong(request, controls);
  clock.enter('synthesizing-voice');
  const voice = await synthesizeVoice(song, controls);
  clock.enter('placing-on-beat');
  const placed = await placeOnBeat(song, voice, request.form, controls);
  // Reported even with no beat, so progress walks every phase of RAP_PHASES.
  clock.enter('rendering-beat');
  const beatRender = renderSongBeat(song, placed, request.seed, signal);
  clock.enter('mixing');
  const mixed = mixVocals(song, placed, beatRender, {
    keepDryLead: diagnostics === true,
    stems: request.stems === true,
  });
  clock.enter('mastering');
  const mastered = masterSong(mixed.mix, placed.totalBars * song.barDuration);
  clock.enter('encoding');
  const encoded = await encodeSong(mastered, mixed, request.stems === true, beatRender !== null, signal);
  const phaseSeconds = clock.finish();
  const cleanWords = placed.words.map(({ text, start, end }) => ({ text, start, end }));
  let at = 0;
  const sectionTimes = placed.arrangement.map((s) => {
    const out = { kind: s.kind, start: round3(at * song.barDuration), bars: s.bars };
    at += s.bars;
    return out;
  });
  return {
    mp3: encoded.mp3,
    durationSeconds: mastered.length / SAMPLE_RATE,
    lrc: toLrc(placed.lineTimes, placed.words, { title: request.title, artist: song.credit }),
    words: cleanWords,
    lines: placed.lineTimes,
    waveform: waveformPeaks(mastered.channels, 800),
    ...(encoded.vocalStem ? { vocalStem: encoded.vocalStem } : {}),
    ...(encoded.beatStem ? { beatStem: encoded.beatStem } : {}),
    loudness: {
      integratedLufs: round3(mastered.loudness.integratedLufs),
      truePeakDbtp: round3(mastered.loudness.truePeakDbtp),
    },
    bpm: song.selection.bpm,
    key: `${song.selection.key.tonic} ${song.selection.key.mode}`,
    sections: sectionTimes,
    artist: song.credit,
    ...(diagnostics && mixed.dryLead
      ? {
          diagnostics: {
            sampleRate: SAMPLE_RATE,
            leadVocal: mixed.dryLead.subarray(0, mastered.length),
            master: [mastered.channels[0]!, mastered.channels[1]!] as [Float32Array, Float32Array],
            syllables: placed.syllables,
            secondsPerBeat: song.beat,
            secondsPerSlot: song.beat / song.style.slotsPerBeat,
            swing: song.lineSwing,
            gridOrigin: 0,
            phaseSeconds,
          },
        }
      : {}),
  };
}

/** Progress per phase: each `enter` closes the phase before (fraction 1) and opens the next (0). */
function phaseClock({ onProgress, signal }: RenderControls) {
  const phaseSeconds = Object.fromEntries(RAP_PHASES.map((p) => [p, 0])) as Record<RapPhase, number>;
  let phaseStart = performance.now();
  let current: RapPhase | undefined;
  const close = () => {
    if (!current) return;
    phaseSeconds[current] += (performance.now() - phaseStart) / 1000;
    onProgress?.(current, 1);
  };
  return {
    enter(phase: RapPhase) {
      throwIfAborted(signal);
      close();
      phaseStart = performance.now();
      current = phase;
      onProgress?.(phase, 0);
    },
    finish(): Record<RapPhase, number> {
      close();
      current = undefined;
      return phaseSeconds;
    },
  };
}

/** What the request asks for, checked and looked up once: every later phase reads it. */
export interface SongPlan {
  artist: ArtistDefinition;
  recipe: ArtistDefinition['recipe'];
  selection: MusicSelectionDefinition;
  accompaniment: 'beat' | 'none';
  sections: ReturnType<typeof parseLyrics>;
  lines: PreparedLine[];
  /** The flow as ridden on this beat's groove (see onGroove). */
  style: FlowStyle;
  /** Seconds per beat of the groove, and per bar. */
  beat: Seconds;
  barDuration: Seconds;
  /** Delay of odd 16ths (the beat's swing; 16th flows only). */
  lineSwing: number;
  backend: VoiceBackend;
  /** A replacement voice (an AI singer) sings as itself: no recipe pitch or formant shift. */
  ownVoice: boolean;
  credit: string;
}

/** Phase `preparing-lyrics`: the request checked, the lyrics parsed into sections and spoken lines. */
export function prepareSong(
  request: RapRequest,
  controls: Pick<RenderControls, 'voiceBackend' | 'singerName'> = {},
): SongPlan {
  const artist = findArtist(request.artistId);
  if (!artist) throw new RenderInputError(`Unknown artist "${request.artistId}".`);
  const selectionId =
    request.musicSelectionId && request.musicSelectionId !== 'na' ? request.musicSelectionId : null;
  const selection = selectionId ? findMusicSelection(selectionId) : defaultSelectionFor(artist);
  if (!selection) throw new RenderInputError(`Unknown music selection "${request.musicSelectionId}".`);
  const accompaniment = request.accompaniment ?? 'beat';
  if (accompaniment !== 'beat' && accompaniment !== 'none') {
    throw new RenderInputError(`There is no accompaniment "${String(accompaniment).slice(0, 40)}".`);
  }
  const sections = parseLyrics(request.lyrics);
  const lines: PreparedLine[] = [];
  sections.forEach((section, si) => {
    for (const text of section.lines) {
      const tokens = normalizeLine(text);
      const spoken = tokens.flatMap((t) => t.spoken).join(' ');
      if (spoken) lines.push({ text, tokens, spoken, section: si });
    }
  });
  if (lines.length === 0) throw new RenderInputError('The lyrics have no words we can rap.');
  if (request.flowStyle !== undefined && !(request.flowStyle in FLOW_STYLES)) {
    throw new RenderInputError(`There is no flow style "${String(request.flowStyle).slice(0, 40)}".`);
  }
  const mood = MOOD_PRESETS[selection.mood];
  const style = onGroove(FLOW_STYLES[request.flowStyle ?? artist.style], mood.halfTime);
  const beat = 60 / grooveTempo(selection.mood, selection.bpm);
  const ownVoice = controls.voiceBackend !== undefined;
  return {
    artist,
    recipe: artist.recipe,
    selection,
    accompaniment,
    sections,
    lines,
    style,
    beat,
    barDuration: 4 * beat,
    lineSwing: mood.swing * (style.slotsPerBeat === 4 ? 1 : 0),
    backend: controls.voiceBackend ?? backendFor(artist.recipe),
    ownVoice,
    credit: ownVoice ? controls.singerName?.trim() || 'AI singer' : artist.name,
  };
}

/** The voice of a song: each unique line read once, and again at the rates the flow asks for. */
export interface SongVoice {
  /** The first reading of each spoken line (lines with no syllable are left out). */
  readings: Map<string, SynthesizedLine>;
  /**
   * The same line said at `rate` (cached per line, rate and note). A singer's line is said on its
   * register's note, or on `sungMidi` when given (see singLine).
   */
  say(spoken: string, rate: number, sungMidi?: number): Promise<SynthesizedLine | undefined>;
}

/** Phase `synthesizing-voice`: one TTS reading per unique line. */
export async function synthesizeVoice(
  song: SongPlan,
  { onProgress, signal }: Pick<RenderControls, 'onProgress' | 'signal'> = {},
): Promise<SongVoice> {
  const { lines, recipe, backend, selection, artist, ownVoice } = song;
  const unique = [...new Set(lines.map((l) => l.spoken))];
  await backend.prepare?.(unique, recipe.voice);
  // Lines are said side by side (the flite backend runs them on its threads); each (line, rate) once.
  const atRate = new Map<string, Promise<SynthesizedLine | undefined>>();
  const sayOnce = async (
    spoken: string,
    rate: number,
    sungMidi: number | undefined,
  ): Promise<SynthesizedLine | undefined> => {
    const lineIndex = lines.findIndex((l) => l.spoken === spoken);
    const said = sungMidi ?? sungNote(selection, artist, lineIndex).midi;
    // The recipe's pitch shift is applied afterwards: aim the TTS so the result lands on the note.
    const pitchHz = recipe.monotone ? midiToHz(said - (ownVoice ? 0 : recipe.pitch)) : undefined;
    const synthesisRequest = {
      text: spoken,
      voice: recipe.voice,
      ...(pitchHz ? { pitchHz, pitchRangeHz: 0 } : {}),
      ...(rate !== 1 ? { durationScale: rate } : {}),
    };
    // A converted voice raps as its source says the line, placed, then converted (a sung note is
    // converted first: the melody is laid on afterwards).
    const conversion = pitchHz ? undefined : backend.convertAfterPlacement;
    const take = conversion
      ? await conversion.synthesizeSource(synthesisRequest)
      : await backend.synthesize(synthesisRequest);
    // A TTS singer's take held on its note where the TTS droops into and out of consonants (see
    // holdPitch). The four singers on two lyric sets: sung frames in key 0.945-0.968 -> 0.959-0.974
    // (Aria Bloom 0.954 and 0.945 -> 0.968 and 0.967), onsets within 30 ms 0.811 -> 0.817, but 436
    // words of 1264 lost voice-only against 406 (every take moved by one sample instead: 10.5 more
    // on two of them; why a held consonant costs words is not known).
    const speech =
      pitchHz && !ownVoice
        ? { ...take, samples: holdPitch(take.samples, { sampleRate: take.sampleRate, f0: pitchHz }) }
        : take;
    const syllables = await syllabify(speech.words);
    return syllables.length ? { speech, syllables, conversion } : undefined;
  };
  const say = (spoken: string, rate: number, sungMidi?: number): Promise<SynthesizedLine | undefined> => {
    const id = `${rate} ${sungMidi ?? ''} ${spoken}`;
    let said = atRate.get(id);
    if (!said) atRate.set(id, (said = sayOnce(spoken, rate, sungMidi)));
    return said;
  };
  const readings = new Map<string, SynthesizedLine>();
  let done = 0;
  const said = await Promise.all(
    unique.map(async (spoken) => {
      const reading = await say(spoken, 1);
      throwIfAborted(signal);
      onProgress?.('synthesizing-voice', ++done / unique.length);
      return reading;
    }),
  );
  // In the song's order, whichever finished first.
  for (const [i, spoken] of unique.entries()) {
    const reading = said[i];
    if (reading) readings.set(spoken, reading);
  }
  return { readings, say };
}

/** The vocal parts of a song, placed on its grid, and what the beat and the mix need to know. */
export interface PlacedVocals {
  arrangement: ArrangementSection[];
  totalBars: number;
  songLength: number;
  /** Dry lead vocal, song length. */
  lead: Float32Array;
  /** 1 where the delay throws and the doubles catch the lead. */
  throwMask: Float32Array;
  doubleMask: Float32Array;
  adlibs: [Float32Array, Float32Array];
  syllables: PlacedSyllable[];
  words: (TimedText & { line: number })[];
  lineTimes: TimedText[];
  /** The highest band the voice itself carries: the exciter only fills in above it. */
  voiceBand: Hz;
}

/** Phase `placing-on-beat`: each line planned on the grid, said at its rate, rendered and laid in the song. */
export async function placeOnBeat(
  song: SongPlan,
  voice: SongVoice,
  form: RapRequest['form'],
  { onProgress, signal }: Pick<RenderControls, 'onProgress' | 'signal'> = {},
): Promise<PlacedVocals> {
  const { sections, lines, style, beat, barDuration, recipe, artist, lineSwing, ownVoice } = song;
  const introBars = form === 'preview' ? 1 : INTRO_BARS;
  const outroBars = form === 'preview' ? 1 : OUTRO_BARS;
  const arrangement: ArrangementSection[] = [{ kind: 'intro', bars: introBars }];
  const planned: { line: PreparedLine; bar: number; plan: LinePlan; reading: SynthesizedLine }[] = [];
  let bar = introBars;
  // Lines are planned in order: a pickup may only reach back past the previous line's last
  // syllable, and not into the time it rings (see nextLineSlot).
  let nextLineFrom = -Infinity;
  for (const [si, section] of sections.entries()) {
    const sectionLines = lines.filter((l) => l.section === si && voice.readings.has(l.spoken));
    if (sectionLines.length === 0) continue;
    const startBar = bar;
    for (const line of sectionLines) {
      const reading = voice.readings.get(line.spoken)!;
      const syllables = planToPlannerSyllables(reading.syllables);
      const plan = planLine(syllables, {
        secondsPerBeat: beat,
        style,
        maxBars: artist.kind === 'singer' ? 2 : 1,
        earliestSlot: nextLineFrom - bar * 4 * style.slotsPerBeat,
        rates: SPEAKING_RATES,
        swing: lineSwing,
      });
      planned.push({ line, bar, plan, reading });
      nextLineFrom =
        bar * 4 * style.slotsPerBeat +
        nextLineSlot(plan, syllables[syllables.length - 1]!, beat / style.slotsPerBeat);
      bar += plan.bars;
    }
    // Sections fill whole 2-bar phrases so the beat's changes land where the ear expects them.
    const bars = Math.ceil((bar - startBar) / 2) * 2;
    bar = startBar + bars;
    arrangement.push({
      kind: section.kind === 'intro' || section.kind === 'outro' ? 'verse' : section.kind,
      bars,
    });
  }
  arrangement.push({ kind: 'outro', bars: outroBars });
  // Each line said at the rate its plan asks for, side by side: the same syllables, else the plan is
  // kept for the first reading.
  const lineStarts = await Promise.all(
    planned.map(async ({ line, bar: lineBar, plan, reading }) => {
      const said = plan.rate !== 1 ? await voice.say(line.spoken, plan.rate) : undefined;
      const atRate = said !== undefined && said.syllables.length === reading.syllables.length;
      return { line, bar: lineBar, plan, synth: atRate ? said : reading, rate: atRate ? plan.rate : 1 };
    }),
  );
  throwIfAborted(signal);
  const totalBars = bar + outroBars;
  const songLength = Math.ceil((totalBars * barDuration + 2) * SAMPLE_RATE);
  const lead = new Float32Array(songLength);
  const throwMask = new Float32Array(songLength);
  const doubleMask = new Float32Array(songLength);
  const placedAll: PlacedSyllable[] = [];
  const words: (TimedText & { line: number })[] = [];
  const lineTimes: TimedText[] = [];
  const pitchScale = ownVoice ? 1 : semitonesToRatio(recipe.pitch);
  const formantFactor = ownVoice ? 1 : recipe.formant;
  const voiceBand = Math.min(
    ...[...voice.readings.values()].map((s) => 0.46 * (s.conversion?.sampleRate ?? s.speech.sampleRate)),
  );
  // Every line placed (timings only) first, so a singer's takes on each note of every line are
  // asked for at once and the TTS threads say them while earlier lines are rendered.
  const prepared = lineStarts.map(({ line, bar: lineBar, plan, synth, rate }, li) => {
    const lineStart = lineBar * barDuration;
    const next = lineStarts[li + 1];
    const deadline = next
      ? next.bar * barDuration + (next.plan.slots[0]! * beat) / style.slotsPerBeat - NEXT_LINE_GAP
      : lineStart + (plan.bars + 1) * barDuration;
    const lineOptions: LineRenderOptions = {
      source: synth.speech.samples,
      sourceRate: synth.speech.sampleRate,
      syllables: synth.syllables,
      plan,
      lineStart,
      secondsPerSlot: beat / style.slotsPerBeat,
      slotsPerBeat: style.slotsPerBeat,
      swing: lineSwing,
      pocket: style.pocket,
      deadline,
      pitchScale,
      formantFactor,
      maxStretch: style.maxStretch,
      outputRate: SAMPLE_RATE,
      words: synth.speech.words,
      phaseVocoder: ownVoice && !synth.conversion,
      clearVoicelessLows: !synth.conversion,
      glottalOnsets: !recipe.monotone && !synth.conversion,
      // A stock voice's, rapped or sung.
      syllableAttacks: !ownVoice && !synth.conversion,
      // A Flite rapper's (measured on them; the singers and eSpeak keep 9 dB).
      ...(!ownVoice && !recipe.monotone && !song.backend.onsetConsonants
        ? { pausedOnsetCut: PAUSED_ONSET_CUT }
        : {}),
      // A rapper's, Flite or eSpeak (see CODA_SPLIT).
      ...(!ownVoice && !recipe.monotone && !synth.conversion
        ? { codaSplit: CODA_SPLIT, holdOnsetConsonants: true }
        : {}),
      keyVoicingAfterVoiceless: !recipe.monotone && !synth.conversion,
      ...(style.vowelTail ? { vowelTail: style.vowelTail } : {}),
      ...(song.backend.onsetConsonants ? { onsetConsonants: song.backend.onsetConsonants } : {}),
      // A stock Flite singer's, and an eSpeak voice's (see OnsetConsonants).
      ...(!ownVoice && (recipe.monotone || song.backend.onsetConsonants === 'formant')
        ? { voicedOnsetCap: VOICED_ONSET_CAP }
        : {}),
    };
    const placement = placeLine(lineOptions);
    const source = { song, voice, spoken: line.spoken, rate, said: synth };
    const melody = recipe.monotone
      ? singLineMelody(placement, source, lines.indexOf(line), li, (t) => nearestKeyTime(lineOptions, t))
      : undefined;
    return { line, lineStart, synth, lineOptions, placement, melody };
  });
  for (const [li, { line, lineStart, synth, lineOptions, placement, melody }] of prepared.entries()) {
    throwIfAborted(signal);
    const rendered = melody
      ? await singLine(lineOptions, placement, melody)
      : await renderLine(lineOptions, placement);
    if (synth.conversion) convertPlacedLine(rendered, synth);
    mixInto(lead, rendered.samples, Math.round(rendered.start * SAMPLE_RATE));
    placedAll.push(...rendered.syllables);
    const lineWords = wordTimes(line, rendered.syllables).map((w) => ({ ...w, line: li }));
    words.push(...lineWords);
    const first = lineWords[0];
    const lastWord = lineWords[lineWords.length - 1];
    if (first && lastWord) {
      lineTimes.push({ text: line.text, start: first.start, end: lastWord.end });
      // Doubles and delay throws catch the line's last word.
      const from = Math.round((recipe.doubles === 'full' ? first.start : lastWord.start) * SAMPLE_RATE);
      const to = Math.min(songLength, Math.round((lastWord.end + 0.05) * SAMPLE_RATE));
      for (let i = Math.max(0, from); i < to; i++) doubleMask[i] = 1;
      for (let i = Math.max(0, Math.round(lastWord.start * SAMPLE_RATE)); i < to; i++) throwMask[i] = 1;
    } else lineTimes.push({ text: line.text, start: lineStart, end: lineStart });
    onProgress?.('placing-on-beat', (li + 1) / lineStarts.length);
  }
  // Ad-libs answer every other line, in the gap after its last word.
  const adlibs: [Float32Array, Float32Array] = [new Float32Array(songLength), new Float32Array(songLength)];
  if (recipe.adlibs.length && artist.kind === 'rapper')
    await addAdlibs(adlibs, lineTimes, {
      backend: song.backend,
      recipe,
      beat,
      step: style.slotsPerBeat % 3 === 0 ? beat / 3 : beat / 2,
      pitchScale,
      signal,
    });
  return {
    arrangement,
    totalBars,
    songLength,
    lead,
    throwMask,
    doubleMask,
    adlibs,
    syllables: placedAll,
    words,
    lineTimes,
    voiceBand,
  };
}

/** A line the source voice said and the renderer placed, turned into the converted voice (in place). */
function convertPlacedLine(rendered: RenderedLine, synth: SynthesizedLine): void {
  const mapped = synth.speech.words.map((w) => ({
    ...w,
    start: rendered.sourceToLine(w.start),
    end: rendered.sourceToLine(w.end),
    phones: w.phones.map((p) => ({
      ...p,
      start: rendered.sourceToLine(p.start),
      end: rendered.sourceToLine(p.end),
    })),
  }));
  const converted = synth.conversion!.convert({
    samples: rendered.samples,
    sampleRate: SAMPLE_RATE,
    words: mapped,
  });
  const samples = resample(converted.samples, converted.sampleRate, SAMPLE_RATE);
  rendered.samples =
    samples.length === rendered.samples.length ? samples : fitLength(samples, rendered.samples.length);
}

/** What a singer's line was said from, to say it again on other notes (see singLine). */
interface SungLineSource {
  song: SongPlan;
  voice: SongVoice;
  spoken: string;
  rate: number;
  /** The take the line was placed from, said on its register's note. */
  said: SynthesizedLine;
}

/** A take of a line said on one note: the TTS's timings, and its samples moved onto the note. */
interface SungTake {
  speech: SpeechSynthesis;
  samples: Float32Array;
}

/** Two takes of a line cross-fade over this where one syllable's note gives way to the next's. */
const CROSSFADE_NOTES: Seconds = 0.02;

/**
 * How long a singer's or an eSpeak voice's voiced onset consonants are placed at most (see
 * LineRenderOptions.voicedOnsetCap): the four singers' onsets within 30 ms of the grid rose
 * 0.01–0.08 a lyric set (Aria Bloom 0.859, 0.784 → 0.903, 0.858), for about a tenth more words
 * lost (Aria Bloom 107 → 117 on both sets). Flite's rappers keep their length: the six rappers lost
 * 13 % more words for it. eSpeak's (Cipher 9) are keyed at their vowel (see OnsetConsonants): at
 * 30 ms her onsets within 30 ms of the grid were 0.845 and 0.830 on the two sets, at 40 ms 0.784
 * and 0.753, at their spoken length (50–110 ms) 0.795 and 0.748.
 */
const VOICED_ONSET_CAP: Seconds = 0.03;

/**
 * How far a Flite rapper's voiced consonants opening a syllable after a pause are turned down under
 * 1 kHz (see SyllableAttackOptions.pausedOnsetCut).
 */
const PAUSED_ONSET_CUT: Decibels = -30;

/**
 * Where a stock rapper's syllable attacks split their band (see SyllableAttackOptions.split), the
 * voiced onset consonants held too (holdOnsets). Three rappers, both lyric sets, voice-only: onsets
 * within 30 ms of the grid 0.848 → 0.873 on average (Kid Kilo 0.886, 0.820 → 0.917, 0.863; MC Volt
 * 0.868, 0.844 → 0.892, 0.878; Cipher 9 0.845, 0.825 → 0.861, 0.824), for 131.5 → 139 of the two
 * Flite rappers' 632 words lost; split at 250 Hz 0.856, at 300 and 600 Hz 0.863, at 300 Hz without
 * the hold 0.862. The singers keep the whole band: split, their onsets moved 0.873 → 0.875 and
 * their words lost 437 → 454 of 1264.
 */
const CODA_SPLIT: readonly Hz[] = [300];

/** A singer's line as planned before it is rendered: its melody and the takes asked for it. */
interface SungLinePlan {
  notes: MelodyNote[];
  /** The notes the takes were said on, one take each (no takes for a person's voice). */
  saidNotes: number[];
  takes: Promise<(SungTake | undefined)[]>;
  /** The note the line was first said on (its register centre). */
  centre: number;
  source: SungLineSource;
}

/**
 * The melody of a placed line (from its timings alone), and the line said by the TTS once per
 * note of it: Flite's phone timings do not depend on the pitch it aims at, so the takes line up
 * sample for sample.
 */
function singLineMelody(
  placement: LinePlacement,
  source: SungLineSource,
  lineIndex: number,
  placedIndex: number,
  nearestGridTime: (time: Seconds) => Seconds,
): SungLinePlan {
  const { selection, artist, barDuration } = source.song;
  const note = sungNote(selection, artist, lineIndex);
  const progression = MOOD_PRESETS[selection.mood].progression;
  const notes = planMelody(placement.syllables, {
    key: selection.key,
    baseDegree: note.degree,
    octave: note.octave,
    chordAt: (t) => progression[Math.floor(t / barDuration) % progression.length]!,
    lineIndex: placedIndex,
    lineEnd: placement.start + placement.duration - 0.03,
    nearestGridTime,
  });
  const saidNotes = [...new Set(notes.map((n) => Math.round(n.midi)))];
  const ttsRate = source.said.speech.sampleRate;
  const takes = Promise.all(source.song.ownVoice ? [] : saidNotes.map((m) => sayOnNote(source, m, ttsRate)));
  // Awaited when the line is rendered; a render stopped before then must not leave it unhandled.
  takes.catch(() => undefined);
  return { notes, saidNotes, takes, centre: note.midi, source };
}

/**
 * A placed line sung: the takes on each note (see singLineMelody) joined syllable by syllable in
 * source time, cross-faded where one note gives way to the next, and placed like the first take.
 * A voice whose takes do not line up (a person's) is sung from its one take by the PSOLA shifter.
 */
async function singLine(
  options: LineRenderOptions,
  placement: LinePlacement,
  plan: SungLinePlan,
): Promise<RenderedLine> {
  const { notes, saidNotes } = plan;
  const speech = plan.source.said.speech;
  const takes = await plan.takes;
  if (takes.length === 0 || !takes.every((t) => t !== undefined && sameTimings(t.speech, speech))) {
    const line = await renderLine(options, placement);
    const f0 = melodyF0(notes);
    line.samples = psolaPitch(line.samples, {
      sampleRate: SAMPLE_RATE,
      expectedF0: midiToHz(plan.centre),
      targetF0: (t) => f0(line.start + t),
    });
    return line;
  }
  // Each note's span in source time: the inverse of the placement's map.
  const sourceLength = speech.samples.length / speech.sampleRate;
  const toSource = (songTime: Seconds): Seconds => {
    const t = songTime - placement.start;
    let lo = 0;
    let hi = sourceLength;
    for (let k = 0; k < 40; k++) {
      const mid = 0.5 * (lo + hi);
      if (placement.sourceToLine(mid) < t) lo = mid;
      else hi = mid;
    }
    return hi;
  };
  const rate = speech.sampleRate;
  const n = speech.samples.length;
  const owner = new Int32Array(n);
  for (const [k, sung] of notes.entries()) {
    const from = k === 0 ? 0 : Math.round(toSource(sung.start) * rate);
    const to = k + 1 < notes.length ? Math.round(toSource(notes[k + 1]!.start) * rate) : n;
    owner.fill(saidNotes.indexOf(Math.round(sung.midi)), Math.max(0, from), Math.min(n, to));
  }
  const joined = new Float32Array(n);
  const fade = Math.max(1, Math.round(CROSSFADE_NOTES * rate));
  for (const [k, take] of takes.entries()) {
    // The take's share at each sample: its span, cross-faded over `fade` samples at each edge.
    const prefix = new Float64Array(n + 1);
    for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + (owner[i] === k ? 1 : 0);
    const samples = take!.samples;
    const half = fade >> 1;
    for (let i = 0; i < n; i++) {
      const a = Math.max(0, i - half);
      const b = Math.min(n, i + half + 1);
      const w = (prefix[b]! - prefix[a]!) / (b - a);
      if (w > 0) joined[i]! += w * samples[i]!;
    }
  }
  const sung = await renderLine({ ...options, source: joined }, placement);
  addVibrato(sung.samples, sung.start, notes);
  return sung;
}

/**
 * The line said by the TTS on `midi`. Flite lays its pulses on whole samples: asked for a pitch
 * whose period is not a whole number of samples it alternates two periods, and Praat heard a
 * subharmonic (at 16 kHz, 440 Hz asked: 0.21 of the voiced frames within a semitone of it, the
 * median an octave down; 500 Hz, a 32-sample period: 0.58, the median on it). So the TTS is asked
 * for the nearest whole period and the take is moved the rest of the way (at most a third of a
 * semitone at F5) by Sonic.
 */
async function sayOnNote(source: SungLineSource, midi: number, ttsRate: Hz): Promise<SungTake | undefined> {
  const offset = source.song.recipe.pitch;
  const period = Math.max(1, Math.round(ttsRate / midiToHz(midi - offset)));
  const asked = hzToMidi(ttsRate / period) + offset;
  const take = await source.voice.say(source.spoken, source.rate, asked);
  if (!take) return undefined;
  const rest = midi - asked;
  const { samples, sampleRate } = take.speech;
  if (Math.abs(rest) < 0.03) return { speech: take.speech, samples };
  const moved = await stretchFast(samples, { sampleRate, pitchScale: semitonesToRatio(rest) });
  return { speech: take.speech, samples: fitLength(moved, samples.length) };
}

/** Whether two takes of a line have the same length and phone timings. */
function sameTimings(a: SpeechSynthesis, b: SpeechSynthesis): boolean {
  if (a.sampleRate !== b.sampleRate || a.samples.length !== b.samples.length) return false;
  if (a.words.length !== b.words.length) return false;
  return a.words.every((w, i) => {
    const v = b.words[i]!;
    return (
      w.phones.length === v.phones.length &&
      w.phones.every((p, j) => Math.abs(p.start - v.phones[j]!.start) < 1e-4)
    );
  });
}

const VIBRATO_HZ = 5.5;
const VIBRATO_SEMITONES = 0.15;

/**
 * A little vibrato on held notes, fading in after 120 ms: the line read through a delay that
 * swings by a quarter of a millisecond, which bends every partial by the same ±0.15 semitone.
 */
function addVibrato(samples: Float32Array, lineStart: Seconds, notes: readonly MelodyNote[]): void {
  const depth = (2 ** (VIBRATO_SEMITONES / 12) - 1) / (2 * Math.PI * VIBRATO_HZ);
  const source = samples.slice();
  for (const sung of notes) {
    if (!sung.held) continue;
    const a = Math.max(0, Math.round((sung.start + 0.12 - lineStart) * SAMPLE_RATE));
    const b = Math.min(samples.length, Math.round((sung.end - lineStart) * SAMPLE_RATE));
    for (let i = a; i < b; i++) {
      const into = (i - a) / SAMPLE_RATE;
      const envelope = Math.min(1, into / 0.2, (b - i) / SAMPLE_RATE / 0.05);
      const delay = depth * envelope * (1 - Math.cos(2 * Math.PI * VIBRATO_HZ * into)) * SAMPLE_RATE;
      const at = i - delay;
      const j = Math.floor(at);
      if (j < 0) continue;
      const f = at - j;
      samples[i] = (1 - f) * source[j]! + f * source[Math.min(j + 1, source.length - 1)]!;
    }
  }
}

/** Word timings of a placed line: spoken words grouped back into the written tokens. */
function wordTimes(line: PreparedLine, syllables: readonly PlacedSyllable[]): TimedText[] {
  const spokenWordTimes = new Map<number, { start: Seconds; end: Seconds }>();
  for (const s of syllables) {
    const w = spokenWordTimes.get(s.wordIndex);
    spokenWordTimes.set(s.wordIndex, {
      start: Math.min(w?.start ?? Infinity, s.onset),
      end: Math.max(w?.end ?? 0, s.end),
    });
  }
  const words: TimedText[] = [];
  let spokenIndex = 0;
  for (const token of line.tokens) {
    const spans = token.spoken
      .map((_, k) => spokenWordTimes.get(spokenIndex + k))
      .filter((x): x is { start: number; end: number } => !!x);
    spokenIndex += token.spoken.length;
    if (spans.length)
      words.push({
        text: token.display,
        start: round3(spans[0]!.start),
        end: round3(spans[spans.length - 1]!.end),
      });
  }
  return words;
}

/** Phase `rendering-beat`: the beat for the arrangement, or nothing for "No music". */
export function renderSongBeat(
  song: SongPlan,
  placed: Pick<PlacedVocals, 'arrangement'>,
  seed: number | undefined,
  signal?: AbortSignal,
): BeatRender | null {
  if (song.accompaniment === 'none') return null;
  const { selection } = song;
  return renderBeat({
    mood: selection.mood,
    bpm: selection.bpm,
    key: selection.key,
    arrangement: placed.arrangement,
    seed: seed ?? selection.seed,
    sampleRate: SAMPLE_RATE,
    signal,
  });
}

/** Glides, liquids and nasals an ad-lib may open on ("yeah", "what", "no"; Flite's and eSpeak's names). */
const ADLIB_SONORANTS = new Set(['w', 'y', 'r', 'l', 'm', 'n', 'j', 'ɹ']);
/** The most of an ad-lib's opening glide or nasal that is kept. */
const ADLIB_OPENING: Seconds = 0.06;

/**
 * Where an ad-lib's audio starts (`from`) and which of its times lands on the grid (`key`), in the
 * time of its synthesis. Said alone, Flite opens "yeah" on a glide of 157 ms (rms), and an onset
 * tracker fired twice on it, on the glide and on the vowel 90 ms later, each about 45 ms off the
 * step (MC Volt's and Saint Echo's "yeah": 12 onsets on the two lyric sets, all off the grid). Cut
 * to its last 60 ms (faded in) and keyed half way through it, the word starts once, on the step.
 */
export function adlibOpening(
  word: TimedWord,
  consonants: OnsetConsonants | undefined,
): { from: Seconds; key: Seconds; cut: boolean } {
  const vowel = word.phones.find((p) => p.isVowel);
  const opening = word.phones[0];
  if (vowel && opening && ADLIB_SONORANTS.has(opening.phone) && vowel.start - word.start > ADLIB_OPENING)
    return { from: vowel.start - ADLIB_OPENING, key: vowel.start - ADLIB_OPENING / 2, cut: true };
  const key = wordVoicingOnset(word, consonants);
  // A formant voice's consonants keyed at their vowel are placed and keyed as a line's are
  // (VOICED_ONSET_CAP, FORMANT_KEY_SHARE).
  if (
    consonants === 'formant' &&
    key === vowel?.start &&
    key - word.start > VOICED_ONSET_CAP &&
    voicedOnlyBefore(word.phones, word.start, key)
  )
    return { from: key - VOICED_ONSET_CAP, key: key - FORMANT_KEY_SHARE * VOICED_ONSET_CAP, cut: true };
  return { from: Math.max(0, word.start - 0.02), key, cut: false };
}

/** Phase `mixing`: the vocal chain where there is voice, doubles, then the song mix. */
export function mixVocals(
  song: SongPlan,
  placed: PlacedVocals,
  beatRender: BeatRender | null,
  { keepDryLead = false, stems = true }: { keepDryLead?: boolean; stems?: boolean } = {},
): MixResult & { dryLead?: Float32Array } {
  const { recipe, ownVoice, style, beat } = song;
  const lead = placed.lead;
  // Vocal processing only where there is voice: intros, outros and gaps are silent anyway.
  const spans = activeSpans(lead, SAMPLE_RATE);
  for (const [a, b] of spans)
    extendBandwidth(lead.subarray(a, b), {
      sampleRate: SAMPLE_RATE,
      amount: recipe.exciter,
      ...(ownVoice ? { sourceCutoff: Math.min(16000, placed.voiceBand) } : {}),
    });
  const dryLead = keepDryLead ? lead.slice() : undefined;
  for (const [a, b] of spans)
    processVocal(lead.subarray(a, b), { sampleRate: SAMPLE_RATE, tone: recipe.tone });
  // A whole line doubled sits lower than a stack on its last words: at the line-end level, the two
  // copies 16-27 ms behind the lead combed every word (Saint Echo: 64 of 158 words lost, 57 at half).
  const doubles = makeDoubles(lead, placed.doubleMask, DOUBLE_GAIN[recipe.doubles]);
  const mixed = mixSong({ lead, doubles, adlibs: placed.adlibs, throwMask: placed.throwMask }, beatRender, {
    sampleRate: SAMPLE_RATE,
    recipe,
    secondsPerBeat: beat,
    stems,
    // An 8th (a triplet's two thirds of a beat): a dotted 8th would land off a swung or triplet grid.
    throwDelay: style.slotsPerBeat % 3 === 0 ? (2 * beat) / 3 : beat / 2,
  });
  return dryLead ? { ...mixed, dryLead } : mixed;
}

/** Phase `mastering`: −14 LUFS, ≤ −1 dBTP, cut 1.5 s after the song's last bar, faded. */
export function masterSong(
  mix: [Float32Array, Float32Array],
  songSeconds: Seconds,
): {
  channels: Float32Array[];
  length: number;
  gainDb: number;
  loudness: { integratedLufs: number; truePeakDbtp: number };
} {
  const mastered = master(mix, { sampleRate: SAMPLE_RATE, targetLufs: -14, ceilingDbtp: -1 });
  const length = Math.min(mastered.channels[0]!.length, Math.round((songSeconds + 1.5) * SAMPLE_RATE));
  const channels = mastered.channels.map((c) => c.subarray(0, length));
  fadeOut(channels, Math.round(1.2 * SAMPLE_RATE));
  return { channels, length, gainDb: mastered.gainDb, loudness: mastered.loudness };
}

/** Phase `encoding`: the song's MP3 and, when asked, the vocal and beat stems at the master's gain. */
export async function encodeSong(
  mastered: ReturnType<typeof masterSong>,
  mixed: MixResult,
  stems: boolean,
  withBeat: boolean,
  signal?: AbortSignal,
): Promise<{ mp3: Uint8Array; vocalStem?: Uint8Array; beatStem?: Uint8Array }> {
  const mp3 = await encodeMp3(
    { sampleRate: SAMPLE_RATE, channels: mastered.channels },
    { bitrateKbps: 192, signal },
  );
  if (!stems) return { mp3 };
  const { length } = mastered;
  const stemGain = dbGain(mastered.gainDb);
  const vocalStem = await encodeStem([scaledMono(mixed.vocalStem, stemGain, length)], {
    sampleRate: SAMPLE_RATE,
    bitrateKbps: 96,
    signal,
  });
  if (!withBeat) return { mp3, vocalStem };
  const beatStem = await encodeStem(
    mixed.beatStem.map((c) => scaled(c, stemGain, length)),
    { sampleRate: SAMPLE_RATE, bitrateKbps: 128, signal },
  );
  return { mp3, vocalStem, beatStem };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** [start, end) sample ranges holding sound, padded by half a second (filter tails, reverb-free). */
export function activeSpans(x: Float32Array, sampleRate: Hz, pad: Seconds = 0.5): [number, number][] {
  const block = Math.max(1, Math.round(0.05 * sampleRate));
  const padSamples = Math.round(pad * sampleRate);
  const spans: [number, number][] = [];
  for (let start = 0; start < x.length; start += block) {
    const end = Math.min(x.length, start + block);
    let loud = false;
    for (let i = start; i < end; i++) {
      if (x[i] !== 0) {
        loud = true;
        break;
      }
    }
    if (!loud) continue;
    const a = Math.max(0, start - padSamples);
    const b = Math.min(x.length, end + padSamples);
    const last = spans[spans.length - 1];
    if (last && a <= last[1]) last[1] = b;
    else spans.push([a, b]);
  }
  return spans;
}
const dbGain = (db: number) => 10 ** (db / 20);

function scaled(x: Float32Array, g: number, length: number): Float32Array {
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) out[i] = (x[i] ?? 0) * g;
  return out;
}

function scaledMono(ch: [Float32Array, Float32Array], g: number, length: number): Float32Array {
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) out[i] = 0.5 * ((ch[0][i] ?? 0) + (ch[1][i] ?? 0)) * g;
  return out;
}

function fadeOut(channels: Float32Array[], samples: number): void {
  for (const ch of channels) {
    const n = ch.length;
    for (let i = 0; i < Math.min(samples, n); i++) ch[n - 1 - i]! *= i / samples;
  }
}

const DEFAULT_LINE_TONES = [0, 2, 4, 2];

/**
 * The note a singer's line is sung around, its register centre: lines take turns on chord tones of
 * the key (the recipe's `lineTones`: tonic, third, fifth, third... by default), each in the octave
 * that puts it inside the singer's register (the twelve semitones from REGISTER_FLOOR_MIDI, raised
 * by the recipe's `register`); the melody moves around it.
 */
export function sungNote(
  selection: MusicSelectionDefinition,
  artist: ArtistDefinition,
  lineIndex: number,
): { degree: number; octave: number; midi: number } {
  const tones = artist.recipe.lineTones ?? DEFAULT_LINE_TONES;
  const degree = tones[Math.max(0, lineIndex) % tones.length]!;
  const floor = REGISTER_FLOOR_MIDI[artist.gender] + (artist.recipe.register ?? 0);
  let octave = 4;
  while (degreeToMidi(selection.key, degree, octave) >= floor + 12) octave--;
  while (degreeToMidi(selection.key, degree, octave) < floor) octave++;
  const midi = degreeToMidi(selection.key, degree, octave);
  return { degree, octave, midi };
}

/**
 * Lowest centre of a singer's lines: G3 for a woman, A2 for a man (a pop alto's and a baritone's
 * range). The recogniser hears a TTS voice sung high far worse: Aria Bloom, 158 words, lost 79 with
 * her lines centred C4 to B4 and 53 centred G3 to F#4 (her placed line spoken, not sung: 50).
 * Melodies reach seven semitones above their centre, so every stock register stays under Flite's
 * highest note (see FLITE_HIGHEST_MIDI).
 */
const REGISTER_FLOOR_MIDI: Record<ArtistDefinition['gender'], number> = { female: 55, male: 45 };

/**
 * The highest note Flite sings: slt's pitch stops at 698 Hz (F5) whatever it is asked. Every
 * singer's register keeps its melodies under it (tested), so every note is said by the TTS itself.
 */
export const FLITE_HIGHEST_MIDI = 77;

const DOUBLE_GAIN: Record<ArtistDefinition['recipe']['doubles'], number> = {
  none: 0,
  'line-ends': 0.8,
  full: 0.4,
};

/**
 * Doubles: the processed lead under the mask, one per side, each through a wandering delay.
 * TTS cannot give a second take; drift and detune give the width a double brings.
 */
function makeDoubles(lead: Float32Array, mask: Float32Array, gain: number): [Float32Array, Float32Array] {
  const n = lead.length;
  if (gain === 0) return [new Float32Array(0), new Float32Array(0)];
  const left = new Float32Array(n);
  const right = new Float32Array(n);
  // Each side reads the lead through its own slowly wandering delay (12-20 ms and 19-27 ms):
  // the moving delay detunes by a few cents and drifts the timing, like a second take would.
  const smooth = Math.exp(-1 / (0.01 * SAMPLE_RATE));
  let m = 0;
  const read = (t: number) => {
    const i = Math.floor(t);
    const f = t - i;
    return i >= 0 && i + 1 < n ? lead[i]! + f * (lead[i + 1]! - lead[i]!) : 0;
  };
  for (let i = 0; i < n; i++) {
    m = smooth * m + (1 - smooth) * mask[i]!;
    if (m < 1e-3) continue;
    const t = i / SAMPLE_RATE;
    const dl = (0.016 + 0.004 * Math.sin(2 * Math.PI * 0.31 * t)) * SAMPLE_RATE;
    const dr = (0.023 + 0.004 * Math.sin(2 * Math.PI * 0.23 * t + 1)) * SAMPLE_RATE;
    left[i] = read(i - dl) * m * gain;
    right[i] = read(i - dr) * m * gain;
  }
  new Biquad({ type: 'highpass', frequency: 200, sampleRate: SAMPLE_RATE }).process(left);
  new Biquad({ type: 'highpass', frequency: 200, sampleRate: SAMPLE_RATE }).process(right);
  return [left, right];
}

async function addAdlibs(
  target: [Float32Array, Float32Array],
  lineTimes: TimedText[],
  {
    backend,
    recipe,
    beat,
    step,
    pitchScale,
    signal,
  }: {
    backend: VoiceBackend;
    recipe: ArtistDefinition['recipe'];
    beat: Seconds;
    /** Grid the ad-libs start on (an 8th, or a triplet's third of a beat). */
    step: Seconds;
    pitchScale: number;
    signal?: AbortSignal;
  },
): Promise<void> {
  const cache = new Map<string, AdlibWord[]>();
  for (let i = 1; i < lineTimes.length; i += 2) {
    throwIfAborted(signal);
    const line = lineTimes[i]!;
    // Until the next line's first word, a pickup before its bar included (ad-libs ran over pickups).
    const nextStart = lineTimes[i + 1]?.start ?? line.end + 2 * beat;
    const gap = nextStart - line.end;
    if (gap < 0.35) continue;
    const text = recipe.adlibs[((i - 1) / 2) % recipe.adlibs.length]!;
    let adlib = cache.get(text);
    if (!adlib) {
      // Said as the lyrics would be ("skrrt" as a word, not spelled by the voice).
      const spoken = normalizeLine(text)
        .flatMap((token) => token.spoken)
        .join(' ');
      const speech = await backend.synthesize({ text: spoken, voice: recipe.voice });
      // Ad-libs sit a fourth above the lead and a little thinner.
      const up = pitchScale * semitonesToRatio(5);
      const audio = resample(speech.samples, speech.sampleRate * up, SAMPLE_RATE);
      adlib = adlibWords(audio, speech.words, up, backend.onsetConsonants);
      for (const word of adlib) {
        new Biquad({ type: 'highpass', frequency: 250, sampleRate: SAMPLE_RATE }).process(word.audio);
        smoothSpikes(word.audio, { sampleRate: SAMPLE_RATE });
        extendBandwidth(word.audio, {
          sampleRate: SAMPLE_RATE,
          amount: recipe.exciter,
          sourceCutoff: Math.min(16000, 7400 * up),
        });
      }
      cache.set(text, adlib);
    }
    const [near, far] = (i >> 1) % 2 === 0 ? target : [target[1], target[0]];
    const starts = adlibStarts(adlib, line.end, step);
    for (const [j, word] of adlib.entries()) {
      const start = starts[j]!;
      const maxLength = Math.round((nextStart - start - 0.05) * SAMPLE_RATE);
      if (maxLength <= 0) break;
      const clip = word.audio.subarray(0, Math.min(word.audio.length, maxLength));
      mixInto(near, clip, Math.round(start * SAMPLE_RATE), 0.55);
      mixInto(far, clip, Math.round(start * SAMPLE_RATE), 0.2);
    }
  }
}

/**
 * When each word of an ad-lib starts (seconds, song time): the first keyed on the first grid step
 * (`step`, counted from 0) at least 50 ms after the line ends, each next one on the step nearest
 * its spoken distance from the first, and at least one step after the word before it ("uh huh"
 * said in one breath put its "huh" 85 ms after a step).
 */
export function adlibStarts(
  words: readonly Pick<AdlibWord, 'lead' | 'offset'>[],
  lineEnd: Seconds,
  step: Seconds,
): Seconds[] {
  const first = Math.ceil((lineEnd + 0.05 + (words[0]?.lead ?? 0)) / step);
  let at = first - 1;
  return words.map((word) => {
    at = Math.max(at + 1, first + Math.round(word.offset / step));
    return at * step - word.lead;
  });
}

/** One word of an ad-lib, ready to place: its audio, where its key is, and when it is said. */
interface AdlibWord {
  audio: Float32Array;
  /** From the audio's first sample to the time that lands on a grid step. */
  lead: Seconds;
  /** Its key after the first word's, as the voice said them. */
  offset: Seconds;
}

/**
 * An ad-lib's synthesis (already `up` times faster) cut into its words, each from its opening
 * (see adlibOpening) to the next word's start, faded over 5 ms where it was cut from another word
 * (over 10 ms where a long opening was cut).
 */
export function adlibWords(
  audio: Float32Array,
  words: readonly TimedWord[],
  up: number,
  consonants: OnsetConsonants | undefined,
): AdlibWord[] {
  if (!words.length) return [{ audio, lead: 0, offset: 0 }];
  const openings = words.map((w) => adlibOpening(w, consonants));
  const at = (t: Seconds) => Math.min(audio.length, Math.round((t * SAMPLE_RATE) / up));
  return words.map((word, j) => {
    const opening = openings[j]!;
    const next = words[j + 1];
    const piece = audio.slice(at(opening.from), next ? at(next.start) : audio.length);
    applyFades(
      piece,
      Math.round((opening.cut ? 0.01 : j > 0 ? 0.005 : 0) * SAMPLE_RATE),
      next ? Math.round(0.005 * SAMPLE_RATE) : 0,
    );
    return {
      audio: piece,
      lead: (opening.key - opening.from) / up,
      offset: (opening.key - openings[0]!.key) / up,
    };
  });
}
