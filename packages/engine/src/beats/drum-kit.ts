import type { Hz } from '../units.ts';
import { Biquad } from '../dsp/biquad-filter.ts';
import { seededRandom } from './seeded-random.ts';

export interface DrumKit {
  kick: Float32Array;
  snare: Float32Array;
  clap: Float32Array;
  hat: Float32Array;
  openHat: Float32Array;
  rim: Float32Array;
  shaker: Float32Array;
  crash: Float32Array;
}

export type KitFlavor = 'trap' | 'boom-bap' | 'lofi' | 'pop';

const cache = new Map<string, DrumKit>();

function render(seconds: number, sampleRate: Hz, fn: (t: number, i: number) => number): Float32Array {
  const n = Math.round(seconds * sampleRate);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = fn(i / sampleRate, i);
  return out;
}

function noise(seed: number, n: number): Float32Array {
  const rand = seededRandom(seed);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = rand() * 2 - 1;
  return out;
}

/** One-shots synthesised once per flavour and rate; patterns then only add copies. */
export function drumKit(flavor: KitFlavor, sampleRate: Hz): DrumKit {
  const key = `${flavor}@${sampleRate}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const punchy = flavor === 'boom-bap' || flavor === 'lofi';
  let phase = 0;
  const kick = render(punchy ? 0.35 : 0.6, sampleRate, (t, i) => {
    const f = (punchy ? 52 : 44) + (punchy ? 140 : 120) * Math.exp(-t / (punchy ? 0.03 : 0.045));
    phase += (2 * Math.PI * f) / sampleRate;
    const body = Math.tanh(1.8 * Math.sin(phase)) * Math.exp(-t / (punchy ? 0.12 : 0.28));
    const click = i < sampleRate * 0.003 ? 0.4 * (1 - i / (sampleRate * 0.003)) : 0;
    return 0.95 * (body * Math.min(1, i / 30) + click);
  });
  const snareNoise = noise(11, Math.round(0.3 * sampleRate));
  const hp = new Biquad({ type: 'highpass', frequency: punchy ? 900 : 1500, sampleRate });
  const bp = new Biquad({ type: 'bandpass', frequency: punchy ? 2500 : 4000, sampleRate, q: 0.8 });
  let sp = 0;
  const snare = render(0.3, sampleRate, (t, i) => {
    sp += (2 * Math.PI * (punchy ? 190 : 215) * (1 - 0.2 * Math.min(1, t / 0.04))) / sampleRate;
    const tone = Math.sin(sp) * Math.exp(-t / 0.045);
    const n = snareNoise[i]!;
    const body = 0.55 * hp.tick(n) + 0.55 * bp.tick(n);
    return 0.7 * (0.55 * tone + body * Math.exp(-t / (punchy ? 0.07 : 0.1)));
  });
  const clapNoise = noise(23, Math.round(0.35 * sampleRate));
  const clapBp = new Biquad({ type: 'bandpass', frequency: 1300, sampleRate, q: 1.2 });
  const clap = render(0.35, sampleRate, (t, i) => {
    // Three quick bursts then a tail: the smear of several hands.
    const burst = [0, 0.011, 0.022].reduce((a, o) => a + (t >= o ? Math.exp(-(t - o) / 0.006) : 0), 0);
    const env = Math.min(1, burst) * 0.8 + Math.exp(-t / 0.12) * 0.5;
    return 0.8 * clapBp.tick(clapNoise[i]!) * env;
  });
  const hatNoise = noise(37, Math.round(0.6 * sampleRate));
  const hatFilter = [
    new Biquad({ type: 'highpass', frequency: 7000, sampleRate }),
    new Biquad({ type: 'highpass', frequency: 7000, sampleRate }),
  ];
  const hat = render(
    0.09,
    sampleRate,
    (t, i) => hatFilter[1]!.tick(hatFilter[0]!.tick(hatNoise[i]!)) * Math.exp(-t / 0.022) * 0.5,
  );
  const openFilter = [
    new Biquad({ type: 'highpass', frequency: 6500, sampleRate }),
    new Biquad({ type: 'peaking', frequency: 9000, sampleRate, gain: 4 }),
  ];
  const openHat = render(
    0.55,
    sampleRate,
    (t, i) => openFilter[1]!.tick(openFilter[0]!.tick(hatNoise[i]!)) * Math.exp(-t / 0.16) * 0.35,
  );
  let rp = 0;
  const rim = render(0.08, sampleRate, (t) => {
    rp += (2 * Math.PI * 1700) / sampleRate;
    return 0.45 * Math.sin(rp) * Math.exp(-t / 0.012);
  });
  const shakerFilter = new Biquad({ type: 'bandpass', frequency: 6000, sampleRate, q: 1 });
  const shaker = render(
    0.1,
    sampleRate,
    (t, i) => shakerFilter.tick(hatNoise[i + 1000]!) * Math.sin(Math.PI * Math.min(1, t / 0.1)) * 0.35,
  );
  const crashNoise = noise(53, Math.round(1.6 * sampleRate));
  const crashFilter = new Biquad({ type: 'highpass', frequency: 4000, sampleRate });
  const crash = render(
    1.6,
    sampleRate,
    (t, i) => crashFilter.tick(crashNoise[i]!) * Math.exp(-t / 0.5) * 0.3,
  );
  const kit = { kick, snare, clap, hat, openHat, rim, shaker, crash };
  cache.set(key, kit);
  return kit;
}
