import { dbToGain, type Decibels, type Hz, type Seconds } from '../units.ts';
import { Biquad } from '../dsp/biquad-filter.ts';
import { rmsOf } from '../pcm-audio.ts';
import type { TimedPhone, TimedWord } from './voice-backend.ts';

/** Voiced sounds a vowel runs on into without a new syllable (ARPAbet and IPA names). */
const CODA_VOICED = new Set([
  ...['m', 'n', 'ng', 'l', 'el', 'r', 'er', 'w', 'y', 'v', 'z', 'dh', 'zh', 'b', 'd', 'g'],
  ...['ŋ', 'ɹ', 'j', 'ð', 'ʒ'],
]);

/**
 * Glides and liquids glide into their vowel: the ear hears the syllable start there. A nasal's
 * murmur is quiet next to its vowel, so "my" starts where "ay" does (an onset detector on the
 * plain voice fires 10-15 ms after a nasal's vowel starts, 15-35 ms before a glide's). Flite's
 * names and eSpeak's IPA ("ɹ", "j"): keyed at its vowels instead, Cipher 9's syllables starting on
 * one came late, and 0.698 of his onsets were within 30 ms of the grid against 0.725. A syllable
 * is keyed where they start (line-renderer's voicingOnsets).
 */
export const GLIDES: ReadonlySet<string> = new Set(['l', 'r', 'w', 'y', 'el', 'ɹ', 'j']);

export interface SyllableAttackOptions {
  sampleRate: Hz;
  /** Word and phone timings in the time of `samples`. */
  words: readonly TimedWord[];
  /** The band shaped: where an onset is heard (a syllable's beat is in its low band). */
  cutoff?: Hz;
  /**
   * Where that band is split for the coda limit (and the onset hold): each part may not rise again
   * on its own. A coda's "z" or nasal brought 400–900 Hz up 4 dB while the voicing under 300 Hz,
   * which rules the band's level, sank, and the tracker (high-frequency content of 100–900 Hz)
   * fired there, 100–170 ms after the vowel ("keys", "told", "and").
   */
  split?: readonly Hz[];
  /**
   * Also hold the voiced consonants before a vowel keyed at itself from rising again until that
   * vowel (besides turning them down): "v m" in "of May", "dh m" in "with my" rose into the nasal,
   * 9 dB down and all, and the tracker fired at the "m", 50–75 ms before the vowel.
   */
  holdOnsets?: boolean;
  /** Time after a vowel's start that is its own attack, left alone. */
  hold?: Seconds;
  /** How far the band may rise over its lowest level since the vowel reached its level. */
  allowance?: Decibels;
  /** How fast that lowest level may climb back (dB a second): a slow swell is not an attack. */
  recovery?: number;
  /** The most the band is turned down. */
  maxCut?: Decibels;
  /** The most a word-initial vowel's opening is raised. */
  maxLift?: Decibels;
  /**
   * How far the voiced consonants before a vowel are turned down in the band (see
   * onsetConsonantSpans); 0 leaves them.
   */
  onsetCut?: Decibels;
  /**
   * The same for such consonants after a pause (default `onsetCut`): there the band jumps from
   * silence at the consonant, 9 dB down or not, and the tracker fires on it. At −30 dB four rappers'
   * onsets within 30 ms rose on all eight of their renders of the two lyric sets (0.860 → 0.869 on
   * average; MC Volt 0.848, 0.832 → 0.868, 0.844), for 265.5 → 269 words lost, within a render's spread.
   */
  pausedOnsetCut?: Decibels;
  /** Envelope frame (and the gain's smoothing). */
  frame?: Seconds;
}

export interface CodaSpan {
  vowel: TimedPhone;
  start: Seconds;
  end: Seconds;
}

/**
 * The spans, one per vowel, from its start to the end of the voiced consonants that close its
 * syllable (those followed by another consonant or the word's end; the one before a vowel opens
 * the next syllable). A voiceless sound ends the span.
 */
export function codaSpans(words: readonly TimedWord[]): CodaSpan[] {
  const spans: CodaSpan[] = [];
  for (const word of words) {
    const phones: readonly TimedPhone[] = word.phones;
    for (let i = 0; i < phones.length; i++) {
      if (!phones[i]!.isVowel) continue;
      let j = i + 1;
      while (j < phones.length && !phones[j]!.isVowel && CODA_VOICED.has(phones[j]!.phone)) j++;
      const last = j < phones.length && phones[j]!.isVowel ? j - 1 : j;
      spans.push({
        vowel: phones[i]!,
        start: phones[i]!.start,
        end: last > i + 1 ? phones[last - 1]!.end : phones[i]!.end,
      });
    }
  }
  return spans;
}

export interface OnsetConsonantSpan {
  start: Seconds;
  end: Seconds;
  /** Whether the run follows a pause (20 ms or more of nothing), not a vowel or voiced sound. */
  afterPause: boolean;
}

/**
 * The spans of voiced consonants that are heard before a vowel keyed at itself: from the first of
 * the run of voiced consonants before the vowel (back to the vowel, pause or voiceless sound before
 * them) to the vowel or to the glide it opens on, at least `shortest` long. A run after a
 * voiceless sound is left out (it is the syllable's key there, see keyVoicingAfterVoiceless), and
 * so is one that opens on a glide (keyed at its start).
 */
export function onsetConsonantSpans(
  words: readonly TimedWord[],
  shortest: Seconds = 0.03,
): OnsetConsonantSpan[] {
  const phones = words.flatMap((w) => w.phones);
  const spans: OnsetConsonantSpan[] = [];
  for (let i = 0; i < phones.length; i++) {
    if (!phones[i]!.isVowel) continue;
    let first = i;
    while (first > 0 && !phones[first - 1]!.isVowel && CODA_VOICED.has(phones[first - 1]!.phone)) first--;
    if (first === i || GLIDES.has(phones[first]!.phone)) continue;
    const before = phones[first - 1];
    const afterPause = !before || before.end < phones[first]!.start - 0.02;
    if (before && !afterPause && !before.isVowel) continue;
    let glide = i;
    while (glide > first && GLIDES.has(phones[glide - 1]!.phone)) glide--;
    const span = { start: phones[first]!.start, end: phones[glide]!.start, afterPause };
    if (span.end - span.start >= shortest) spans.push(span);
  }
  return spans;
}

/**
 * Gives each syllable of `samples` (in place; they are returned) one attack, at its vowel, in the
 * band under `cutoff`:
 * - a word that opens on a vowel reaches its level at once (raised by at most `maxLift` until it
 *   is 3 dB under the loudest of its first 100 ms): Flite fades such a vowel in over 60–100 ms, and
 *   an onset tracker fired 30–90 ms into "on", "of", "and", off the beat;
 * - once a vowel has reached its level (and `hold` after its start at the earliest) the band may
 *   not rise again until its voiced coda ends (by more than `allowance` over its lowest level
 *   since, which climbs back at `recovery`): Flite's vowel sinks into its nasal, "z" or "d" and the
 *   consonant's murmur comes back up, and the tracker heard a second beat there, 100–150 ms after
 *   the vowel (Kid Kilo's "and", "keys", "told": 30 of his 437 onsets).
 * - the voiced consonants before a vowel keyed at itself ("d" in "down", "m" in "me", "g" in
 *   "gave"; onsetConsonantSpans) are `onsetCut` down: a voiced stop's release or a nasal's murmur
 *   fired the tracker 30–90 ms before the vowel (104 of MC Volt's and Kid Kilo's 147 onsets off
 *   the grid sat in such a consonant); after a pause `pausedOnsetCut` down, and with
 *   `holdOnsets` kept from rising again until the vowel.
 * With `split`, each part of the band keeps to the coda limit (and the onset hold) on its own.
 * Only that band moves: where it rises or opens, and in those consonants. A frame of silence inside a coda (a stop's
 * closure) holds the rest of it at most `maxCut` down.
 */
export function shapeSyllableAttacks(
  samples: Float32Array,
  {
    sampleRate,
    words,
    cutoff = 1000,
    hold = 0.03,
    allowance = 1,
    recovery = 40,
    maxCut = -12,
    maxLift = 12,
    onsetCut = -9,
    pausedOnsetCut = onsetCut,
    split = [],
    holdOnsets = false,
    frame = 0.005,
  }: SyllableAttackOptions,
): Float32Array {
  const hop = Math.max(1, Math.round(frame * sampleRate));
  // Forward and backward (no phase shift), so scaling a band scales that band of `samples`.
  const zeroPhaseLowpass = (x: Float32Array, frequency: Hz): Float32Array => {
    const y = x.slice();
    for (let k = 0; k < 2; k++) {
      new Biquad({ type: 'lowpass', frequency, sampleRate, q: 0.7 }).process(y);
      y.reverse();
    }
    return y;
  };
  const low = zeroPhaseLowpass(samples, cutoff);
  // Each part of the band between the splits, lowest first; they sum to the band.
  const unders = [...split]
    .filter((f) => f < cutoff)
    .sort((x, y) => x - y)
    .map((f) => zeroPhaseLowpass(low, f));
  const bands = [...unders, low].map((under, n) => (n === 0 ? under : difference(under, unders[n - 1]!)));
  const levelAt = (band: Float32Array, f: number): number => rmsOf(band, f, f + hop);
  const gains = bands.map(() => new Float32Array(samples.length).fill(1));
  const setGain = (f: number, g: number) => {
    for (const gain of gains) gain.fill(g, f, f + hop);
  };

  const allowed = dbToGain(allowance);
  const climb = dbToGain(recovery * (hop / sampleRate));
  const floor = dbToGain(maxCut);
  const lift = dbToGain(maxLift);
  const openings = new Set(words.map((w) => w.phones[0]).filter((p) => p?.isVowel));
  // Before the codas: where a run is also the coda of the vowel before it, the coda's limit rules.
  for (const span of onsetConsonantSpans(words)) {
    const held = dbToGain(span.afterPause ? pausedOnsetCut : onsetCut);
    if (held >= 1) continue;
    const end = Math.round((span.end - frame) * sampleRate);
    if (!holdOnsets) {
      for (let f = Math.round(span.start * sampleRate); f + hop <= end; f += hop) setGain(f, held);
      continue;
    }
    // Turned down, and held from rising again until the vowel, band by band.
    for (const [n, band] of bands.entries()) {
      let lowest = Infinity;
      for (let f = Math.round(span.start * sampleRate); f + hop <= end; f += hop) {
        const level = levelAt(band, f);
        lowest = Math.min(lowest * climb, level);
        const g = level > 0 ? Math.min(held, (lowest * held * allowed) / level) : held;
        gains[n]!.fill(g, f, f + hop);
      }
    }
  }
  for (const span of codaSpans(words)) {
    const a = Math.round(span.start * sampleRate);
    const b = Math.min(samples.length, Math.round(span.end * sampleRate));
    const levels: number[] = [];
    for (let f = a; f + hop <= b; f += hop) levels.push(levelAt(low, f));
    // The vowel's attack ends when it is 3 dB under the loudest of its first 100 ms.
    const target = Math.max(0, ...levels.slice(0, Math.round((0.1 * sampleRate) / hop))) * dbToGain(-3);
    const reached = levels.findIndex((level) => level >= target);
    const attackEnd = Math.max(Math.round((hold * sampleRate) / hop), reached < 0 ? levels.length : reached);
    if (openings.has(span.vowel))
      for (let k = 0; k < reached; k++)
        setGain(a + k * hop, levels[k]! > 0 ? Math.min(lift, target / levels[k]!) : 1);
    for (const [n, band] of bands.entries()) {
      const gain = gains[n]!;
      let lowest = Infinity;
      for (let k = attackEnd; k < levels.length; k++) {
        const level = levelAt(band, a + k * hop);
        lowest = Math.min(lowest * climb, level);
        if (level > 0)
          gain.fill(Math.max(floor, Math.min(1, (lowest * allowed) / level)), a + k * hop, a + (k + 1) * hop);
      }
    }
  }

  // Smoothed forward and back over a frame: no clicks, and no lag behind the level.
  const smooth = Math.exp(-1 / hop);
  for (const gain of gains)
    for (const [from, step] of [
      [0, 1],
      [gain.length - 1, -1],
    ] as const) {
      let g = 1;
      for (let i = from; i >= 0 && i < gain.length; i += step)
        gain[i] = g = gain[i]! + smooth * (g - gain[i]!);
    }
  for (const [n, band] of bands.entries()) {
    const gain = gains[n]!;
    for (let i = 0; i < samples.length; i++) samples[i] = samples[i]! + (gain[i]! - 1) * band[i]!;
  }
  return samples;
}

function difference(a: Float32Array, b: Float32Array): Float32Array {
  const out = new Float32Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! - b[i]!;
  return out;
}
