// Lead-vocal separation benchmark: a stereo 44.1 kHz song (default 3 minutes: an engine beat with
// a voice-like lead over it), median of BENCH_RUNS runs. BENCH_SECONDS=600 checks a 10-minute song.
// Last line is key=value pairs for tooling.
import { renderBeat, defaultArrangement, mixBeat } from '../src/beats/beat-engine.ts';
import { findMusicSelection } from '../src/beats/music-catalog.ts';
import { synthVoice } from '../src/voice-clone/voice-test-signals.ts';
import { separateSong } from '../src/separation/song-separator.ts';

const SR = 44100;
const runs = Number(process.env.BENCH_RUNS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 180);
const selection = findMusicSelection('golden-hour')!;
const beat = renderBeat({
  mood: selection.mood,
  bpm: selection.bpm,
  key: selection.key,
  arrangement: defaultArrangement(selection.bars),
  seed: selection.seed,
  sampleRate: SR,
});
const [beatL, beatR] = mixBeat(beat);
const voice = synthVoice({ seconds: 30, sampleRate: SR, lowHz: 160, highHz: 330 });
const n = seconds * SR;
const left = new Float32Array(n);
const right = new Float32Array(n);
for (let i = 0; i < n; i++) {
  const v = 0.8 * voice[i % voice.length]!;
  left[i] = 0.5 * beatL[i % beatL.length]! + v;
  right[i] = 0.5 * beatR[i % beatR.length]! + v;
}

const walls: number[] = [];
const cpus: number[] = [];
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
for (let r = 0; r < runs; r++) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const result = await separateSong({ sampleRate: SR, channels: [left, right] });
  const c = process.cpuUsage(c0);
  walls.push((performance.now() - t0) / 1000);
  cpus.push((c.user + c.system) / 1e6);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  console.log(
    `run ${r + 1}: ${walls.at(-1)!.toFixed(2)} s wall, ${cpus.at(-1)!.toFixed(2)} s CPU, lead voiced ${(result.leadPitch.f0.filter((f) => f > 0).length * result.leadPitch.hop).toFixed(0)} s`,
  );
}
clearInterval(sampler);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
console.log(
  `separate${seconds}_wall_s=${median(walls).toFixed(2)} cpu_s=${median(cpus).toFixed(2)} rtf=${(median(walls) / seconds).toFixed(3)} peak_rss_mb=${(peakRss / 1e6).toFixed(0)}`,
);
