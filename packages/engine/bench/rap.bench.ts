// End-to-end rap render benchmark: lyrics -> mastered MP3 (+ stems), median of 5 runs.
// Last line is key=value pairs for tooling. BENCH_SINGER=me.bopsvoice raps in that AI singer.
import { readFileSync } from 'node:fs';
import { createClonedVoiceBackend, renderRap } from '../src/index.ts';
import { SIXTEEN_BARS } from './bench-lyrics.ts';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const artistId = process.env.BENCH_ARTIST ?? 'mc-volt';
const beatId = process.env.BENCH_BEAT ?? 'dusty-crates';
const singer = process.env.BENCH_SINGER
  ? createClonedVoiceBackend(new Uint8Array(readFileSync(process.env.BENCH_SINGER)))
  : undefined;
const walls: number[] = [];
let duration = 0;
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
for (let i = 0; i < runs; i++) {
  const t0 = performance.now();
  const phases: Record<string, number> = {};
  let current: string | undefined;
  let last = t0;
  const result = await renderRap(
    { lyrics: SIXTEEN_BARS, artistId, musicSelectionId: beatId },
    {
      ...(singer ? { voiceBackend: singer, singerName: 'bench' } : {}),
      onProgress: (phase, fraction) => {
        // A phase lasts from its 0 report to the next phase's 0 report (or the final 1).
        if (fraction === 0 || (phase === 'encoding' && fraction === 1)) {
          const now = performance.now();
          if (current) phases[current] = Math.round(now - last);
          current = fraction === 0 ? phase : undefined;
          last = now;
        }
      },
    },
  );
  const wall = (performance.now() - t0) / 1000;
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  walls.push(wall);
  duration = result.durationSeconds;
  console.log(
    `run ${i + 1}: ${wall.toFixed(2)} s for ${duration.toFixed(1)} s of audio; LUFS ${result.loudness.integratedLufs} TP ${result.loudness.truePeakDbtp}; phases ms ${JSON.stringify(phases)}`,
  );
}
clearInterval(sampler);
walls.sort((a, b) => a - b);
const median = walls[Math.floor(walls.length / 2)]!;
console.log(
  `rap60_wall_s=${median.toFixed(2)} rtf=${(median / duration).toFixed(3)} peak_rss_mb=${Math.round(peakRss / 1024 / 1024)} audio_s=${duration.toFixed(1)}`,
);
