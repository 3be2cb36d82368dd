import type { Hz, Seconds } from '../units.ts';
import { envelope } from '../dsp/dynamics.ts';
import { pingPongDelay, reverb } from '../dsp/reverb.ts';
import type { BeatRender } from '../beats/beat-engine.ts';
import type { VoiceRecipe } from '../artists/artist-catalog.ts';
import { rmsOf } from '../pcm-audio.ts';
import { centredMonoLoudness } from '../analysis/loudness-meter.ts';
import { Biquad } from '../dsp/biquad-filter.ts';
import { makeSpectralRoom } from './spectral-room.ts';

/**
 * How far the lead sits above the beat (loudness units). At 3 LU the recogniser lost 0.49–0.65 of
 * the words in the mix of four artists, at 5 LU 0.02–0.05 fewer each (Deacon Grey, Kid Kilo,
 * Marcus Vale, Ivy Lark). At 8 LU, ten artists on two lyric sets (each render decoded twice), six
 * rappers lost 705.5 -> 662 words of 1896 in the mix and four singers 721.5 -> 645 of 1264 (reading
 * at the voice's own rate, as they do now): a singer's held notes share their register with the chords. The
 * beat still fills the gaps, and steps back under the words (BEAT_DUCK).
 */
const VOCAL_OVER_BEAT_LU = 8;
/**
 * The beat's low end (kick and 808 under 150 Hz, which mask no words) lifted back by the 3 dB the
 * lead rose over the beat (5 -> 8 LU): without it the mix's energy under 80 Hz halved (MC Volt 4.7 %
 * -> 2.5 %, Aria Bloom 7.8 % -> 4.5 %). With it, the ten artists lost 1338.5 words in the mix
 * against 1307 without (within the recogniser's spread) and 1427 at 5 LU.
 */
const BEAT_LOW_END_LIFT_DB = 3;
/** How far the whole beat steps back while the voice speaks (amplitude share; 6 dB). */
const BEAT_DUCK = 1 - 10 ** (-6 / 20);

export interface VocalBuses {
  lead: Float32Array;
  /** Doubles already panned (left, right). */
  doubles: [Float32Array, Float32Array];
  adlibs: [Float32Array, Float32Array];
  /** 1 where the delay should catch the vocal (line ends), else 0. */
  throwMask: Float32Array;
}

export interface MixResult {
  mix: [Float32Array, Float32Array];
  vocalStem: [Float32Array, Float32Array];
  /** Empty (zero-length) when there is no beat or no stems were asked for. */
  beatStem: [Float32Array, Float32Array];
}

/**
 * The chords with their presence band (where consonants carry a word) 12 dB down. The mixer
 * crossfades toward this copy while the voice speaks: room for the words, not only a quieter beat.
 */
function withoutPresence(x: Float32Array, sampleRate: Hz): Float32Array {
  return new Biquad({ type: 'peaking', frequency: 2200, sampleRate, q: 0.8, gain: -12 }).process(x.slice());
}

/**
 * Balances vocal against beat (lead 8 LU above the beat), steps the beat back under the vocal
 * (all of it up to 6 dB, bass and chords more, the chords' and drums' presence band most) and
 * makes room for each sound of the voice inside it band by band while it sounds (a dynamic
 * equaliser keyed by the voice, `spectral-room.ts`), and adds reverb and a ping-pong delay on
 * line ends as sends, both held back under the words. With no beat (null) the vocal bus alone is
 * the mix, effects and all.
 */
export function mixSong(
  vocal: VocalBuses,
  beat: BeatRender | null,
  {
    sampleRate,
    recipe,
    secondsPerBeat,
    stems = true,
    throwDelay = secondsPerBeat * 0.75,
  }: {
    sampleRate: Hz;
    recipe: VoiceRecipe;
    secondsPerBeat: Seconds;
    stems?: boolean;
    /** Delay of the line-end throws; on the flow's grid so the echoes land on it too. */
    throwDelay?: Seconds;
  },
): MixResult {
  const n = beat ? beat.bass.length : vocal.lead.length;
  const lead = fit(vocal.lead, n);
  const [dl, dr] = [fit(vocal.doubles[0], n), fit(vocal.doubles[1], n)];
  const [al, ar] = [fit(vocal.adlibs[0], n), fit(vocal.adlibs[1], n)];
  // Level by perceived loudness (BS.1770, gated), not RMS: an 808's sub carries RMS the ear
  // barely weighs. The lead sits well above the beat: words first.
  // Without a beat there is nothing to balance against: unity gain, mastering sets the level.
  let beatLufs = -Infinity;
  if (beat) {
    const beatSum = new Float32Array(n);
    for (let i = 0; i < n; i++)
      beatSum[i] = 0.9 * beat.drums[0][i]! + 0.8 * beat.bass[i]! + beat.harmony[0][i]!;
    beatLufs = centredMonoLoudness(beatSum, sampleRate).integrated;
  }
  const leadLufs = centredMonoLoudness(lead, sampleRate).integrated;
  const vocalGain =
    Number.isFinite(leadLufs) && Number.isFinite(beatLufs)
      ? 10 ** ((beatLufs + VOCAL_OVER_BEAT_LU - leadLufs) / 20)
      : 1;
  const activeRms = activeLevel(lead);

  const send = new Float32Array(n);
  const throwSend = new Float32Array(n);
  const mask = fit(vocal.throwMask, n);
  for (let i = 0; i < n; i++) {
    const v = lead[i]! * vocalGain;
    send[i] = v + 0.5 * (dl[i]! + dr[i]!) * vocalGain;
    throwSend[i] = v * mask[i]!;
  }
  const duck = envelope(send, 0.01, 0.18, sampleRate);
  // The room and the echoes smear the next words into the last ones (the recogniser lost 0.07 of
  // the words to them on rms): no low end into the room, and both sit back while the voice speaks
  // and bloom in its gaps, where they are heard as the artist's space.
  new Biquad({ type: 'highpass', frequency: 400, sampleRate, q: 0.7 }).process(send);
  const [revL, revR] = reverb(send, { sampleRate, roomSize: 0.75, damping: 0.45 });
  // A rapper's throws in the telephone band: heard as an echo, not as the word again (see
  // VoiceRecipe.throws).
  if (recipe.throws === 'telephone') {
    new Biquad({ type: 'highpass', frequency: 800, sampleRate, q: 0.7 }).process(throwSend);
    new Biquad({ type: 'lowpass', frequency: 2500, sampleRate, q: 0.7 }).process(throwSend);
  }
  const [delL, delR] = pingPongDelay(throwSend, {
    sampleRate,
    delaySeconds: throwDelay,
    feedback: 0.35,
  });
  const carvedL = beat ? withoutPresence(beat.harmony[0], sampleRate) : new Float32Array(0);
  const carvedR = beat ? withoutPresence(beat.harmony[1], sampleRate) : new Float32Array(0);
  // The snare and hats share the consonants' band too: carved the same way, their lows and air keep the punch.
  const drumsCarvedL = beat ? withoutPresence(beat.drums[0], sampleRate) : new Float32Array(0);
  const drumsCarvedR = beat ? withoutPresence(beat.drums[1], sampleRate) : new Float32Array(0);
  const duckRef = activeRms * vocalGain * 1.5 + 1e-9;
  const wetRef = activeRms * vocalGain * 0.3 + 1e-9;

  // Stem buffers only when someone will encode them: four song-length arrays saved otherwise.
  const vocalL = new Float32Array(stems ? n : 0);
  const vocalR = new Float32Array(stems ? n : 0);
  const beatL = new Float32Array(stems && beat ? n : 0);
  const beatR = new Float32Array(stems && beat ? n : 0);
  const mixL = new Float32Array(n);
  const mixR = new Float32Array(n);
  const rv = recipe.reverb;
  const dv = recipe.delay;
  // The beat as the mix hears it while the vocal speaks: the whole beat up to 6 dB down, bass and
  // chords up to ~5 dB more, and the chords' presence band up to 12 dB more (the drums' about 6 dB).
  // The recogniser lost 0.41 of mc-volt's words in the mix with the dips of bass, chords and
  // presence alone, 0.28 with the whole beat stepping back too (the voice alone: 0.20).
  const room: [Float32Array, Float32Array] = [new Float32Array(beat ? n : 0), new Float32Array(beat ? n : 0)];
  const key = new Float32Array(beat ? n : 0);
  if (beat) {
    // Every buffer in a local: the loop runs once per sample of the song.
    const [drumsL, drumsR] = beat.drums;
    const [harmonyL, harmonyR] = beat.harmony;
    const bass = beat.bass;
    const [roomL, roomR] = room;
    for (let i = 0; i < n; i++) {
      const speaking = Math.min(1, duck[i]! / duckRef);
      const d = 1 - 0.45 * speaking;
      const music = 0.8 * bass[i]!;
      const hl = harmonyL[i]! + speaking * (carvedL[i]! - harmonyL[i]!);
      const hr = harmonyR[i]! + speaking * (carvedR[i]! - harmonyR[i]!);
      const kl = drumsL[i]! + 0.7 * speaking * (drumsCarvedL[i]! - drumsL[i]!);
      const kr = drumsR[i]! + 0.7 * speaking * (drumsCarvedR[i]! - drumsR[i]!);
      const e = 1 - BEAT_DUCK * speaking;
      roomL[i] = e * (0.9 * kl + d * (music + hl));
      roomR[i] = e * (0.9 * kr + d * (music + hr));
      key[i] = vocalGain * (lead[i]! + 0.3 * (dl[i]! + dr[i]! + al[i]! + ar[i]!));
      if (stems) {
        beatL[i] = 0.9 * drumsL[i]! + music + harmonyL[i]!;
        beatR[i] = 0.9 * drumsR[i]! + music + harmonyR[i]!;
      }
    }
  }
  // Then room for the words inside what is left, band by band, where each sound of the voice is,
  // and the low end, which masks no words, back where it was.
  if (beat) {
    makeSpectralRoom(room, key, { sampleRate, margin: 6, maxCut: 12 });
    for (const channel of room)
      new Biquad({
        type: 'lowshelf',
        frequency: 150,
        sampleRate,
        q: 0.7,
        gain: BEAT_LOW_END_LIFT_DB,
      }).process(channel);
  }
  const [roomL, roomR] = room;
  const withBeat = beat !== null;
  for (let i = 0; i < n; i++) {
    const v = lead[i]! * vocalGain;
    // The room and echoes are all but gone (-26 dB) whenever the voice is there at all, not only at
    // its loudest: held back to 0.3 at full voice they still cost awb's sung lines a fifth of their
    // words (the recogniser: 0.51 → 0.40 of the words lost once they stepped aside). Quieter
    // still (-46 dB, opening only 21 dB under the speaking level) cost mc-volt words instead
    // (0.21 → 0.29 voice-only): with the gaps between words left dry, the recogniser ran words together.
    const wet = 1 - 0.95 * Math.min(1, duck[i]! / wetRef);
    const vl = v + vocalGain * (0.55 * dl[i]! + 0.6 * al[i]!) + wet * (rv * revL[i]! + dv * delL[i]!);
    const vr = v + vocalGain * (0.55 * dr[i]! + 0.6 * ar[i]!) + wet * (rv * revR[i]! + dv * delR[i]!);
    if (stems) {
      vocalL[i] = vl;
      vocalR[i] = vr;
    }
    mixL[i] = vl + (withBeat ? roomL[i]! : 0);
    mixR[i] = vr + (withBeat ? roomR[i]! : 0);
  }
  return { mix: [mixL, mixR], vocalStem: [vocalL, vocalR], beatStem: [beatL, beatR] };
}

function fit(x: Float32Array, n: number): Float32Array {
  if (x.length === n) return x;
  const out = new Float32Array(n);
  out.set(x.subarray(0, n));
  return out;
}

/** RMS over the 50 ms windows that are not silence: a vocal's level while it actually sings. */
export function activeLevel(x: Float32Array, windowSamples = 2205): number {
  let sum = 0;
  let count = 0;
  const windows: number[] = [];
  for (let i = 0; i + windowSamples <= x.length; i += windowSamples)
    windows.push(rmsOf(x, i, i + windowSamples));
  const loudest = Math.max(0, ...windows);
  for (const w of windows) {
    if (w > loudest * 0.1) {
      sum += w * w;
      count++;
    }
  }
  return count ? Math.sqrt(sum / count) : 0;
}
