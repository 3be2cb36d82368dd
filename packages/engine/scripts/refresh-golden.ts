// Re-renders every golden case and overwrites golden/<name>.json. Run only when a change to the
// sound is intended, then listen, and commit the new references with the change.
import { mkdirSync, writeFileSync } from 'node:fs';
import { GOLDEN_CASES } from '../src/golden/golden-cases.ts';
import { spectralFingerprint } from '../src/golden/spectral-fingerprint.ts';

const dir = new URL('../golden/', import.meta.url);
mkdirSync(dir, { recursive: true });
for (const golden of GOLDEN_CASES) {
  const { signal, sampleRate } = await golden.render();
  const print = spectralFingerprint(signal, sampleRate);
  writeFileSync(new URL(`${golden.name}.json`, dir), JSON.stringify(print) + '\n');
  console.log(`${golden.name}: ${print.bandsDb.length} frames x ${print.bandEdgesHz.length - 1} bands`);
}
