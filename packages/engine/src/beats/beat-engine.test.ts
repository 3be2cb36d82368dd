import { describe, expect, it } from 'vitest';
import { defaultArrangement, mixBeat, renderBeat } from './beat-engine.ts';
import { listMusicSelections, MUSIC_SELECTIONS } from './music-catalog.ts';
import { listMoods } from './mood-presets.ts';
import { coverSvg } from './cover-art.ts';
import { detectOnsets } from '../analysis/onset-detector.ts';
import { rmsOf } from '../pcm-audio.ts';
import { Biquad } from '../dsp/biquad-filter.ts';

const options = {
  mood: 'boom-bap' as const,
  bpm: 90,
  key: { tonic: 'D' as const, mode: 'minor' as const },
  arrangement: defaultArrangement(8),
  seed: 5,
  sampleRate: 22050,
};

describe('beat engine', () => {
  it('renders the arrangement length with separate buses, deterministically per seed', () => {
    const a = renderBeat(options);
    expect(a.bars).toBe(8);
    expect(a.duration).toBeCloseTo((8 * 4 * 60) / 90 + 2, 1);
    expect(rmsOf(a.drums[0])).toBeGreaterThan(0.01);
    expect(rmsOf(a.bass)).toBeGreaterThan(0.01);
    expect(rmsOf(a.harmony[0])).toBeGreaterThan(0.001);
    const b = renderBeat(options);
    expect(b.drums[0]).toEqual(a.drums[0]);
    const c = renderBeat({ ...options, seed: 6 });
    expect(c.harmony[0]).not.toEqual(a.harmony[0]);
  });
  it('puts drum onsets on the 16th grid with the preset swing', () => {
    const beat = renderBeat({ ...options, mood: 'happy' });
    const [left] = mixBeat(beat, { bassGain: 0, harmonyGain: 0 });
    const step = 60 / 90 / 4;
    const onsets = detectOnsets(left, { sampleRate: 22050, minGap: 0.05 });
    expect(onsets.length).toBeGreaterThan(40);
    const offGrid = onsets.filter((t) => {
      const pos = t / step;
      const frac = pos - Math.floor(pos);
      // On the grid, or on a swung off-16th (happy swings by 8 % of a step).
      return Math.min(frac, 1 - frac) > 0.2 && Math.abs(frac - 0.08) > 0.2;
    });
    // Rolls and overlapping decays add a few detections between steps.
    expect(offGrid.length / onsets.length).toBeLessThan(0.2);
  });
  it('keeps the intro free of kick and bass, the verse full', () => {
    const beat = renderBeat(options);
    const bar = Math.round(beat.barDuration * beat.sampleRate);
    const lowpass = (x: Float32Array) =>
      new Biquad({ type: 'lowpass', frequency: 120, sampleRate: 22050 }).process(x.slice());
    const low = lowpass(mixBeat(beat)[0]);
    expect(rmsOf(low, 0, bar * 2)).toBeLessThan(0.3 * rmsOf(low, bar * 2, bar * 4));
  });
  it('ships at least 12 selections across all six moods, 70-160 BPM, with covers', () => {
    const list = listMusicSelections();
    expect(list.length).toBeGreaterThanOrEqual(12);
    expect(new Set(list.map((m) => m.moodId))).toEqual(new Set(listMoods().map((m) => m.id)));
    for (const m of list) {
      expect(m.bpm).toBeGreaterThanOrEqual(70);
      expect(m.bpm).toBeLessThanOrEqual(160);
      expect(m.fileName).toBe(`${m.id}.mp3`);
      expect(m.key).toMatch(/^[A-G]#? (major|minor)$/);
    }
    expect(coverSvg(MUSIC_SELECTIONS[0]!)).toMatch(/^<svg[\s\S]*Midnight Drive[\s\S]*<\/svg>$/);
  });
});
