import type { Hz, Seconds } from '../units.ts';
import type { SpeechSynthesis, SynthesisRequest, TimedPhone, VoiceBackend } from '../voice/voice-backend.ts';
import { FliteVoiceBackend } from '../voice/flite-voice.ts';
import { FRAME_HOP, frameStats, melCepstra, pitchAtFrames, toFeatureRate } from './speech-features.ts';
import { correctEnvelope } from './envelope-correction.ts';
import { smoothSpikes } from '../dsp/spike-smoother.ts';
import {
  normalizeFrames,
  PHONE_SET,
  phoneId,
  phoneTrack,
  selectExemplars,
  type SelectionOptions,
} from './exemplar-index.ts';
import { synthesizeGrains } from './grain-synthesizer.ts';
import { deserializeVoiceModel, findPitchMarks, type VoiceModel } from './voice-model.ts';
import { resample } from '../dsp/resampler.ts';

export interface ClonedVoiceOptions {
  /** The TTS that decides what is said and when (default: Flite with the model's source voice). */
  sourceBackend?: VoiceBackend;
  selection?: SelectionOptions;
  /**
   * Share (0..1) of the way each output frame's spectral envelope (c1..c12) is moved from the
   * chosen recorded frame's towards what the source frame says (see `envelopeReference`). Default
   * 1 for a guided reading, 0 without one (there is no colour of each sound to keep, and the
   * correction would take the person's with it). Measured on ked (`npm run eval:voice`, lines
   * placed before they are converted): none, gap closed 0.86 and rapped word error rate 0.76; 1
   * against the person's colour of each phone with tolerance 0.25, 0.65 and 0.47; with tolerance
   * 0, 0.58 and 0.50; against the source frame in the person's statistics, 0.33 and 0.37.
   */
  envelopeCorrection?: number;
  /** Difference (in the person's standard deviations, per coefficient) left uncorrected (default 0.25). */
  envelopeTolerance?: number;
  /**
   * Share of the envelope correction kept in the steady middle of a vowel whose recorded frame is
   * labelled with the same vowel (default 1: corrected like every other frame). Consonants, the
   * 30 ms transitions at each end of a vowel and frames cut from another sound always get the full
   * correction. 0 kept more of the person (ked: gap 0.77 against 0.58) and lost the words' gain
   * (word error rate 0.66 against 0.50): the vowels' middles carry words too.
   */
  steadyVowelShare?: number;
  /**
   * What a chosen frame is corrected towards. 'phone' (default): the source frame put into the
   * person's statistics plus the person's own colour of that phone (how their guided reading of it
   * differs from the source voice's), so the sound is the source's and its colour the person's.
   * 'person': the source frame in the person's statistics only (more words, less of the person).
   */
  envelopeReference?: 'person' | 'phone';
  /**
   * Offer the rap renderer to place the source voice's line on the beat first and convert it
   * placed (default true): the TTS stretches cleanly with Sonic, while a voice made of grains had
   * to go through Rubber Band (ked, no envelope correction: gap closed 0.75 → 0.86).
   */
  convertAfterPlacement?: boolean;
  /**
   * Share (0..1) of the output taken from the source's own line, moved to the person's pitch and
   * colour (`sourceInVoice`), on consonants and the first and last 10 ms of each vowel; vowels'
   * middles are always cut from the person's recording. Default 1; 0 cuts every sample from the
   * recording. Measured on ked (`npm run eval:voice --only festival-ked`, gap closed / word error
   * rate, the person reading 0.19): 0, 0.70 / 0.53; 1, 0.65 / 0.24; 1 with 15 ms vowel edges,
   * 0.64 / 0.25, with 30 ms, 0.58 / 0.23; the source's line alone, 0.20 / 0.26.
   */
  sourceConsonants?: number;
  /**
   * Share (0..1) of the source line's envelope (c1..c19) taken from the person's recorded frame
   * the selection chose for it, on every sound but stops (default 0.75); the rest is the colour
   * correction's aim. Measured (`eval:voice --only festival-ked,espeak-m7`, gap closed / word
   * error rate): 0, ked 0.65 / 0.24 and m7 0.54 / 0.57; 0.5, 0.69 / 0.24 and 0.62 / 0.53; 0.75,
   * 0.70 / 0.22 and 0.64 / 0.64; 1 with stops too, 0.70 / 0.38 and 0.66 / 0.76.
   */
  personEnvelope?: number;
}

/** Default `personEnvelope`. */
const PERSON_ENVELOPE = 0.75;

/** Cepstral coefficients the envelope correction moves: the vocal-tract shape of the phone (see matchWeights). */
const CORRECTED_DIMS = 12;
/**
 * How the person says a sound differs from what is wanted by less than this (in their standard
 * deviations): left as it is, the rest of the way is corrected.
 */
const ENVELOPE_TOLERANCE = 0.25;

const personStats = new WeakMap<VoiceModel, { mean: Float32Array; std: Float32Array }>();

/** Frames more than this far under the source's typical speech level are silence in the output. */
const SILENCE_BELOW_DB = 35;

/** Voiced frames (10 ms) after which a line's own pitch centre counts as much as the source's reading's. */
const LINE_CENTRE_FRAMES = 50;

/**
 * Output pitch per frame: the source's intonation moved into the person's register (log-f0 mean
 * and spread), or, for a sung note, the note moved by octaves to sit nearest the person's median.
 * Spoken intonation is centred on the line's own pitch, not the source's reading's: a TTS says a
 * short line a semitone or two above its long reading, and the person's voice would follow it up
 * (a shifted voice is both less like the person and harder to understand).
 */
export function mapPitch(o: {
  sourceF0: Float32Array;
  model: VoiceModel;
  noteHz?: Hz;
  sourceNoteHz?: Hz;
}): Float32Array {
  const { model } = o;
  const spread = Math.min(2, Math.max(0.5, model.logF0.std / model.source.logF0.std));
  const median = Math.exp(model.logF0.mean);
  const note = o.noteHz ? o.noteHz * 2 ** Math.round(Math.log2(median / o.noteHz)) : 0;
  let sum = 0;
  let voiced = 0;
  for (const f of o.sourceF0)
    if (f > 0) {
      sum += Math.log(f);
      voiced++;
    }
  // Shrunk towards the reading's centre: a one-word line says little about where the source sits.
  const centre = (sum + LINE_CENTRE_FRAMES * model.source.logF0.mean) / (voiced + LINE_CENTRE_FRAMES);
  return o.sourceF0.map((f) => {
    if (!(f > 0)) return 0;
    if (note && o.sourceNoteHz) return note * (f / o.sourceNoteHz);
    return Math.exp(model.logF0.mean + (Math.log(f) - centre) * spread);
  });
}

/**
 * A VoiceBackend that sings in a person's voice: the source TTS says the line (timings and phones
 * come from it unchanged), and every sample of the output is cut from the person's own recording,
 * chosen frame by frame to match what the source says, at the source's timing and the person's pitch.
 */
export function createClonedVoiceBackend(
  model: Uint8Array | VoiceModel,
  options: ClonedVoiceOptions = {},
): VoiceBackend & { readonly model: VoiceModel } {
  const voice = model instanceof Uint8Array ? deserializeVoiceModel(model) : model;
  const source = options.sourceBackend ?? new FliteVoiceBackend();
  const sourceVoice = voice.source.voice;
  return {
    id: 'cloned-voice',
    model: voice,
    async prepare(lines: readonly string[]): Promise<void> {
      await source.prepare?.(lines, sourceVoice);
    },
    async synthesize(request: SynthesisRequest): Promise<SpeechSynthesis> {
      // A sung note is asked of the source in its own register, then moved into the person's.
      const sourceNoteHz = request.pitchHz
        ? request.pitchHz * 2 ** Math.round(Math.log2(Math.exp(voice.source.logF0.mean) / request.pitchHz))
        : undefined;
      const spoken = await source.synthesize({
        text: request.text,
        voice: sourceVoice,
        ...(request.durationScale !== undefined ? { durationScale: request.durationScale } : {}),
        ...(sourceNoteHz ? { pitchHz: sourceNoteHz, pitchRangeHz: request.pitchRangeHz ?? 0 } : {}),
      });
      return renderInVoice({ voice, spoken, noteHz: request.pitchHz, sourceNoteHz, options });
    },
    ...(options.convertAfterPlacement === false
      ? {}
      : {
          convertAfterPlacement: {
            sampleRate: voice.sampleRate,
            synthesizeSource: (request: SynthesisRequest) =>
              source.synthesize({
                text: request.text,
                voice: sourceVoice,
                ...(request.durationScale !== undefined ? { durationScale: request.durationScale } : {}),
              }),
            convert: (placed: SpeechSynthesis) =>
              renderInVoice({ voice, spoken: placed, options, voicelessLowBandCleared: true }),
          },
        }),
  };
}

/** Pauses up to this many frames (150 ms) are heard as one phrase: the pitch carries across them. */
const PHRASE_GAP_FRAMES = 15;
/** Where a voiced stretch may start against the end of the one before a short pause (log-f0, 2 semitones). */
const MAX_RESTART = (2 / 12) * Math.LN2;
/** Frames over which a restarted stretch glides back onto its own contour (80 ms). */
const GLIDE_FRAMES = 8;

/**
 * A voiced stretch after a short pause (a stop or fricative inside a phrase) starts near where the
 * previous one ended and glides onto its own contour: a TTS may reset its intonation at each word,
 * and in the person's voice that reset is heard, and tracked, as a jump.
 */
function glideAcrossShortPauses(out: Float32Array): void {
  const n = out.length;
  let lastVoiced = -1;
  for (let f = 0; f < n; f++) {
    if (!(out[f]! > 0)) continue;
    if (lastVoiced >= 0 && f - lastVoiced > 1 && f - lastVoiced <= PHRASE_GAP_FRAMES + 1) {
      const before = Math.log(out[lastVoiced]!);
      const start = Math.log(out[f]!);
      const wanted = before + Math.max(-MAX_RESTART, Math.min(MAX_RESTART, start - before));
      const correction = wanted - start;
      if (correction !== 0)
        for (let k = 0; k < GLIDE_FRAMES && f + k < n && out[f + k]! > 0; k++)
          out[f + k] = Math.exp(Math.log(out[f + k]!) + correction * (1 - k / GLIDE_FRAMES));
    }
    while (f + 1 < n && out[f + 1]! > 0) f++;
    lastVoiced = f;
  }
}

/**
 * The source's intonation made singable: unvoiced gaps of up to 40 ms inside a voiced stretch are
 * bridged (a tracker drop-out, not a consonant), frames an octave off their stretch's median are
 * folded back, and the log-f0 is smoothed over ±20 ms, so the output pitch never jumps.
 */
export function smoothContour(f0: Float32Array): Float32Array {
  const out = f0.slice();
  const n = out.length;
  for (let f = 1; f < n; f++) {
    if (out[f]! > 0 || !(out[f - 1]! > 0)) continue;
    let end = f;
    while (end < n && !(out[end]! > 0)) end++;
    if (end < n && end - f <= 4) {
      const a = Math.log(out[f - 1]!);
      const b = Math.log(out[end]!);
      for (let k = f; k < end; k++) out[k] = Math.exp(a + ((b - a) * (k - f + 1)) / (end - f + 1));
    }
    f = end;
  }
  let f = 0;
  while (f < n) {
    if (!(out[f]! > 0)) {
      f++;
      continue;
    }
    let end = f;
    while (end < n && out[end]! > 0) end++;
    const logs = Array.from(out.subarray(f, end), Math.log);
    const median = [...logs].sort((x, y) => x - y)[logs.length >> 1]!;
    const folded = logs.map((l) => l - Math.LN2 * Math.round((l - median) / Math.LN2));
    for (let k = 0; k < folded.length; k++) {
      let sum = 0;
      let count = 0;
      for (let j = Math.max(0, k - 2); j <= Math.min(folded.length - 1, k + 2); j++) {
        sum += folded[j]!;
        count++;
      }
      out[f + k] = Math.exp(sum / count);
    }
    f = end;
  }
  glideAcrossShortPauses(out);
  return out;
}

/** Turns one source rendering into the person's voice (exported for the evaluation and tests). */
export function renderInVoice(o: {
  voice: VoiceModel;
  spoken: SpeechSynthesis;
  noteHz?: Hz | undefined;
  sourceNoteHz?: Hz | undefined;
  options?: ClonedVoiceOptions;
  /** The source line was placed by the line renderer, which clears its voiceless consonants' low band. */
  voicelessLowBandCleared?: boolean;
}): SpeechSynthesis {
  const { voice, spoken } = o;
  const at16k = toFeatureRate(spoken.samples, spoken.sampleRate);
  const frames = melCepstra(at16k, { warp: voice.source.warp });
  const sourceF0 = smoothContour(pitchAtFrames(at16k, frames.frameCount));
  const f0 = mapPitch({
    sourceF0,
    model: voice,
    ...(o.noteHz ? { noteHz: o.noteHz } : {}),
    ...(o.sourceNoteHz ? { sourceNoteHz: o.sourceNoteHz } : {}),
  });
  const normalized = normalizeFrames(frames, { mean: voice.source.mean, std: voice.source.std });
  const queryPhones = phoneTrack(
    spoken.words.flatMap((w) => w.phones),
    frames.frameCount,
    FRAME_HOP,
  );
  const selection = selectExemplars(
    {
      frames: normalized,
      frameCount: frames.frameCount,
      f0,
      phones: queryPhones,
    },
    {
      frames: voice.normalized,
      frameCount: voice.frames.frameCount,
      dims: voice.frames.dims,
      f0: voice.f0,
      speech: voice.speech,
      paired: voice.paired,
      phones: voice.phones,
    },
    // Voicing follows the source's: a voiced sound taking a breathy or silent frame is heard as a break.
    // The direct comparison weighs as much as the paired one: the paired frames come from aligning
    // two voices' readings, and where that alignment slips, only the direct match notices.
    // Pitch near the wanted one: a grain of a period far from the output's is heard (and tracked)
    // as a pitch jump (pitchCost 4 → 16 took ked's from 0.35 to 0.17 per voiced second).
    { voicingCost: 10, crossWeight: 1, continuations: 20, pitchCost: 16, ...o.options?.selection },
  );
  const active = Uint8Array.from(frames.levelDb, (l) =>
    l > voice.source.levelDb - SILENCE_BELOW_DB ? 1 : 0,
  );
  const levelDb = Float32Array.from(frames.levelDb, (l) => l - voice.source.levelDb + voice.targetLevelDb);
  const outputLength = Math.round((spoken.samples.length / spoken.sampleRate) * voice.sampleRate);
  const grains = synthesizeGrains(
    {
      audio: voice.audio,
      sampleRate: voice.sampleRate,
      f0: voice.f0,
      marks: voice.marks,
      periods: voice.periods,
    },
    { selection, f0, active, levelDb, outputLength, holdPulses: true },
  );
  const amount = o.options?.envelopeCorrection ?? (voice.paired && voice.phones ? 1 : 0);
  const samples =
    amount > 0
      ? correctEnvelope(
          grains,
          voice.sampleRate,
          envelopeDelta({
            voice,
            normalized,
            selection,
            active,
            weights: correctionWeights({
              phones: spoken.words.flatMap((w) => w.phones),
              selection,
              recordedPhones: voice.phones,
              amount,
              steadyShare: o.options?.steadyVowelShare ?? 1,
              ...(o.voicelessLowBandCleared ? { uncorrected: clearedConsonants(queryPhones) } : {}),
            }),
            tolerance: o.options?.envelopeTolerance ?? ENVELOPE_TOLERANCE,
            reference: o.options?.envelopeReference ?? 'phone',
            queryPhones,
          }),
          voice.frames.dims,
        )
      : grains;
  const share = o.options?.sourceConsonants ?? 1;
  if (share > 0) {
    const fromSource = sourceInVoice({
      voice,
      spoken,
      sourceF0,
      f0,
      normalized,
      queryPhones,
      active,
      levelDb,
      frameCount: frames.frameCount,
      selection,
      personEnvelope: o.options?.personEnvelope ?? PERSON_ENVELOPE,
    });
    const weights = consonantFrames(
      spoken.words.flatMap((w) => w.phones),
      frames.frameCount,
    );
    crossFadeFrames(samples, fromSource, weights, share, voice.sampleRate);
  }
  fadeAtSilences(samples, voice.sampleRate, active);
  // A sharp glottal pulse of the person's (eSpeak and diphone voices have them) laid at a voicing
  // onset, or after the level plan lifted a frame that starts in silence, stands 6-10 x over the
  // sound around it: heard as a click (m7: 5.9 a minute, its own reading 6.5). The vocal chain
  // smooths a TTS's pulses the same way; here the converted line itself comes out clean (0.0).
  smoothSpikes(samples, { sampleRate: voice.sampleRate });
  return { samples, sampleRate: voice.sampleRate, words: spoken.words };
}

/** How long the edges of a vowel are that carry the consonant beside it (`consonantFrames`). */
const VOWEL_EDGE: Seconds = 0.01;

/**
 * Per 10 ms frame, how much of it carries a consonant: 1 on consonants (and silence), falling to 0
 * over the first and last 10 ms of a vowel. The words are heard there: where a consonant or a
 * transition was cut from the person's 40 s of reading, which never holds every sound in every
 * context, ked's AI singer lost twice the words its source voice did.
 */
export function consonantFrames(phones: readonly TimedPhone[], frameCount: number): Float32Array {
  const weights = new Float32Array(frameCount).fill(1);
  let p = 0;
  for (let q = 0; q < frameCount; q++) {
    const t = q * FRAME_HOP;
    while (p < phones.length && phones[p]!.end <= t) p++;
    const phone = phones[p];
    if (!phone || phone.start > t || !phone.isVowel) continue;
    weights[q] = 1 - Math.min(1, Math.max(0, Math.min(t - phone.start, phone.end - t) / VOWEL_EDGE));
  }
  return weights;
}

/**
 * `into` becomes `share` x `from` where the frame weight is 1, weights interpolated between frame
 * centres. Both are laid at the same output pulses (one f0 plan), so the fade never beats.
 */
function crossFadeFrames(
  into: Float32Array,
  from: Float32Array,
  weights: Float32Array,
  share: number,
  sampleRate: Hz,
): void {
  const hop = FRAME_HOP * sampleRate;
  const last = weights.length - 1;
  for (let i = 0; i < into.length; i++) {
    const x = Math.min(last, i / hop);
    const f = Math.floor(x);
    const w = share * (weights[f]! + (x - f) * (weights[Math.min(last, f + 1)]! - weights[f]!));
    into[i] = (1 - w) * into[i]! + w * (from[i] ?? 0);
  }
}

/**
 * The source's own line in the person's voice as far as a source-filter change goes: moved to the
 * person's pitch by pitch-synchronous overlap-add on its own pulses (its formants stay), then each
 * frame's envelope (c1..c19) set mostly to the envelope of the person's recorded frame chosen for
 * it, the rest to what the envelope correction aims at (the source frame in the person's
 * statistics plus the person's colour of that phone). Every sound keeps the TTS's timing, bursts
 * and noise; its resonances are the person's. With the correction's aim alone it was little like
 * the person (ked: gap closed 0.20, words 0.26), and so were the consonants it gave the AI singer
 * (m7: 0.54).
 */
function sourceInVoice(o: {
  voice: VoiceModel;
  spoken: SpeechSynthesis;
  /** How many 10 ms frames the source line has. */
  frameCount: number;
  /** The source's frames in its own statistics (as the selection compares them), and their phones. */
  normalized: Float32Array;
  queryPhones: Uint8Array;
  /** The source's own pitch contour (smoothed) and the person's pitch wanted, per frame. */
  sourceF0: Float32Array;
  f0: Float32Array;
  active: Uint8Array;
  levelDb: Float32Array;
  /** The person's recorded frame chosen for each frame, and the share of its envelope taken. */
  selection: Int32Array;
  personEnvelope: number;
}): Float32Array {
  const { voice, spoken, active } = o;
  const { frameCount } = o;
  const audio = resample(spoken.samples, spoken.sampleRate, voice.sampleRate);
  const { marks, periods } = findPitchMarks(audio, voice.sampleRate, o.sourceF0);
  const shifted = synthesizeGrains(
    { audio, sampleRate: voice.sampleRate, f0: o.sourceF0, marks, periods },
    {
      selection: Int32Array.from(active, (a, q) => (a ? q : -1)),
      f0: o.f0,
      active,
      levelDb: o.levelDb,
      outputLength: audio.length,
      holdPulses: true,
    },
  );
  const analysed = melCepstra(toFeatureRate(shifted, voice.sampleRate));
  const dims = voice.frames.dims;
  const stats = personFrameStats(voice);
  const colour = phoneColour(voice);
  const n = Math.min(frameCount, analysed.frameCount);
  const raw = new Float32Array(n * dims);
  const ownShare = o.personEnvelope;
  for (let q = 0; q < n; q++) {
    if (!active[q]) continue;
    // A burst is a few milliseconds: the 10 ms frame chosen for it is as often the closure or the
    // vowel after, and its envelope dulled the stops (m7: 7–9 dB less above 5 kHz on t, k, p).
    const chosen = STOPS.has(o.queryPhones[q]!) ? -1 : (o.selection[q] ?? -1);
    for (let d = 1; d < dims; d++) {
      // The aim: c1..c12 the source frame in the person's statistics and colour; c13 and up as analysed.
      let wanted =
        d <= CORRECTED_DIMS
          ? (o.normalized[q * dims + d]! + colour[o.queryPhones[q]! * dims + d]!) * stats.std[d]! +
            stats.mean[d]!
          : analysed.cepstra[q * dims + d]!;
      if (chosen >= 0) wanted = (1 - ownShare) * wanted + ownShare * voice.frames.cepstra[chosen * dims + d]!;
      raw[q * dims + d] = wanted - analysed.cepstra[q * dims + d]!;
    }
  }
  const samples = correctEnvelope(shifted, voice.sampleRate, smoothOverFrames(raw, n, dims), dims);
  // The TTS's own pulse excitation leaves isolated spikes (flite's: ~56 a minute); smoothed here, on
  // the line they stand out of, rather than after the cross-fade has diluted them (ked: 4.2 clicks a
  // minute and words 0.28 that way, 0.0 and 0.25 this way).
  fadeAtSilences(samples, voice.sampleRate, active);
  smoothSpikes(samples, { sampleRate: voice.sampleRate });
  return samples;
}

/** Stops and affricates: their source frames keep the correction's aim alone (see sourceInVoice). */
const STOPS = new Set(['p', 't', 'k', 'b', 'd', 'g', 'ch', 'jh'].map(phoneId));

/** Each cepstral difference (c1 and up) averaged over ±20 ms, so the envelope filter does not flutter. */
function smoothOverFrames(raw: Float32Array, n: number, dims: number): Float32Array {
  const out = new Float32Array(n * dims);
  for (let q = 0; q < n; q++)
    for (let d = 1; d < dims; d++) {
      let sum = 0;
      let count = 0;
      for (let k = Math.max(0, q - 2); k <= Math.min(n - 1, q + 2); k++) {
        sum += raw[k * dims + d]!;
        count++;
      }
      out[q * dims + d] = sum / count;
    }
  return out;
}

function personFrameStats(voice: VoiceModel): { mean: Float32Array; std: Float32Array } {
  let stats = personStats.get(voice);
  if (!stats) {
    stats = frameStats(voice.frames, voice.speech);
    personStats.set(voice, stats);
  }
  return stats;
}

/**
 * Voiceless consonants whose band under 0.45–1.2 kHz the line renderer clears once a line is placed
 * (`clearVoicelessLowBand`). There the placed source no longer says how the sound's envelope is
 * shaped: without its low band, every cepstral coefficient tilts towards the highs, and the
 * correction towards it stripped the person's consonant of its low band and raised its highs. A
 * glottal pulse left in a closure then stood 6–7 × over what was left around it (ked's and m7's
 * clicks 5.4 → 6.8 a minute once the renderer began clearing). Those frames keep the recording's
 * own envelope. An "h" is no longer cleared by the renderer (it was heard as "s"), but stays here:
 * the AI singer was measured with its breath left as recorded.
 */
const CLEARED_PHONES = new Set(['t', 'k', 'th', 's', 'sh', 'ch', 'hh', 'p', 'f'].map(phoneId));

/** Frames of a phone track whose source sound had its low band cleared by placement. */
export function clearedConsonants(queryPhones: Uint8Array): Uint8Array {
  return queryPhones.map((p) => (CLEARED_PHONES.has(p) ? 1 : 0));
}

/** Length of the ramps where the voice starts after, or stops before, a silent frame. */
const EDGE_FADE: Seconds = 0.005;

/**
 * Silent frames are silent and the voice fades in and out of them over 5 ms: the last grain of a
 * phrase (and the envelope filter's spread) would otherwise stop, or start, in mid-swing, which is
 * heard as a click.
 */
export function fadeAtSilences(samples: Float32Array, sampleRate: Hz, active: Uint8Array): void {
  const hop = FRAME_HOP * sampleRate;
  const ramp = Math.max(1, Math.round(EDGE_FADE * sampleRate));
  for (let i = 0; i < samples.length; i++) {
    const f = Math.min(active.length - 1, Math.round(i / hop));
    if (!active[f]) {
      samples[i] = 0;
      continue;
    }
    // Distance to the nearest silent frame's edge, if one is within reach.
    const edgeBefore = f > 0 && !active[f - 1] ? i - (f - 0.5) * hop : Infinity;
    const edgeAfter = f + 1 < active.length && !active[f + 1] ? (f + 0.5) * hop - i : Infinity;
    const d = Math.min(edgeBefore, edgeAfter);
    if (d < ramp) samples[i]! *= 0.5 - 0.5 * Math.cos((Math.PI * Math.max(0, d)) / ramp);
  }
}

const phoneColours = new WeakMap<VoiceModel, Float32Array>();

/**
 * How the person says each phone, against how the source voice says it (guided readings): the
 * mean difference of their normalised cepstra over the recorded frames of that phone, shrunk
 * towards none for phones read only a few times. Zero for every phone without a guided reading.
 */
function phoneColour(voice: VoiceModel): Float32Array {
  let colour = phoneColours.get(voice);
  if (colour) return colour;
  const dims = voice.frames.dims;
  colour = new Float32Array(PHONE_SET.length * dims);
  const { paired, phones } = voice;
  if (paired && phones) {
    const counts = new Float32Array(PHONE_SET.length);
    for (let u = 0; u < voice.frames.frameCount; u++) {
      const p = phones[u]!;
      if (!p || !voice.speech[u]) continue;
      counts[p]!++;
      for (let d = 0; d < dims; d++)
        colour[p * dims + d]! += voice.normalized[u * dims + d]! - paired[u * dims + d]!;
    }
    for (let p = 1; p < PHONE_SET.length; p++)
      for (let d = 0; d < dims; d++) colour[p * dims + d]! /= counts[p]! + PHONE_COLOUR_PRIOR;
  }
  phoneColours.set(voice, colour);
  return colour;
}

/** Frames of a phone worth as much as "no difference" in its colour estimate. */
const PHONE_COLOUR_PRIOR = 10;

/** Where a vowel meets its neighbours (30 ms each side): the transition carries the consonant. */
const TRANSITION: Seconds = 0.03;

/**
 * How much of the envelope correction each output frame gets: all of it on consonants, on the
 * transitions into and out of a vowel, and wherever the chosen recorded frame was labelled with
 * another sound than the source says; `steadyShare` of it in the steady middle of a vowel cut from
 * the same vowel, where the person's own colour of the sound is who they are.
 */
export function correctionWeights(o: {
  phones: readonly TimedPhone[];
  selection: Int32Array;
  recordedPhones?: Uint8Array | undefined;
  amount: number;
  steadyShare: number;
  /** Frames left uncorrected (1), e.g. `clearedConsonants`. */
  uncorrected?: Uint8Array | undefined;
}): Float32Array {
  const n = o.selection.length;
  const weights = new Float32Array(n).fill(o.amount);
  if (o.uncorrected) for (let q = 0; q < n; q++) if (o.uncorrected[q]) weights[q] = 0;
  if (o.steadyShare >= 1) return weights;
  let p = 0;
  for (let q = 0; q < n; q++) {
    const t = q * FRAME_HOP;
    while (p < o.phones.length && o.phones[p]!.end <= t) p++;
    const phone = o.phones[p];
    if (!phone || phone.start > t || !phone.isVowel || o.uncorrected?.[q]) continue;
    const chosen = o.selection[q]!;
    if (o.recordedPhones && chosen >= 0 && o.recordedPhones[chosen] !== phoneId(phone.phone)) continue;
    const inside = Math.min(t - phone.start, phone.end - t) / TRANSITION;
    const steady = Math.min(1, Math.max(0, inside));
    weights[q] = o.amount * (1 - (1 - o.steadyShare) * steady);
  }
  return weights;
}

/**
 * The envelope each output frame should have, minus the one its recorded frame has: the source
 * frame's cepstra (normalised) put into the person's statistics, plus (reference 'phone') the
 * person's own colour of the phone, so the sound is the source's and its colour the person's. A frame chosen from a slightly different sound (40
 * seconds of reading never holds every sound in every context) is pulled to the sound the source
 * says, which is where the words are heard. Smoothed over ±20 ms so the filter does not flutter.
 */
function envelopeDelta(o: {
  voice: VoiceModel;
  normalized: Float32Array;
  selection: Int32Array;
  active: Uint8Array;
  /** Share of the correction applied at each frame. */
  weights: Float32Array;
  tolerance: number;
  reference: 'person' | 'phone';
  queryPhones: Uint8Array;
}): Float32Array {
  const { voice, normalized, selection, active } = o;
  const dims = voice.frames.dims;
  const stats = personFrameStats(voice);
  const bias = o.reference === 'phone' ? phoneColour(voice) : undefined;
  const n = selection.length;
  const raw = new Float32Array(n * dims);
  for (let q = 0; q < n; q++) {
    const chosen = selection[q]!;
    if (!active[q] || chosen < 0) continue;
    for (let d = 1; d <= CORRECTED_DIMS; d++) {
      const colour = bias ? bias[o.queryPhones[q]! * dims + d]! : 0;
      const miss =
        (normalized[q * dims + d]! + colour) * stats.std[d]! +
        stats.mean[d]! -
        voice.frames.cepstra[chosen * dims + d]!;
      const kept = o.tolerance * stats.std[d]!;
      raw[q * dims + d] = o.weights[q]! * Math.sign(miss) * Math.max(0, Math.abs(miss) - kept);
    }
  }
  return smoothOverFrames(raw, n, dims);
}
