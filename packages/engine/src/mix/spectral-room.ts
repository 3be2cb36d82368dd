import type { Decibels, Hz } from '../units.ts';
import { StereoStft, createStereoSpectrum } from '../dsp/stereo-stft.ts';

export interface SpectralRoomOptions {
  sampleRate: Hz;
  /** How far the beat should sit under the voice in each band the voice uses. */
  margin?: Decibels;
  /** The deepest cut in the 500 Hz – 4.5 kHz bands (less below, see maxCutDb). */
  maxCut?: Decibels;
}

const FRAME = 2048;
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
 * at most the band's limit, and only as long as the voice is there. `beat` (stereo) is processed
 * in place through the engine's stereo STFT; `voice` is the mono key.
 */
export async function makeSpectralRoom(
  beat: [Float32Array, Float32Array],
  voice: Float32Array,
  { sampleRate, margin = 6, maxCut = 12 }: SpectralRoomOptions,
): Promise<void> {
  const n = Math.min(beat[0].length, beat[1].length, voice.length);
  if (n === 0 || !voice.some((v) => v !== 0)) return;
  const stft = await StereoStft.create(FRAME);
  try {
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
    const frames = stft.frameCount(n);
    const spectrum = createStereoSpectrum(stft.bins);

    // Pass 1: voice and beat (its mid) power per frame and band, where the voice sounds; one
    // transform carries both (voice as the left channel, the beat's mid as the right).
    const mid = new Float32Array(n);
    for (let i = 0; i < n; i++) mid[i] = 0.5 * (beat[0][i]! + beat[1][i]!);
    const voicePower = new Float64Array(frames * nb);
    const beatPower = new Float64Array(frames * nb);
    let voicePeak = 0;
    for (let f = 0; f < frames; f++) {
      const start = stft.frameStart(f);
      let any = false;
      for (let i = Math.max(0, start); i < Math.min(n, start + FRAME) && !any; i++) any = voice[i] !== 0;
      if (!any) continue;
      stft.analyze(voice, mid, f, spectrum);
      const { leftRe, leftIm, rightRe, rightIm } = spectrum;
      for (const [b, band] of bands.entries()) {
        let v = 0;
        let z = 0;
        for (let k = band.from; k < band.to; k++) {
          v += leftRe[k]! * leftRe[k]! + leftIm[k]! * leftIm[k]!;
          z += rightRe[k]! * rightRe[k]! + rightIm[k]! * rightIm[k]!;
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
    const marginPower = 10 ** (-margin / 10);
    for (let f = 0; f < frames; f++) {
      let strongest = 0;
      for (let b = 0; b < nb; b++) strongest = Math.max(strongest, voicePower[f * nb + b]!);
      const used = Math.max(audible, strongest * 10 ** -2.5);
      for (const [b, band] of bands.entries()) {
        const v = voicePower[f * nb + b]!;
        const z = beatPower[f * nb + b]!;
        if (v < used || z === 0) continue;
        gains[f * nb + b] = Math.max(band.floor, Math.min(1, (v * marginPower) / z));
      }
    }
    // A cut closes at once and opens over ~70 ms after the voice leaves the band: no pumping.
    const release = Math.exp(-stft.hop / sampleRate / 0.07);
    for (let b = 0; b < nb; b++) {
      let held = 1;
      for (let f = 0; f < frames; f++) {
        const g = gains[f * nb + b]!;
        held = g < held ? g : release * held + (1 - release) * g;
        // Within 0.02 dB of unity is unity: the beat then passes untouched.
        gains[f * nb + b] = held > 0.995 ? 1 : held;
      }
    }

    // Pass 2: the beat through each frame's gains, overlap-added (frames left whole where no band is cut).
    const out: [Float32Array, Float32Array] = [new Float32Array(n), new Float32Array(n)];
    const binGain = new Float64Array(stft.bins);
    for (let f = 0; f < frames; f++) {
      stft.analyze(beat[0], beat[1], f, spectrum);
      const frameGains = gains.subarray(f * nb, (f + 1) * nb);
      if (frameGains.some((g) => g < 1)) {
        fillBinGains(binGain, bands, frameGains);
        const { leftRe, leftIm, rightRe, rightIm } = spectrum;
        for (let k = 0; k < stft.bins; k++) {
          const g = binGain[k]!;
          leftRe[k]! *= g;
          leftIm[k]! *= g;
          rightRe[k]! *= g;
          rightIm[k]! *= g;
        }
      }
      stft.synthesizeAdd(spectrum, f, out[0], out[1]);
    }
    beat[0].set(out[0].subarray(0, n));
    beat[1].set(out[1].subarray(0, n));
  } finally {
    stft.dispose();
  }
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
    let b = 0;
    while (bands[b + 1]!.centreBin < k) b++;
    const a = bands[b]!.centreBin;
    const c = bands[b + 1]!.centreBin;
    out[k] = amp(b) + ((k - a) / (c - a)) * (amp(b + 1) - amp(b));
  }
}
