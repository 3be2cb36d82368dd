import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GOLDEN_CASES } from './golden-cases.ts';
import { compareFingerprints, spectralFingerprint, type SpectralFingerprint } from './spectral-fingerprint.ts';

// References are refreshed deliberately with `npm run golden:refresh -w packages/engine`.
const reference = (name: string): SpectralFingerprint => JSON.parse(readFileSync(new URL(`../../golden/${name}.json`, import.meta.url), 'utf8')) as SpectralFingerprint;

describe('golden audio (spectral fingerprints)', () => {
  it.each(GOLDEN_CASES.map((c) => [c.name, c] as const))('%s matches its committed reference', async (_name, golden) => {
    const { signal, sampleRate } = await golden.render();
    const actual = spectralFingerprint(signal, sampleRate);
    const expected = reference(golden.name);
    const cmp = compareFingerprints(actual, expected);
    expect(cmp.frames[0]).toBe(cmp.frames[1]);
    expect(cmp.meanAbsDb).toBeLessThan(1);
    expect(cmp.p95AbsDb).toBeLessThan(3);
  });
  it('the comparison detects a real change (a 6 dB level drop and a low-pass)', async () => {
    const golden = GOLDEN_CASES[0]!;
    const { signal, sampleRate } = await golden.render();
    const quieter = signal.map((v) => v * 0.5);
    expect(compareFingerprints(spectralFingerprint(quieter, sampleRate), reference(golden.name)).meanAbsDb).toBeGreaterThan(5);
  });
});
