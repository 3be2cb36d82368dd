import { describe, expect, it } from 'vitest';
import { dbToGain, gainToDb, samplesToSeconds, secondsToSamples, semitonesToRatio } from './units.ts';

describe('units', () => {
  it('converts between seconds and samples', () => {
    expect(secondsToSamples(1.5, 44100)).toBe(66150);
    expect(samplesToSeconds(22050, 44100)).toBe(0.5);
  });
  it('converts decibels and gain both ways', () => {
    expect(dbToGain(-6.0206)).toBeCloseTo(0.5, 4);
    expect(gainToDb(dbToGain(-14))).toBeCloseTo(-14, 9);
  });
  it('turns 12 semitones into an octave', () => {
    expect(semitonesToRatio(12)).toBe(2);
  });
});
