import { describe, expect, it } from 'vitest';
import { smoothSpikes, spikesPerMinute } from './spike-smoother.ts';

const SR = 44100;

describe('smoothSpikes', () => {
  it('takes down isolated pulses and leaves the tone around them as it was', () => {
    const n = SR * 2;
    const clean = new Float32Array(n);
    for (let i = 0; i < n; i++) clean[i] = 0.2 * Math.sin((2 * Math.PI * 220 * i) / SR);
    const spiky = clean.slice();
    for (let k = 1; k <= 20; k++) {
      const j = Math.round((k * n) / 21);
      spiky[j]! += clean[j]! < 0 ? -0.9 : 0.9;
    }
    expect(spikesPerMinute(spiky, SR)).toBeGreaterThan(500);
    const out = smoothSpikes(spiky.slice(), { sampleRate: SR });
    expect(spikesPerMinute(out, SR)).toBe(0);
    // Away from the spikes (more than 2 ms), the tone is untouched.
    let far = 0;
    for (let i = 0; i < n; i++) {
      const nearSpike = Array.from({ length: 20 }, (_, k) => Math.round(((k + 1) * n) / 21)).some(
        (s) => Math.abs(i - s) < 0.002 * SR,
      );
      if (!nearSpike) far = Math.max(far, Math.abs(out[i]! - clean[i]!));
    }
    expect(far).toBe(0);
  });
  it('passes a voiced sound with a normal crest factor unchanged', () => {
    const x = new Float32Array(SR);
    for (let i = 0; i < SR; i++)
      x[i] = 0.3 * Math.sin((2 * Math.PI * 150 * i) / SR) + 0.1 * Math.sin((2 * Math.PI * 450 * i) / SR);
    expect(Array.from(smoothSpikes(x.slice(), { sampleRate: SR }))).toEqual(Array.from(x));
  });
});
