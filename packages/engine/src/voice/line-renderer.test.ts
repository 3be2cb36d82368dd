import { describe, expect, it } from 'vitest';
import {
  nearestKeyTime,
  FORMANT_KEY_SHARE,
  placeLine,
  planToPlannerSyllables,
  renderLine,
  slotTime,
  voicingOnsets,
  wordVoicingOnset,
  type LineRenderOptions,
} from './line-renderer.ts';
import { syllabify, type TimedSyllable } from '../text/syllabifier.ts';
import { FliteVoiceBackend } from './flite-voice.ts';
import { EspeakVoiceBackend } from './espeak-voice.ts';
import { planLine, type LinePlan } from '../flow/flow-planner.ts';
import { FLOW_STYLES } from '../flow/flow-style.ts';
import type { TimedWord } from './voice-backend.ts';
import { ARPABET_VOWELS } from './voice-backend.ts';

/** A word from phones of 50 ms each, starting at `start`. */
function word(text: string, phones: string[], start: number): TimedWord {
  return {
    text,
    start,
    end: start + 0.05 * phones.length,
    phones: phones.map((phone, i) => ({
      phone,
      start: start + 0.05 * i,
      end: start + 0.05 * (i + 1),
      isVowel: ARPABET_VOWELS.has(phone),
    })),
  };
}

function syllable(w: TimedWord, wordIndex: number, from: number, vowel: number, to: number): TimedSyllable {
  return {
    wordIndex,
    word: w.text,
    start: w.phones[from]!.start,
    end: w.phones[to]!.end,
    vowelStart: w.phones[vowel]!.start,
    stress: 2,
    isWordStart: from === 0,
    isWordEnd: to === w.phones.length - 1,
    phones: w.phones.slice(from, to + 1).map((p) => p.phone),
  };
}

describe('voicingOnsets', () => {
  it('keys a syllable at the glides and liquids before its vowel, else at the vowel', () => {
    const my = word('my', ['m', 'ay'], 0);
    const sky = word('sky', ['s', 'k', 'ay'], 0.2);
    const play = word('play', ['p', 'l', 'ey'], 0.5);
    const words = [my, sky, play];
    const syllables = [syllable(my, 0, 0, 1, 1), syllable(sky, 1, 0, 2, 2), syllable(play, 2, 0, 2, 2)];
    const keys = voicingOnsets(syllables, words);
    expect(keys[0]).toBeCloseTo(0.05, 6); // a nasal's murmur is not the beat: "ay"
    expect(keys[1]).toBeCloseTo(0.3, 6); // "s k" are voiceless: the vowel
    expect(keys[2]).toBeCloseTo(0.55, 6); // "l", not the "p" before it
  });
  it('keys voiced consonants right after a voiceless sound where they start, when asked', () => {
    const its = word('its', ['ih', 't', 's'], 0);
    const late = word('late', ['l', 'ey', 't'], 0.15);
    const now = word('now', ['n', 'aw'], 0.5); // after a pause
    const and = word('and', ['ae', 'n', 'd'], 0.6);
    const my = word('my', ['m', 'ay'], 0.75); // after a voiced "d"
    const words = [its, late, now, and, my];
    const syllables = [
      syllable(its, 0, 0, 0, 2),
      syllable(late, 1, 0, 1, 2),
      syllable(now, 2, 0, 1, 1),
      syllable(and, 3, 0, 0, 2),
      syllable(my, 4, 0, 1, 1),
    ];
    const keyed = voicingOnsets(syllables, words, 'glides', true);
    expect(keyed[1]).toBeCloseTo(0.158, 6); // "l" after "s": 8 ms into it
    expect(keyed[2]).toBeCloseTo(0.55, 6); // after a pause: as before, the vowel
    expect(keyed[4]).toBeCloseTo(0.8, 6); // after "d": the vowel
    const plain = voicingOnsets(syllables, words);
    expect(plain[1]).toBeCloseTo(0.15, 6); // the glide, at most 50 ms before its vowel
    expect(voicingOnsets(syllables, words, 'formant', true)).toEqual(
      voicingOnsets(syllables, words, 'formant'),
    );
    const long = word('yes', ['y', 'eh', 's'], -0.05);
    const well = word('well', ['w', 'eh', 'l'], 0.1);
    well.phones[0]!.end = 0.35;
    well.phones[1]!.start = 0.35;
    const capped = voicingOnsets(
      [syllable(long, 0, 0, 1, 2), { ...syllable(well, 1, 0, 1, 2), vowelStart: 0.35 }],
      [long, well],
      'glides',
      true,
    );
    expect(capped[1]).toBeCloseTo(0.2, 6); // a 250 ms "w": 150 ms before the vowel at most
  });
  it("keys eSpeak's glides and liquids too: its phones are IPA", () => {
    const ipa = (text: string, phones: string[], vowel: number, start: number): TimedWord => {
      const w = word(text, phones, start);
      w.phones.forEach((p, i) => (p.isVowel = i === vowel));
      return w;
    };
    const your = ipa('your', ['j', 'ʊɹ'], 1, 0);
    const ring = ipa('ring', ['ɹ', 'ˈɪ', 'ŋ'], 1, 0.2);
    const keys = voicingOnsets([syllable(your, 0, 0, 1, 1), syllable(ring, 1, 0, 1, 2)], [your, ring]);
    expect(keys[0]).toBeCloseTo(0, 6);
    expect(keys[1]).toBeCloseTo(0.2, 6);
  });
  it('keeps a syllable inside its own span and never moves the key more than 50 ms before the vowel', () => {
    const hold = word('lily', ['l', 'ih', 'l', 'iy'], 0);
    // Second syllable "ly": its "l" belongs to it; the first syllable's "l" belongs to the first.
    const syllables = [syllable(hold, 0, 0, 1, 1), syllable(hold, 0, 2, 3, 3)];
    const keys = voicingOnsets(syllables, [hold]);
    expect(keys[0]).toBeCloseTo(0, 6);
    expect(keys[1]).toBeCloseTo(0.1, 6);
    const long = word('why', ['w', 'ay'], 0);
    long.phones[0]!.end = 0.2;
    long.phones[1]!.start = 0.2;
    expect(voicingOnsets([{ ...syllable(long, 0, 0, 1, 1), vowelStart: 0.2 }], [long])[0]).toBeCloseTo(
      0.15,
      6,
    );
  });
  it("keys a formant voice's syllables where its glides and p begin, unless a vowel leads into them; at the vowel after its other consonants", () => {
    const ipa = (text: string, phones: string[], start: number): TimedWord => {
      const w = word(text, phones, start);
      w.phones.forEach((p) => (p.isVowel = /^[ˈˌ]?[aeiouɑæəɚɛɪʊʌɔ]/.test(p.phone)));
      return w;
    };
    const down = ipa('down', ['d', 'ˈaʊ', 'n'], 0);
    const paid = ipa('paid', ['p', 'ˈeɪ', 'd'], 0.2);
    const minute = ipa('minute', ['m', 'ˈɪ', 'n', 'ɪ', 't'], 0.4);
    const go = ipa('go', ['ɡ', 'ˈoʊ'], 0.7);
    const words = [down, paid, minute, go];
    const syllables = [
      syllable(down, 0, 0, 1, 2),
      syllable(paid, 1, 0, 1, 2),
      syllable(minute, 2, 0, 1, 1),
      syllable(minute, 2, 2, 3, 4),
      syllable(go, 3, 0, 1, 1),
    ];
    const formant = voicingOnsets(syllables, words, 'formant');
    expect(formant[0]).toBeCloseTo(down.phones[1]!.start, 6); // "d": the vowel
    expect(formant[1]).toBeCloseTo(0.2, 6); // "p"
    expect(formant[2]).toBeCloseTo(minute.phones[1]!.start, 6); // "m": the vowel
    expect(formant[3]).toBeCloseTo(0.55, 6); // "n" follows "ɪ": the vowel
    expect(formant[4]).toBeCloseTo(0.75, 6); // "ɡ": the vowel
    // The glides rule keys every one of them at its vowel, "p" too.
    expect(voicingOnsets(syllables, words)).toEqual(syllables.map((s) => s.vowelStart));
    const woke = ipa('woke', ['w', 'ˈoʊ', 'k'], 0);
    woke.phones[0]!.end = 0.2;
    woke.phones[1]!.start = 0.2;
    const long = { ...syllable(woke, 0, 0, 1, 2), vowelStart: 0.2 };
    expect(voicingOnsets([long], [woke], 'formant')[0]).toBeCloseTo(0.05, 6);
    // A word on its own (an ad-lib) is keyed by the same rule as its first syllable in a line.
    expect(wordVoicingOnset(paid, 'formant')).toBeCloseTo(0.2, 6);
    expect(wordVoicingOnset(paid)).toBeCloseTo(paid.phones[1]!.start, 6);
    expect(wordVoicingOnset(down, 'formant')).toBeCloseTo(down.phones[1]!.start, 6);
    expect(wordVoicingOnset(go, 'formant')).toBeCloseTo(0.75, 6);
    expect(wordVoicingOnset(woke, 'formant')).toBeCloseTo(0.05, 6);
  });
});

const STRAIGHT = FLOW_STYLES.straight;
const BEAT = 60 / 90;

/** A line on straight 16ths at 90 BPM, from bar time 2 s, at the voice's own pitch. */
const straightLine = (
  speech: { samples: Float32Array; sampleRate: number; words: TimedWord[] },
  syllables: TimedSyllable[],
  plan: LinePlan,
): LineRenderOptions => ({
  source: speech.samples,
  sourceRate: speech.sampleRate,
  syllables,
  plan,
  lineStart: 2,
  secondsPerSlot: BEAT / STRAIGHT.slotsPerBeat,
  slotsPerBeat: STRAIGHT.slotsPerBeat,
  swing: 0,
  pocket: STRAIGHT.pocket,
  deadline: 2 + 4 * BEAT,
  pitchScale: 1,
  formantFactor: 1,
  maxStretch: STRAIGHT.maxStretch,
  outputRate: 44100,
  words: speech.words,
});

describe('slotTime and nearestKeyTime', () => {
  const grid = { lineStart: 2, secondsPerSlot: 0.125, slotsPerBeat: 4, swing: 0.2, pocket: 0.01 };
  it('puts swung 16ths late by their share of a slot, and nothing else', () => {
    expect([0, 1, 2, 3, -1].map((k) => slotTime(grid, k))).toEqual([2, 2.15, 2.25, 2.4, 1.9]);
    expect(slotTime({ ...grid, slotsPerBeat: 3 }, 1)).toBe(2.125);
  });
  it('finds the key time nearest a time, swing and pocket included', () => {
    expect(nearestKeyTime(grid, 2.12)).toBeCloseTo(2.16, 9);
    expect(nearestKeyTime(grid, 2.2)).toBeCloseTo(2.16, 9);
    expect(nearestKeyTime(grid, 2.22)).toBeCloseTo(2.26, 9);
    expect(nearestKeyTime(grid, 1.5)).toBeCloseTo(1.51, 9);
  });
});

describe('renderLine', () => {
  it('says where each source time landed: syllable keys fall on their grid slots', async () => {
    const speech = await new FliteVoiceBackend().synthesize({
      text: 'every single night i write until the sun comes up',
      voice: 'slt',
    });
    const syllables = await syllabify(speech.words);
    const plan = planLine(planToPlannerSyllables(syllables), {
      secondsPerBeat: BEAT,
      style: STRAIGHT,
      maxBars: 1,
    });
    for (const phaseVocoder of [false, true]) {
      const rendered = await renderLine({ ...straightLine(speech, syllables, plan), phaseVocoder });
      const keys = voicingOnsets(syllables, speech.words);
      const misses = keys.map((k, i) =>
        Math.abs(rendered.start + rendered.sourceToLine(k) - rendered.syllables[i]!.gridTime),
      );
      // Rubber Band snaps key frames to its 256-sample hops (16 ms at 16 kHz); Sonic to 10 ms.
      expect(Math.max(...misses)).toBeLessThan(0.02);
      // Monotone: later source times land later.
      for (let t = 0.1; t < speech.samples.length / speech.sampleRate; t += 0.05)
        expect(rendered.sourceToLine(t)).toBeGreaterThanOrEqual(rendered.sourceToLine(t - 0.05));
      expect(rendered.sourceToLine(1e3)).toBeLessThanOrEqual(rendered.samples.length / 44100 + 0.001);
    }
  });
  it("counts a rest spliced in before a word that opens on a vowel as the earlier word's", async () => {
    const speech = await new FliteVoiceBackend().synthesize({ text: 'two dollars and fifty', voice: 'rms' });
    const syllables = await syllabify(speech.words);
    expect(syllables.map((s) => s.word)).toEqual(['two', 'dollars', 'dollars', 'and', 'fifty', 'fifty']);
    // "dollars" held from slot 3 to 8: a rest is spliced in at its end, where "and" begins.
    const plan = { slots: [0, 2, 3, 8, 10, 11], bars: 1, slotsPerBar: 16, cost: 0, rate: 1 };
    const placed = placeLine(straightLine(speech, syllables, plan));
    const dollarsEnd = syllables[2]!.end;
    expect(placed.stretch.insertions.some((ins) => ins.at === dollarsEnd)).toBe(true);
    const [, , lars, and] = placed.syllables;
    expect(lars!.stretch).toBeLessThanOrEqual(STRAIGHT.maxStretch + 0.01);
    expect(and!.stretch).toBeGreaterThan(0.5);
  });
  it('gives a word opening on a vowel straight after another a glottal attack when asked, once placed', async () => {
    const speech = await new FliteVoiceBackend().synthesize({ text: 'rock and roll', voice: 'rms' });
    const syllables = await syllabify(speech.words);
    const plan = { slots: [0, 2, 4], bars: 1, slotsPerBar: 16, cost: 0, rate: 1 };
    const options = straightLine(speech, syllables, plan);
    const plain = await renderLine(options);
    const attacked = await renderLine({ ...options, glottalOnsets: true });
    const and = speech.words[1]!;
    expect(and.phones[0]!.isVowel).toBe(true);
    const vowel = plain.sourceToLine(and.phones[0]!.start);
    const energy = (x: Float32Array, from: number, to: number) => {
      let e = 0;
      for (let i = Math.round(from * 44100); i < Math.round(to * 44100); i++) e += x[i]! ** 2;
      return e;
    };
    // 12 ms at -20 dB, ending 2 ms before the vowel; the rest of the line is as placed.
    expect(energy(attacked.samples, vowel - 0.013, vowel - 0.003)).toBeLessThan(
      0.02 * energy(plain.samples, vowel - 0.013, vowel - 0.003),
    );
    expect(energy(attacked.samples, vowel + 0.002, vowel + 0.08)).toBeCloseTo(
      energy(plain.samples, vowel + 0.002, vowel + 0.08),
      6,
    );
    expect(energy(attacked.samples, 0, vowel - 0.02)).toBeCloseTo(energy(plain.samples, 0, vowel - 0.02), 6);
  });
  it("holds a vowel's tail at its spoken length when asked, and stretches its middle instead", async () => {
    const speech = await new FliteVoiceBackend().synthesize({
      text: 'the rain is falling slow',
      voice: 'slt',
    });
    const syllables = await syllabify(speech.words);
    // An 8th for each syllable: every vowel is held longer than it was said.
    const plan = { slots: syllables.map((_, i) => 2 * i), bars: 1, slotsPerBar: 16, cost: 0, rate: 1 };
    const options = { ...straightLine(speech, syllables, plan), maxStretch: 2.2 };
    const even = placeLine(options);
    const held = placeLine({ ...options, vowelTail: 0.03 });
    const vowelEnd = (i: number) =>
      speech.words[syllables[i]!.wordIndex]!.phones.find(
        (p) => p.isVowel && Math.abs(p.start - syllables[i]!.vowelStart) < 1e-6,
      )!.end;
    let checked = 0;
    let evenTails = 0;
    let spokenTails = 0;
    for (let i = 0; i + 1 < syllables.length; i++) {
      if (
        held.stretch.insertions.some((ins) => ins.at > vowelEnd(i) - 0.03 && ins.at <= syllables[i + 1]!.end)
      )
        continue;
      const from = vowelEnd(i) - 0.03;
      const to = syllables[i + 1]!.start;
      if (to - from < 0.035) continue;
      const spoken = to - from;
      const rendered = (p: typeof held) => p.sourceToLine(to) - p.sourceToLine(from);
      // Sonic's anchors are 10 ms apart at least; the tail's frame sits on a whole sample.
      expect(rendered(held)).toBeCloseTo(spoken, 3);
      evenTails += rendered(even);
      spokenTails += spoken;
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(2);
    expect(evenTails / spokenTails).toBeGreaterThan(1.15);
    // The syllables still land on their slots.
    for (const [i, s] of held.syllables.entries()) expect(s.gridTime).toBe(even.syllables[i]!.gridTime);
    const keys = voicingOnsets(syllables, speech.words);
    for (const [i, k] of keys.entries())
      expect(Math.abs(held.start + held.sourceToLine(k) - held.syllables[i]!.gridTime)).toBeLessThan(0.002);
  });

  it('places the voiced consonants a syllable opens on in at most the cap when asked, and no others', async () => {
    const speech = await new FliteVoiceBackend().synthesize({
      text: 'we made the money down to the mall',
      voice: 'slt',
    });
    const syllables = await syllabify(speech.words);
    const plan = { slots: syllables.map((_, i) => 2 * i), bars: 1, slotsPerBar: 16, cost: 0, rate: 1 };
    const options = straightLine(speech, syllables, plan);
    const spoken = placeLine(options);
    const capped = placeLine({ ...options, voicedOnsetCap: 0.03 });
    const keys = voicingOnsets(syllables, speech.words);
    const onset = (p: typeof spoken, i: number) =>
      p.sourceToLine(keys[i]!) - p.sourceToLine(syllables[i]!.start);
    const phonesBefore = (i: number) =>
      speech.words[syllables[i]!.wordIndex]!.phones.filter(
        (p) => !p.isVowel && p.start >= syllables[i]!.start - 1e-6 && p.start < keys[i]! - 1e-6,
      );
    let cappedOnes = 0;
    let others = 0;
    for (let i = 1; i < syllables.length; i++) {
      const before = phonesBefore(i);
      if (before.length === 0) continue;
      const voiced = before.every((p) => ['m', 'n', 'd', 'dh', 'b', 'g', 'v', 'z', 'hh'].includes(p.phone));
      if (voiced && onset(spoken, i) > 0.0305) {
        // "m", "d", "n" said longer than the cap (up to 70 ms): placed in at most the cap.
        expect(onset(capped, i)).toBeLessThan(0.0305);
        cappedOnes++;
      } else {
        // "t" in "to", or a voiced one already shorter: as before.
        expect(onset(capped, i)).toBeCloseTo(onset(spoken, i), 3);
        if (!voiced) others++;
      }
    }
    expect(cappedOnes).toBeGreaterThanOrEqual(3);
    expect(others).toBeGreaterThanOrEqual(1);
    // The keys stay on their slots.
    for (const [i, k] of keys.entries())
      expect(Math.abs(capped.start + capped.sourceToLine(k) - capped.syllables[i]!.gridTime)).toBeLessThan(
        0.002,
      );
  });

  it("keys a formant voice's short-placed voiced consonants half way into them, and its other syllables on their slots", async () => {
    const speech = await new EspeakVoiceBackend().synthesize({
      text: 'we made the money down to play with me',
      voice: 'en-us+f3',
    });
    const syllables = await syllabify(speech.words);
    const plan = { slots: syllables.map((_, i) => 2 * i), bars: 1, slotsPerBar: 16, cost: 0, rate: 1 };
    const placed = placeLine({
      ...straightLine(speech, syllables, plan),
      onsetConsonants: 'formant',
      voicedOnsetCap: 0.03,
    });
    const keys = voicingOnsets(syllables, speech.words, 'formant');
    const at = (t: number) => placed.start + placed.sourceToLine(t);
    let straddled = 0;
    let onSlot = 0;
    for (let i = 1; i < syllables.length; i++) {
      const s = syllables[i]!;
      const phones = speech.words[s.wordIndex]!.phones.filter(
        (p) => !p.isVowel && p.start >= s.start - 1e-6 && p.start < keys[i]! - 1e-6,
      );
      const grid = placed.syllables[i]!.gridTime;
      if (
        phones.length > 0 &&
        keys[i] === s.vowelStart &&
        phones.every((p) => ['m', 'd', 'ð', 'n'].includes(p.phone))
      ) {
        // "m" in "made", "money" and "me", "d" in "down", "ð" in "the": the vowel a little after the slot, the
        // consonant as much before it.
        const lead = at(keys[i]!) - at(s.start);
        expect(lead).toBeLessThan(0.0305);
        expect(at(keys[i]!) - grid).toBeGreaterThan(0.01);
        expect(at(keys[i]!) - grid).toBeCloseTo(FORMANT_KEY_SHARE * lead, 3);
        expect(grid - at(s.start)).toBeCloseTo((1 - FORMANT_KEY_SHARE) * lead, 3);
        straddled++;
      } else {
        // Keyed at "p" or a glide ("play", "with"), or at a vowel after "t": on its slot.
        expect(Math.abs(at(keys[i]!) - grid)).toBeLessThan(0.002);
        onSlot++;
      }
    }
    expect(straddled).toBeGreaterThanOrEqual(3);
    expect(onSlot).toBeGreaterThanOrEqual(2);
  });
});
