import { describe, expect, it } from 'vitest';
import { ARTISTS } from './artist-catalog.ts';
import { FliteVoiceBackend } from '../voice/flite-voice.ts';
import { trackPitch } from '../analysis/pitch-tracker.ts';

describe('artist recipes', () => {
  it('are distinct: no two artists share voice, pitch, formant, register, line tones and style', () => {
    const keys = ARTISTS.map(
      (a) =>
        `${a.recipe.backend}:${a.recipe.voice}:${a.recipe.pitch}:${a.recipe.formant}:${a.recipe.register ?? 0}:${a.recipe.lineTones?.join(',') ?? ''}:${a.style}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('never lower a voice nor raise its formants past its pitch: both lose words to a listener', () => {
    for (const { recipe } of ARTISTS) {
      expect(recipe.pitch).toBeGreaterThanOrEqual(0);
      expect(recipe.formant).toBeGreaterThanOrEqual(1);
      // Formants never rise past the pitch: a voice is made higher, not smaller.
      expect(recipe.formant).toBeLessThanOrEqual(2 ** (recipe.pitch / 12) + 1e-9);
    }
  });
  it('sung artists use voices that follow a pitch target (their chant lands on the note)', async () => {
    const backend = new FliteVoiceBackend();
    for (const voice of new Set(ARTISTS.filter((a) => a.recipe.monotone).map((a) => a.recipe.voice))) {
      const speech = await backend.synthesize({
        text: 'hold the light for you',
        voice,
        pitchHz: 196,
        pitchRangeHz: 0,
      });
      const f0 = Array.from(trackPitch(speech.samples, { sampleRate: speech.sampleRate }).frequencies)
        .filter((f) => f > 0)
        .sort((a, b) => a - b);
      expect(Math.abs(f0[f0.length >> 1]! - 196)).toBeLessThan(6);
    }
  });
});
