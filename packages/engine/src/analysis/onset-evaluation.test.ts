import { describe, expect, it } from 'vitest';
import { alignmentLag, matchOnsets } from './onset-evaluation.ts';

describe('onset evaluation', () => {
  it('matches detections to plans one to one within tolerance', () => {
    const m = matchOnsets(
      [0.1, 0.52, 0.9, 1.5],
      [
        { early: 0.1, late: 0.1 },
        { early: 0.5, late: 0.5 },
        { early: 1.2, late: 1.2 },
      ],
    );
    expect(m.recall).toBeCloseTo(2 / 3, 5);
    expect(m.precision).toBeCloseTo(0.5, 5);
  });
  it('recovers a known lag between an onset-strength curve and planned events', () => {
    const fps = 100;
    const events = [0.5, 0.9, 1.3, 2.0, 2.2, 3.1];
    const strength = new Float64Array(400);
    for (const e of events) strength[Math.round((e + 0.03) * fps)] = 1;
    const { lag } = alignmentLag(strength, fps, events);
    expect(lag).toBeCloseTo(0.03, 2);
  });
});
