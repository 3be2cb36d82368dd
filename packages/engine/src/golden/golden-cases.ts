import type { Hz } from '../units.ts';
import { renderBeat, mixBeat } from '../beats/beat-engine.ts';
import { renderRap } from '../render/rap-renderer.ts';
import { toMono } from '../pcm-audio.ts';

/** Short deterministic renders whose spectra are committed under golden/ and compared in tests. */
export interface GoldenCase {
  name: string;
  render(): Promise<{ signal: Float32Array; sampleRate: Hz }>;
}

const beatCase = (mood: 'boom-bap' | 'dark' | 'chill' | 'happy' | 'hype' | 'sad'): GoldenCase => ({
  name: `beat-${mood}`,
  async render() {
    const beat = renderBeat({ mood, bpm: mood === 'dark' || mood === 'hype' ? 140 : 90, key: { tonic: 'A', mode: 'minor' }, arrangement: [{ kind: 'hook', bars: 2 }], seed: 11, sampleRate: 22050 });
    return { signal: toMono({ sampleRate: 22050, channels: mixBeat(beat) }), sampleRate: 22050 };
  },
});

export const GOLDEN_CASES: GoldenCase[] = [
  beatCase('boom-bap'),
  beatCase('dark'),
  beatCase('chill'),
  {
    name: 'vocal-kid-kilo',
    async render() {
      const result = await renderRap({ lyrics: 'we keep it moving with the rhythm and the rhyme', artistId: 'kid-kilo', musicSelectionId: 'dusty-crates', stems: false, form: 'preview' }, { diagnostics: true });
      return { signal: result.diagnostics!.leadVocal, sampleRate: result.diagnostics!.sampleRate };
    },
  },
];
