import { beforeAll, describe, expect, it } from 'vitest';
import { EspeakVoiceBackend } from '../voice/espeak-voice.ts';
import { FliteVoiceBackend } from '../voice/flite-voice.ts';
import type { SpeechSynthesis } from '../voice/voice-backend.ts';
import { encodeWav } from '../io/wav-codec.ts';
import { prepareVoiceSample } from './voice-sample.ts';
import {
  buildVoiceModel,
  deserializeVoiceModel,
  findPitchMarks,
  serializeVoiceModel,
  VoiceModelError,
  type VoiceModelSummary,
} from './voice-model.ts';
import {
  clearedConsonants,
  consonantFrames,
  correctionWeights,
  createClonedVoiceBackend,
  fadeAtSilences,
  mapPitch,
} from './cloned-voice-backend.ts';
import { cepstralMeanDistance, speakerFrames } from './voice-measures.ts';
import { PHONE_SET, phoneId, phoneTrack, selectExemplars } from './exemplar-index.ts';
import { isClearedVoiceless } from '../voice/voiceless-low-band.ts';
import { renderRap } from '../render/rap-renderer.ts';
import { trackPitch } from '../analysis/pitch-tracker.ts';

// The "person": eSpeak's en-us+f3, a voice whose sound no Flite source voice shares.
const PERSON = 'en-us+f3';
const ENROL =
  'every morning i walk down to the corner shop to buy bread and a newspaper the owner is an old friend who always asks about my family and the weather last winter the river froze so hard that children skated all the way to the bridge my sister wants to travel to japan next spring to see the cherry blossoms';
const OTHER = 'thunder rolled across the valley and the farmer hurried his cows into the barn';
const LINE = 'i got the rhythm in my bones and the city in my veins';

const espeak = new EspeakVoiceBackend();
const flite = new FliteVoiceBackend();
let model: Uint8Array;
let summary: VoiceModelSummary;

beforeAll(async () => {
  const enrolment = await espeak.synthesize({ text: ENROL, voice: PERSON });
  const prepared = await prepareVoiceSample(
    encodeWav({ sampleRate: enrolment.sampleRate, channels: [enrolment.samples] }),
  );
  // A guided reading: the person read ENROL, and the model is told so.
  ({ model, summary } = await buildVoiceModel(prepared.wav, { sourceVoices: ['rms'], transcript: ENROL }));
}, 120_000);

const frames = (s: SpeechSynthesis) => speakerFrames(s.samples, s.sampleRate);

/** The model's bytes with its JSON header edited (the sections moved to follow it). */
function withHeader(bytes: Uint8Array, edit: (header: Record<string, unknown>) => void): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(4, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + length))) as Record<
    string,
    unknown
  >;
  edit(header);
  const align = (n: number) => (n + 3) & ~3;
  const text = new TextEncoder().encode(JSON.stringify(header));
  const body = bytes.subarray(align(8 + length));
  const out = new Uint8Array(align(8 + text.length) + body.length);
  out.set(bytes.subarray(0, 4));
  new DataView(out.buffer).setUint32(4, text.length, true);
  out.set(text, 8);
  out.set(body, align(8 + text.length));
  return out;
}

describe('buildVoiceModel', () => {
  it('summarises the voice it learned', () => {
    expect(summary.sourceVoice).toBe('rms');
    expect(summary.guided).toBe(true);
    expect(summary.speechSeconds).toBeGreaterThan(10);
    // eSpeak's f3 speaks around 200 Hz; Flite's rms around 100 Hz.
    expect(summary.pitch.medianHz).toBeGreaterThan(150);
    expect(summary.pitchRatio).toBeGreaterThan(1.4);
    expect(summary.modelBytes).toBe(model.length);
  });

  it('round-trips through its serialised form', () => {
    const a = deserializeVoiceModel(model);
    const again = serializeVoiceModel(a);
    expect(again).toEqual(model);
    expect(a.marks.length).toBeGreaterThan(1000);
    expect(a.paired?.length).toBe(a.frames.cepstra.length);
    // Most recorded frames of a reading are inside a phone, not a pause.
    expect(a.phones!.filter((p) => p > 0).length).toBeGreaterThan(0.6 * a.frames.frameCount);
    expect(a.audio.length / a.sampleRate).toBeCloseTo(summary.durationSeconds, 2);
  });

  it('reads a model from a Node Buffer cut from a larger one', () => {
    const pooled = Buffer.concat([Buffer.alloc(5), Buffer.from(model)]).subarray(5);
    const a = deserializeVoiceModel(pooled);
    expect(serializeVoiceModel(a)).toEqual(model);
  });

  it('finds the pulse marks again in a model stored with the first marking method', () => {
    const current = deserializeVoiceModel(model);
    // The same model as an older build wrote it: no marking version, its own (here: useless) marks.
    const old = withHeader(
      serializeVoiceModel({ ...current, marks: new Int32Array(current.marks.length) }),
      (header) => {
        delete header.pulseMarking;
      },
    );
    const read = deserializeVoiceModel(old);
    expect(read.marks.length).toBeGreaterThan(1000);
    expect(read.marks).toEqual(findPitchMarks(read.audio, read.sampleRate, read.f0).marks);
  });

  it('refuses bytes that are not a model, or are cut short', () => {
    expect(() => deserializeVoiceModel(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]))).toThrow(VoiceModelError);
    expect(() => deserializeVoiceModel(model.subarray(0, model.length >> 1))).toThrow(/truncated/);
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    const enrolment = await espeak.synthesize({ text: OTHER, voice: PERSON });
    const wav = encodeWav({ sampleRate: enrolment.sampleRate, channels: [enrolment.samples] });
    await expect(buildVoiceModel(wav, { signal: controller.signal })).rejects.toThrow('stop');
  });
});

describe('createClonedVoiceBackend', () => {
  it('sounds closer to the person than the raw source voice does', async () => {
    const backend = createClonedVoiceBackend(model);
    const sung = await backend.synthesize({ text: LINE, voice: 'ignored' });
    const raw = await flite.synthesize({ text: LINE, voice: 'rms' });
    const person = await espeak.synthesize({ text: OTHER, voice: PERSON });
    const fromSinger = cepstralMeanDistance(frames(sung), frames(person));
    const fromSource = cepstralMeanDistance(frames(raw), frames(person));
    expect(fromSinger).toBeLessThan(0.6 * fromSource);
  });

  it('keeps the source timing contract: same words, same times, sound where the words are', async () => {
    const backend = createClonedVoiceBackend(model);
    await backend.prepare?.([LINE], 'ignored');
    const sung = await backend.synthesize({ text: LINE, voice: 'ignored' });
    const raw = await flite.synthesize({ text: LINE, voice: 'rms' });
    expect(sung.words.map((w) => w.text)).toEqual(LINE.split(' '));
    expect(sung.words.map((w) => [w.start, w.end])).toEqual(raw.words.map((w) => [w.start, w.end]));
    expect(sung.samples.length / sung.sampleRate).toBeCloseTo(raw.samples.length / raw.sampleRate, 2);
    const rms = (from: number, to: number) => {
      const a = Math.round(from * sung.sampleRate);
      const b = Math.round(to * sung.sampleRate);
      let s = 0;
      for (let i = a; i < b; i++) s += sung.samples[i]! ** 2;
      return Math.sqrt(s / Math.max(1, b - a));
    };
    for (const word of sung.words.filter((w) => w.end - w.start > 0.15))
      expect(rms(word.start, word.end)).toBeGreaterThan(0.005);
    // Before the first word the source is silent, and so is the singer.
    expect(rms(0, Math.max(0, sung.words[0]!.start - 0.05))).toBeLessThan(0.003);
  });

  it('moves a sung note by octaves into the person’s register', () => {
    const voice = deserializeVoiceModel(model);
    const f0 = mapPitch({
      sourceF0: Float32Array.from([0, 110, 110, 0]),
      model: voice,
      noteHz: 110,
      sourceNoteHz: 110,
    });
    expect(f0[0]).toBe(0);
    const octaves = Math.log2(f0[1]! / summary.pitch.medianHz);
    expect(Math.abs(octaves)).toBeLessThanOrEqual(0.5);
    expect(Math.log2(f0[1]! / 110) % 1).toBeCloseTo(0, 5);
  });

  it('centres a spoken line on the person’s pitch even when the source says it higher than its reading', () => {
    const voice = deserializeVoiceModel(model);
    const spread = Math.min(2, Math.max(0.5, voice.logF0.std / voice.source.logF0.std));
    // Three semitones above the source's reading, for two seconds of voice.
    const high = Math.exp(voice.source.logF0.mean) * 2 ** (3 / 12);
    const f0 = mapPitch({ sourceF0: new Float32Array(200).fill(high), model: voice });
    const semitones = 12 * Math.log2(f0[100]! / Math.exp(voice.logF0.mean));
    // Mapped on the reading's centre it would sit 3 × spread semitones up; the line's own centre
    // (shrunk a fifth of the way back to the reading's) leaves a fifth of that.
    expect(Math.abs(semitones)).toBeLessThan(0.25 * 3 * spread);
    expect(semitones).toBeGreaterThan(0);
  });
});

describe('the source’s consonants in the person’s voice', () => {
  it('takes consonants and the 10 ms edges of each vowel from the source, the vowel’s middle from the person', () => {
    const w = consonantFrames(
      [
        { phone: 'k', start: 0, end: 0.05, isVowel: false },
        { phone: 'ae', start: 0.05, end: 0.25, isVowel: true },
        { phone: 't', start: 0.25, end: 0.3, isVowel: false },
      ],
      32,
    );
    expect(w[2]).toBe(1); // the "k"
    expect(w[5]).toBe(1); // the vowel's first instant
    // From 10 ms in to 10 ms before its end.
    expect(Math.max(...w.subarray(6, 25))).toBeLessThan(1e-9);
    expect(w[25]).toBe(1); // the "t"
    expect(w[31]).toBe(1); // silence after the line
  });

  it('changes only consonants and vowel edges, and leaves the recorded vowels’ middles as they were', async () => {
    const spoken = await flite.synthesize({ text: LINE, voice: deserializeVoiceModel(model).source.voice });
    const units = await createClonedVoiceBackend(model, { sourceConsonants: 0 }).synthesize({
      text: LINE,
      voice: 'x',
    });
    const blended = await createClonedVoiceBackend(model).synthesize({ text: LINE, voice: 'x' });
    const weights = consonantFrames(
      spoken.words.flatMap((w) => w.phones),
      Math.ceil(spoken.samples.length / spoken.sampleRate / 0.01),
    );
    const rate = blended.sampleRate;
    let middle = 0;
    let middleSame = 0;
    let consonant = 0;
    let consonantChanged = 0;
    for (let f = 2; f < weights.length - 2; f++) {
      // Frames well inside a vowel's middle, or well inside a consonant (the smoothing reaches ±1 frame).
      const kind = weights.subarray(f - 2, f + 3).every((x) => x === 0)
        ? 'middle'
        : weights.subarray(f - 2, f + 3).every((x) => x === 1)
          ? 'consonant'
          : undefined;
      if (!kind) continue;
      let diff = 0;
      let level = 0;
      for (let i = Math.round(f * 0.01 * rate); i < Math.round((f + 1) * 0.01 * rate); i++) {
        diff += (blended.samples[i]! - units.samples[i]!) ** 2;
        level += units.samples[i]! ** 2 + blended.samples[i]! ** 2;
      }
      if (level < 1e-6) continue;
      if (kind === 'middle') {
        middle++;
        if (diff < 1e-3 * level) middleSame++;
      } else {
        consonant++;
        if (diff > 0.05 * level) consonantChanged++;
      }
    }
    expect(middle).toBeGreaterThan(20);
    expect(middleSame / middle).toBeGreaterThan(0.9);
    expect(consonant).toBeGreaterThan(10);
    expect(consonantChanged / consonant).toBeGreaterThan(0.8);
  });
  it('gives the source’s consonants the person’s resonances from the frames chosen for them', async () => {
    const person = frames(await espeak.synthesize({ text: OTHER, voice: PERSON }));
    const spoken = await flite.synthesize({ text: LINE, voice: deserializeVoiceModel(model).source.voice });
    const weights = consonantFrames(
      spoken.words.flatMap((w) => w.phones),
      Math.ceil(spoken.samples.length / spoken.sampleRate / 0.01),
    );
    /** The cepstral distance to the person of the line's consonant frames alone. */
    const distance = async (personEnvelope: number) => {
      const line = await createClonedVoiceBackend(model, { personEnvelope }).synthesize({
        text: LINE,
        voice: 'x',
      });
      const hop = 0.01 * line.sampleRate;
      const parts = [...weights.keys()]
        .filter((f) => weights[f] === 1)
        .map((f) => line.samples.subarray(Math.round(f * hop), Math.round((f + 1) * hop)));
      const consonants = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const part of parts) {
        consonants.set(part, at);
        at += part.length;
      }
      return cepstralMeanDistance(speakerFrames(consonants, line.sampleRate), person);
    };
    const aimOnly = await distance(0);
    const chosen = await distance(0.75);
    // 0.93-0.95 measured over eSpeak's noise seeds (the person's breath noise moves it); 1 if the
    // chosen frames did nothing.
    expect(chosen).toBeLessThan(0.97 * aimOnly);
  });
});

describe('correctionWeights', () => {
  // "cat": a consonant, 200 ms of vowel, a consonant; 10 ms frames, each cut from the same frame of a
  // recording labelled as the vowel, except frame 15 (cut from a "k").
  const phones = [
    { phone: 'k', start: 0, end: 0.05, isVowel: false },
    { phone: 'ae', start: 0.05, end: 0.25, isVowel: true },
    { phone: 't', start: 0.25, end: 0.3, isVowel: false },
  ];
  const selection = Int32Array.from({ length: 30 }, (_, f) => f);
  const recordedPhones = Uint8Array.from({ length: 30 }, (_, f) => phoneId(f === 15 ? 'k' : 'ae'));

  it('keeps the steady middle of a well-cut vowel as recorded, and corrects the rest', () => {
    const w = correctionWeights({ phones, selection, recordedPhones, amount: 0.9, steadyShare: 0.2 });
    expect(w[2]).toBeCloseTo(0.9, 5); // the "k"
    expect(w[27]).toBeCloseTo(0.9, 5); // the "t"
    expect(w[12]).toBeCloseTo(0.9 * 0.2, 5); // the vowel's middle
    expect(w[15]).toBeCloseTo(0.9, 5); // cut from another sound
    // 10 ms into the vowel: a third of the way from the transition to the steady part.
    expect(w[6]).toBeCloseTo(0.9 * (1 - 0.8 / 3), 4);
    expect(w[24]).toBeCloseTo(w[6]!, 4);
  });

  it('corrects every frame alike when the steady share is 1', () => {
    const w = correctionWeights({ phones, selection, recordedPhones, amount: 0.5, steadyShare: 1 });
    expect(Array.from(w).every((x) => x === 0.5)).toBe(true);
  });

  it("leaves a placed line's voiceless consonants as recorded, and every other frame corrected", () => {
    const uncorrected = clearedConsonants(phoneTrack(phones, 30, 0.01));
    for (const steadyShare of [1, 0.2]) {
      const w = correctionWeights({
        phones,
        selection,
        recordedPhones,
        amount: 0.9,
        steadyShare,
        uncorrected,
      });
      expect(w[2]).toBe(0); // the "k"
      expect(w[27]).toBe(0); // the "t"
      expect(w[6]).toBeGreaterThan(0.5); // the vowel's transition
      expect(w[15]).toBeCloseTo(0.9, 5);
    }
  });
});

describe('clearedConsonants', () => {
  it('marks the phones whose low band the line renderer clears once placed, and "hh"', () => {
    const track = Uint8Array.from(PHONE_SET.keys());
    const marked = clearedConsonants(track);
    for (const [id, phone] of PHONE_SET.entries())
      expect([phone, marked[id]]).toEqual([phone, isClearedVoiceless(phone) || phone === 'hh' ? 1 : 0]);
  });
});

describe('fadeAtSilences', () => {
  it('silences silent frames and ramps the voice into and out of them without a step', () => {
    const rate = 16000;
    const active = Uint8Array.from({ length: 25 }, (_, f) => (f >= 10 && f < 15 ? 0 : 1));
    const x = new Float32Array(25 * 160).fill(0.5);
    fadeAtSilences(x, rate, active);
    expect(x[5 * 160]).toBe(0.5);
    expect(x[20 * 160]).toBe(0.5);
    for (let i = Math.round(9.5 * 160); i < Math.round(14.5 * 160); i++) expect(x[i]).toBe(0);
    let step = 0;
    for (let i = 1; i < x.length; i++) step = Math.max(step, Math.abs(x[i]! - x[i - 1]!));
    // A 5 ms raised cosine from 0.5: the largest step is under 0.5 * pi / 80 samples.
    expect(step).toBeLessThan(0.02);
    expect(x[Math.round(9.5 * 160) - 40]!).toBeGreaterThan(0.2);
    expect(x[Math.round(9.5 * 160) - 40]!).toBeLessThan(0.3);
  });
});

describe('selectExemplars', () => {
  /** A deterministic pseudo-random "recording" with smooth frame-to-frame movement, and a noisy passage of it. */
  const passage = (noise: number) => {
    const dims = 20;
    const frameCount = 300;
    const index = new Float32Array(frameCount * dims);
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    for (let f = 0; f < frameCount; f++)
      for (let d = 0; d < dims; d++)
        index[f * dims + d] = 0.7 * (f > 0 ? index[(f - 1) * dims + d]! : 0) + random();
    const from = 120;
    const length = 40;
    const query = index.slice(from * dims, (from + length) * dims);
    for (let i = 0; i < query.length; i++) query[i]! += noise * random();
    return {
      query: { frames: query, frameCount: length, f0: new Float32Array(length) },
      index: {
        frames: index,
        frameCount,
        dims,
        f0: new Float32Array(frameCount),
        speech: new Uint8Array(frameCount).fill(1),
      },
      expected: Array.from({ length }, (_, i) => from + i),
    };
  };

  it('finds a recorded passage again, frame for frame, among other material', () => {
    const { query, index, expected } = passage(0.1);
    expect(Array.from(selectExemplars(query, index))).toEqual(expected);
  });

  it('keeps to a recorded run when its next frame is not among the nearest (continuations)', () => {
    const { query, index, expected } = passage(2);
    const hits = (path: Int32Array) => Array.from(path).filter((f, i) => f === expected[i]).length;
    const nearestOnly = selectExemplars(query, index, { candidates: 2 });
    const withContinuations = selectExemplars(query, index, { candidates: 2, continuations: 10 });
    expect(hits(nearestOnly)).toBeLessThan(expected.length);
    expect(Array.from(withContinuations)).toEqual(expected);
  });
});

describe('renderRap with the cloned voice', () => {
  it('raps the lyrics in the person’s own voice and pitch, credited as itself, with every word timed', async () => {
    const lyrics =
      'i keep the rhythm steady when the city goes to sleep\nevery word i write is mine and every promise that i keep';
    const result = await renderRap(
      { lyrics, artistId: 'mc-volt', musicSelectionId: 'dusty-crates', form: 'preview' },
      { voiceBackend: createClonedVoiceBackend(model), singerName: 'Nova Me', diagnostics: true },
    );
    // Only the flow is MC Volt's: the song and its lyric file name the AI singer.
    expect(result.artist).toBe('Nova Me');
    expect(result.lrc).toContain('[ar:Nova Me]');
    expect(result.lrc).not.toContain('MC Volt');
    expect(result.words.map((w) => w.text.toLowerCase())).toEqual(lyrics.split(/\s+/));
    const lead = result.diagnostics!.leadVocal;
    const rate = result.diagnostics!.sampleRate;
    const vocal = speakerFrames(lead, rate);
    const person = await espeak.synthesize({ text: OTHER, voice: PERSON });
    const rms = await flite.synthesize({ text: OTHER, voice: 'rms' });
    expect(cepstralMeanDistance(vocal, frames(person))).toBeLessThan(
      0.6 * cepstralMeanDistance(vocal, frames(rms)),
    );
    // The person's register, not MC Volt's recipe (a semitone down, formants lowered).
    const pitch = trackPitch(lead, { sampleRate: rate, minFrequency: 60, maxFrequency: 500 });
    const voiced = Array.from(pitch.frequencies)
      .filter((f) => f > 0)
      .sort((a, b) => a - b);
    const median = voiced[voiced.length >> 1]!;
    expect(Math.abs(12 * Math.log2(median / summary.pitch.medianHz))).toBeLessThan(0.7);
    // A whole render with a beat: ~25 s of CPU on a shared 2-core machine.
  }, 120_000);
});
