import type { Decibels, Hz } from '../units.ts';
import { Fft } from '../dsp/fft.ts';

export interface SpectralRoomOptions {
  sampleRate: Hz;
  /** How far the beat should sit under the voice in each band the voice uses. */
  margin?: Decibels;
  /** The deepest cut in the 500 Hz – 4.5 kHz bands (less below, see maxCutDb). */
  maxCut?: Decibels;
}

const FRAME = 2048;
const HOP = FRAME / 2;
/** Third-octave bands from 150 Hz to 9.6 kHz: the voice's range. */
const BAND_EDGES: readonly Hz[] = Array.from({ length: 19 }, (_, k) => 150 * 2 ** (k / 3));

/**
 * The deepest cut the beat takes in a band: most where words are told apart (the articulation
 * index weighs 1–4 kHz highest), little in the low end that gives the beat its weight.
 */
function maxCutDb(centre: Hz, maxCut: Decibels): Decibels {
  if (centre < 250) return maxCut / 4;
  if (centre < 500) return maxCut / 2;
  if (centre < 4500) return maxCut;
  return (2 * maxCut) / 3;
}

/**
 * Makes room for the voice inside the beat, band by band and moment by moment (a dynamic
 * equaliser keyed by the voice, as a mix engineer carves it): in every third-octave band the voice
 * uses at that moment, the beat is brought down until it sits `margin` under the voice there, by
 * at most the band's limit, and only as long as the voice is there.
 *
 * `beat` is stereo and processed in place through one complex transform per frame (left + i·right:
 * a real, even gain keeps both channels real); `voice` is the mono key.
 */
export function makeSpectralRoom(
  beat: [Float32Array, Float32Array],
  voice: Float32Array,
  { sampleRate, margin = 6, maxCut = 12 }: SpectralRoomOptions,
): void {
  const n = Math.min(beat[0].length, beat[1].length, voice.length);
  if (n === 0) return;
  const fft = new Fft(FRAME);
  // sqrt-Hann analysis and synthesis at 50 % overlap sum to one.
  const window = new Float64Array(FRAME);
  for (let i = 0; i < FRAME; i++) window[i] = Math.sin((Math.PI * (i + 0.5)) / FRAME);
  const binHz = sampleRate / FRAME;
  const bands = BAND_EDGES.slice(0, -1)
    .map((lo, b) => {
      const centre = Math.sqrt(lo * BAND_EDGES[b + 1]!);
      return {
        from: Math.max(1, Math.round(lo / binHz)),
        to: Math.min(FRAME / 2, Math.round(BAND_EDGES[b + 1]! / binHz)),
        floor: 10 ** (-maxCutDb(centre, maxCut) / 10),
        centreBin: centre / binHz,
      };
    })
    .filter((b) => b.to > b.from);
  const nb = bands.length;
  const marginPower = 10 ** (-margin / 10);
  const frames = Math.ceil(n / HOP) + 1;
  const vr = new Float64Array(FRAME);
  const vi = new Float64Array(FRAME);
  const zr = new Float64Array(FRAME);
  const zi = new Float64Array(FRAME);
  const [left, right] = beat;
  const loadBeat = (start: number) => {
    const from = Math.max(0, -start);
    const to = Math.min(FRAME, n - start);
    zr.fill(0);
    zi.fill(0);
    for (let i = from; i < to; i++) {
      zr[i] = left[start + i]! * window[i]!;
      zi[i] = right[start + i]! * window[i]!;
    }
  };

  // Pass 1: voice and beat power per frame and band, where the voice sounds; one transform of
  // voice + i·(the beat's mid) gives both (the beat's power is judged on its mid).
  const voicePower = new Float64Array(frames * nb);
  const beatPower = new Float64Array(frames * nb);
  let voicePeak = 0;
  for (let f = 0; f < frames; f++) {
    const start = f * HOP - HOP;
    const from = Math.max(0, -start);
    const to = Math.min(FRAME, n - start);
    let any = false;
    for (let i = from; i < to; i++)
      if (voice[start + i] !== 0) {
        any = true;
        break;
      }
    if (!any) continue;
    vr.fill(0);
    vi.fill(0);
    for (let i = from; i < to; i++) {
      const t = start + i;
      vr[i] = voice[t]! * window[i]!;
      vi[i] = 0.5 * (left[t]! + right[t]!) * window[i]!;
    }
    fft.transform(vr, vi);
    for (let b = 0; b < nb; b++) {
      const band = bands[b]!;
      let v = 0;
      let z = 0;
      for (let k = band.from; k < band.to; k++) {
        const m = FRAME - k;
        // X = V + iM: V_k = (X_k + conj X_m) / 2, M_k = (X_k − conj X_m) / 2i.
        const pr = 0.5 * (vr[k]! + vr[m]!);
        const pi = 0.5 * (vi[k]! - vi[m]!);
        const qr = 0.5 * (vi[k]! + vi[m]!);
        const qi = -0.5 * (vr[k]! - vr[m]!);
        v += pr * pr + pi * pi;
        z += qr * qr + qi * qi;
      }
      voicePower[f * nb + b] = v;
      beatPower[f * nb + b] = z;
      if (v > voicePeak) voicePeak = v;
    }
  }
  if (voicePeak === 0) return;

  // The gain (power) the beat keeps. A band counts as used by the voice within 25 dB of the
  // voice's strongest band at that moment (and 40 dB of its loudest anywhere): a vowel's
  // formants, a hiss's top octaves. Where the voice is weaker than that it carries nothing to
  // unmask, and cutting the beat there would only hollow it.
  const gains = new Float32Array(frames * nb).fill(1);
  const audible = voicePeak * 1e-4;
  for (let f = 0; f < frames; f++) {
    let strongest = 0;
    for (let b = 0; b < nb; b++) strongest = Math.max(strongest, voicePower[f * nb + b]!);
    const used = Math.max(audible, strongest * 10 ** -2.5);
    for (let b = 0; b < nb; b++) {
      const band = bands[b]!;
      const v = voicePower[f * nb + b]!;
      const z = beatPower[f * nb + b]!;
      if (v < used || z === 0) continue;
      gains[f * nb + b] = Math.max(band.floor, Math.min(1, (v * marginPower) / z));
    }
  }
  // A cut closes at once and opens over ~70 ms after the voice leaves the band: no pumping.
  const release = Math.exp(-HOP / sampleRate / 0.07);
  for (let b = 0; b < nb; b++) {
    let held = 1;
    for (let f = 0; f < frames; f++) {
      const g = gains[f * nb + b]!;
      held = g < held ? g : release * held + (1 - release) * g;
      // Within 0.02 dB of unity is unity: the beat then passes untouched.
      gains[f * nb + b] = held > 0.995 ? 1 : held;
    }
  }

  // Pass 2: the beat through each frame's gains, overlap-added.
  const out: [Float32Array, Float32Array] = [new Float32Array(n), new Float32Array(n)];
  const binGain = new Float64Array(FRAME / 2 + 1);
  for (let f = 0; f < frames; f++) {
    const start = f * HOP - HOP;
    const frameGains = gains.subarray(f * nb, (f + 1) * nb);
    loadBeat(start);
    let cut = false;
    for (let b = 0; b < nb; b++) if (frameGains[b]! < 1) cut = true;
    if (cut) {
      fft.transform(zr, zi);
      fillBinGains(binGain, bands, frameGains);
      for (let k = 0; k <= FRAME / 2; k++) {
        const g = binGain[k]!;
        zr[k]! *= g;
        zi[k]! *= g;
        if (k > 0 && k < FRAME / 2) {
          zr[FRAME - k]! *= g;
          zi[FRAME - k]! *= g;
        }
      }
      // Inverse transform: conj(fft(conj(X))) / N.
      for (let i = 0; i < FRAME; i++) zi[i] = -zi[i]!;
      fft.transform(zr, zi);
      for (let i = 0; i < FRAME; i++) {
        zr[i] = zr[i]! / FRAME;
        zi[i] = -zi[i]! / FRAME;
      }
    }
    const from = Math.max(0, -start);
    const to = Math.min(FRAME, n - start);
    for (let i = from; i < to; i++) {
      out[0][start + i]! += zr[i]! * window[i]!;
      out[1][start + i]! += zi[i]! * window[i]!;
    }
  }
  beat[0].set(out[0]);
  beat[1].set(out[1]);
}

/** Per-bin amplitude gain: band power gains square-rooted, linear between band centres. */
function fillBinGains(
  out: Float64Array,
  bands: readonly { centreBin: number }[],
  powerGains: ArrayLike<number>,
): void {
  const amp = (b: number) => Math.sqrt(powerGains[b]!);
  const first = bands[0]!.centreBin;
  const last = bands.length - 1;
  const top = bands[last]!.centreBin;
  // Bins rise, so the band below each one only moves up.
  let b = 0;
  for (let k = 0; k < out.length; k++) {
    if (k <= first) {
      // Back to unity an octave below the lowest band and an octave above the highest.
      out[k] = 1 + Math.max(0, (2 * k) / first - 1) * (amp(0) - 1);
      continue;
    }
    if (k >= top) {
      out[k] = amp(last) + Math.min(1, k / top - 1) * (1 - amp(last));
      continue;
    }
    while (bands[b + 1]!.centreBin < k) b++;
    const a = bands[b]!.centreBin;
    const c = bands[b + 1]!.centreBin;
    out[k] = amp(b) + ((k - a) / (c - a)) * (amp(b + 1) - amp(b));
  }
}
