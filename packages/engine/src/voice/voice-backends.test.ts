import { describe, expect, it } from 'vitest';
import { FliteVoiceBackend, alignSequences, parsePhoneTrace } from './flite-voice.ts';
import { EspeakVoiceBackend, espeakStress } from './espeak-voice.ts';
import { syllabify } from '../text/syllabifier.ts';
import { dictionaryStress, guessStress } from '../text/stress-lexicon.ts';

describe('flite backend', () => {
  it('aligns expected to observed phones through insertions and deletions', () => {
    expect(Array.from(alignSequences(['k', 'ae', 't'], ['k', 'ah', 'ae', 't']))).toEqual([0, -1, 1, 2]);
  });
  it('parses phone traces and chains phrase restarts', () => {
    const phones = parsePhoneTrace('pau:0.1 hh:0.15 ay:0.3 pau:0.05 b:0.1');
    expect(phones.map((p) => p.start)).toEqual([0, 0.1, 0.15, 0.3, 0.35]);
    expect(phones[2]!.isVowel).toBe(true);
  });
  it.each(['rms', 'slt', 'awb', 'kal16'])(
    'synthesizes 16 kHz speech with ordered word timings (%s)',
    async (voice) => {
      const result = await new FliteVoiceBackend().synthesize({
        text: "don't stop the music tonight",
        voice,
      });
      expect(result.sampleRate).toBe(16000);
      expect(result.words.map((w) => w.text)).toEqual(["don't", 'stop', 'the', 'music', 'tonight']);
      for (let i = 1; i < result.words.length; i++)
        expect(result.words[i]!.start).toBeGreaterThanOrEqual(result.words[i - 1]!.end - 1e-6);
      const last = result.words[result.words.length - 1]!;
      expect(last.end).toBeLessThanOrEqual(result.samples.length / result.sampleRate + 1e-3);
      // The audio really has speech where the words are.
      const i = Math.round(((result.words[1]!.start + result.words[1]!.end) / 2) * 16000);
      const energy = result.samples.subarray(i - 800, i + 800).reduce((a, v) => a + v * v, 0);
      expect(energy).toBeGreaterThan(0.5);
    },
  );
});

describe('espeak backend', () => {
  it('synthesizes with word events and gives stress for unknown words', async () => {
    const result = await new EspeakVoiceBackend().synthesize({ text: 'hello brave world', voice: 'en-us' });
    expect(result.sampleRate).toBe(22050);
    expect(result.words.map((w) => w.text)).toEqual(['hello', 'brave', 'world']);
    expect(await espeakStress('blorptastic')).toHaveLength(3);
  });
});

describe('syllables and stress', () => {
  it('takes stress from the dictionary and falls back to a guess', async () => {
    expect(await dictionaryStress('tonight')).toEqual([0, 2]);
    expect(await dictionaryStress('zzqxv')).toBeNull();
    expect(guessStress(3)).toEqual([0, 2, 0]);
  });
  it('splits timed words into syllables with vowel onsets and stress', async () => {
    const speech = await new FliteVoiceBackend().synthesize({ text: 'the city never sleeps', voice: 'rms' });
    const syllables = await syllabify(speech.words);
    expect(syllables.map((s) => s.word)).toEqual(['the', 'city', 'city', 'never', 'never', 'sleeps']);
    expect(syllables.map((s) => s.stress)).toEqual([0, 2, 0, 2, 0, 2]);
    for (const s of syllables) {
      expect(s.vowelStart).toBeGreaterThanOrEqual(s.start);
      expect(s.vowelStart).toBeLessThan(s.end);
    }
  });
});
