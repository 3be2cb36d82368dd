// One catalogue preview rendered alone through the CPU pool, as an on-demand request runs it: the thread's cold start
// (the engine loaded into a fresh worker) and then warm renders, wall-clock and CPU time, with the load average.
import os from 'node:os';
import { listArtists, listMusicSelections } from '@bops/engine/catalog';
import { MUSIC_PREVIEW_BARS } from '../src/services/catalog.service.ts';
import { CpuPool } from '../src/workers/cpu-pool.ts';

const pool = new CpuPool({ threads: 1 });
const beat = listMusicSelections().at(-1)!.id;
const artist = listArtists().at(-1)!.id;

async function timed(label: string, run: () => Promise<unknown>): Promise<{ ms: number; cpuMs: number }> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await run();
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  console.log(
    `${label}: ${ms.toFixed(0)} ms wall, ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU (process), load ${os.loadavg()[0]!.toFixed(2)}`,
  );
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000 };
}

try {
  const cold = await timed('beat, cold thread', () =>
    pool.run('render-music-selection', { id: beat, bars: MUSIC_PREVIEW_BARS }, { first: true }),
  );
  const beats = [];
  const artists = [];
  for (let i = 0; i < 2; i++) {
    beats.push(
      await timed('beat, warm', () =>
        pool.run('render-music-selection', { id: beat, bars: MUSIC_PREVIEW_BARS }, { first: true }),
      ),
    );
    artists.push(
      await timed('artist, warm', () => pool.run('render-artist-preview', { id: artist }, { first: true })),
    );
  }
  const best = (runs: Array<{ ms: number; cpuMs: number }>) => runs.reduce((a, b) => (b.ms < a.ms ? b : a));
  console.log(
    `preview_cold_beat_ms=${cold.ms.toFixed(0)} preview_beat_ms=${best(beats).ms.toFixed(0)} preview_beat_cpu_ms=${best(beats).cpuMs.toFixed(0)} preview_artist_ms=${best(artists).ms.toFixed(0)} preview_artist_cpu_ms=${best(artists).cpuMs.toFixed(0)} load=${os.loadavg()[0]!.toFixed(2)}`,
  );
} finally {
  await pool.close();
}
