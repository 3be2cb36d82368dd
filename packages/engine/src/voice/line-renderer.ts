import type { Decibels, Hz, Seconds } from '../units.ts';
import { LINE_END_SHARE, type LinePlan, type PlannerSyllable } from '../flow/flow-planner.ts';
import type { TimedSyllable } from '../text/syllabifier.ts';
import type { OnsetConsonants, TimedPhone, TimedWord } from './voice-backend.ts';
import { stretch, stretchSpeech, type KeyFrame } from '../dsp/time-stretcher.ts';
import { resample } from '../dsp/resampler.ts';
import { applyFades } from '../pcm-audio.ts';
import { clearVoicelessLowBand, isClearedVoiceless } from './voiceless-low-band.ts';
import { applyGlottalOnsets } from './glottal-onset.ts';
import { GLIDES, shapeSyllableAttacks } from './syllable-attacks.ts';
import { leansOnNextWord } from '../text/stress-lexicon.ts';

/** Where each syllable ended up in song time. */
export interface PlacedSyllable {
  word: string;
  wordIndex: number;
  stress: 0 | 1 | 2;
  slot: number;
  /** Grid time the syllable's beat belongs to. */
  gridTime: Seconds;
  /** Rendered syllable onset (its first consonant) and vowel onset. */
  onset: Seconds;
  vowelOnset: Seconds;
  end: Seconds;
  /**
   * How much the stretcher lengthened this syllable's own sound (its vowel and what follows, up to
   * the next syllable's consonants): rendered / spoken length, inserted rests left out.
   */
  stretch: number;
}

export interface RenderedLine {
  samples: Float32Array;
  sampleRate: Hz;
  /** Song time of samples[0]. */
  start: Seconds;
  syllables: PlacedSyllable[];
  /** Where a time of the source falls in the rendered line (seconds from samples[0]). */
  sourceToLine: (t: Seconds) => Seconds;
}

export interface LineRenderOptions {
  source: Float32Array;
  sourceRate: Hz;
  syllables: TimedSyllable[];
  plan: LinePlan;
  /** Song time of the line's first downbeat. */
  lineStart: Seconds;
  secondsPerSlot: Seconds;
  slotsPerBeat: number;
  /** Delay of off-beat 16ths, as a share of a slot (beat swing). */
  swing: number;
  pocket: Seconds;
  /** Latest song time the line may ring to (the next line's first onset). */
  deadline: Seconds;
  pitchScale: number;
  formantFactor: number;
  maxStretch: number;
  outputRate: Hz;
  /**
   * The synthesized words with phone timings. With them each syllable is keyed at its voicing
   * onset (a sonorant before the vowel starts the sound a listener times), not at the vowel.
   */
  words?: readonly TimedWord[];
  /**
   * Place the speech with Rubber Band even without a pitch change. An AI singer's voice is grains
   * of a recording whose waveform changes from period to period: Sonic misreads its periods and
   * repeats wrong lengths (ked's AI singer: 2.3–2.5 pitch jumps per voiced second, against
   * 0.3 with Rubber Band).
   */
  phaseVocoder?: boolean;
  /**
   * Clear the low band of voiceless consonants once placed (default true; see
   * voiceless-low-band.ts). Off for a line another voice will be converted from: the person's
   * recorded frames are chosen to match the placed source, and a source consonant with its low
   * band gone drew the person's frames towards thin, clicking ones (festival ked's AI singer:
   * clicks 5.4 → 10.9 a minute, words 1.53 → 1.79 times its plain reading).
   */
  clearVoicelessLows?: boolean;
  /**
   * Give each word that opens on a vowel straight after another word a glottal attack once placed
   * (see glottal-onset.ts; default false). A rapper's: a singer's line is legato, and the attack
   * cost two sung voices 19 words of 632, their onsets within 0.01.
   */
  glottalOnsets?: boolean;
  /**
   * Give each syllable one attack, at its vowel, once placed (see syllable-attacks.ts; default
   * false): a word's opening vowel reaches its level at once, a vowel's voiced coda does not
   * rise again under 1 kHz, and the voiced consonants before a vowel keyed at itself sit 9 dB down
   * there. A stock voice's, rapped or sung.
   */
  syllableAttacks?: boolean;
  /**
   * With syllableAttacks, how far those voiced consonants are turned down when they follow a
   * pause (see SyllableAttackOptions.pausedOnsetCut; default the same 9 dB). A rapper's.
   */
  pausedOnsetCut?: Decibels;
  /**
   * With syllableAttacks, where the band is split for the coda limit (see
   * SyllableAttackOptions.split; default unsplit). A rapper's.
   */
  codaSplit?: readonly Hz[];
  /**
   * With syllableAttacks, hold the voiced consonants before a vowel from rising again until it (see
   * SyllableAttackOptions.holdOnsets; default false). A rapper's.
   */
  holdOnsetConsonants?: boolean;
  /**
   * Keep the last this-much of each vowel, and what follows it up to the next syllable's
   * consonants, at its spoken length (squeezed only when the whole span is), so a stretch goes into
   * the vowel's steady middle. Unset, the stretch is spread over the vowel and what follows. Flite
   * glides its formants into the next consonant over the vowel's last 20-30 ms, and there the
   * waveform's period reads up to two semitones long (slt asked for 65-sample periods: 66-74
   * before "p", "k", "ch"); stretched with the rest of the vowel, those frames were a tenth of a
   * sung line's voiced frames. A rapper's vowels are better stretched evenly (see FlowStyle.vowelTail).
   */
  vowelTail?: Seconds;
  /**
   * Place the consonants before a syllable's key in at most this long when every one of them is
   * voiced, or an "h" (see opensOnVoicedOnly; default: their spoken length, or less when the whole
   * span is squeezed; a line's first syllable keeps them). An onset tracker fires on such a sung
   * syllable where its first consonant starts about one time in three, at its key otherwise, and
   * Flite says an "m", "d" or "h" 50–65 ms before its vowel: at most 30 ms, both fall within 30 ms
   * of the grid.
   */
  voicedOnsetCap?: Seconds;
  /** Which consonants a syllable is heard to start on (see OnsetConsonants; default 'glides'). */
  onsetConsonants?: OnsetConsonants;
  /**
   * Key a syllable whose voiced consonants follow a voiceless sound where they start (see
   * voicingAfterVoiceless; default false; Flite's 'glides' voices only). A rapper's: on the four
   * sung voices the onsets moved by −0.007 to 0.
   */
  keyVoicingAfterVoiceless?: boolean;
}

export const planToPlannerSyllables = (syllables: readonly TimedSyllable[]): PlannerSyllable[] =>
  syllables.map((s, i) => {
    const next = syllables[i + 1];
    return {
      stress: s.stress,
      naturalDuration: (next ? next.vowelStart : s.end) - s.vowelStart,
      fixedDuration: next ? Math.max(0, next.vowelStart - Math.max(next.start, s.vowelStart)) : 0,
      isWordEnd: s.isWordEnd,
      leansOnNext: s.isWordEnd && next !== undefined && leansOnNextWord(s.word),
    };
  });

/** The p-centre of a syllable sits a little before its vowel onset, more so after a long consonant onset. */
const pCentreLead = (s: TimedSyllable): Seconds => Math.min(0.03, 0.5 * (s.vowelStart - s.start));

/**
 * eSpeak's consonants are formants and pulses as loud as its vowels below 1 kHz: an onset detector
 * fires where a syllable's glides and "p" begin ("w" in "woke" 100 ms before its vowel, "p" in
 * "paid" 38 ms), unless they follow a vowel in the same word. At its other voiced consonants and
 * "h" it fired at the consonant or at the vowel 50-110 ms later, or at both ("m" in "moving": 110
 * ms before its vowel; "n" in "never", "d" in "down", "ð" in "the" at the vowel): keyed where they
 * begin, 44 of Cipher 9's 484 onsets on the eval's two lyric sets fell at such a vowel, off the
 * grid. They are placed in at most 30 ms before the vowel (voicedOnsetCap), keyed half way into them
 * (FORMANT_KEY_SHARE). At
 * "t", "k", "f" and "s" it fires on the vowel.
 */
const FORMANT_ONSETS = new Set([...GLIDES, 'p']);

/**
 * Where a formant voice's syllable is keyed inside its voiced onset consonants placed short (voicedOnsetCap), as a
 * share of their placed length before the vowel. The tracker fires at their start as often as at the vowel, so
 * keyed at the vowel a 30 ms run put a cluster of Cipher 9's onsets 25–35 ms early: keyed half way, either lands
 * within 15 ms of the grid. Her onsets within 30 ms of the grid 0.843, 0.831 → 0.873, 0.856 on the two lyric sets
 * (a line's first syllable keyed so too, whose consonants are not placed short: 0.872, 0.854; a third of the way
 * 0.862, 0.852; two thirds 0.865, 0.842; at the consonant 0.830, 0.777). Flite's singers, whose consonants are capped
 * too, are heard at the vowel: keyed half way, theirs fell 0.873 → 0.829 on average.
 */
export const FORMANT_KEY_SHARE = 0.5;

/**
 * Source time where each syllable's voicing begins: the start of the run of sonorants just before
 * its vowel ("l" in "play"), else the vowel onset itself (after "s", "t", "k"...; see OnsetConsonants).
 */
export function voicingOnsets(
  syllables: readonly TimedSyllable[],
  words: readonly TimedWord[],
  consonants: OnsetConsonants = 'glides',
  afterVoiceless = false,
): Seconds[] {
  return syllables.map((s) => {
    const phones = words[s.wordIndex]?.phones ?? [];
    const vowel = phones.findIndex((p) => p.isVowel && Math.abs(p.start - s.vowelStart) < 1e-6);
    if (vowel < 0) return s.vowelStart;
    const resumed =
      afterVoiceless && consonants === 'glides'
        ? voicingAfterVoiceless(phones, vowel, s.start, words[s.wordIndex - 1])
        : undefined;
    return resumed ?? voicingOnsetBefore(phones, vowel, s.start, consonants);
  });
}

/** Voiced consonants: Flite's (ARPAbet) and eSpeak's own IPA names. */
const VOICED_CONSONANTS = new Set([
  'w',
  'y',
  'r',
  'l',
  'el',
  'm',
  'n',
  'ng',
  'b',
  'd',
  'g',
  'dh',
  'v',
  'z',
  'jh',
  'zh',
  ...['ɹ', 'j', 'ð', 'ɡ', 'dʒ', 'ʒ'],
]);

/** A voiced consonant or an "h" (Flite's "hh"): a syllable opening on such sounds from it on. */
const isVoicedOrH = (phone: string): boolean =>
  VOICED_CONSONANTS.has(phone) || phone === 'hh' || phone === 'h';

/**
 * Whether the consonants of `phones` from `from` up to `key` are there and every one is voiced or
 * an "h" (none of "s", "t", "k", "p", "f", "ch"...): a syllable that opens on such a run sounds
 * from its first consonant on.
 */
export function voicedOnlyBefore(phones: readonly TimedPhone[], from: Seconds, key: Seconds): boolean {
  const run = phones.filter((p) => !p.isVowel && p.start >= from - 1e-6 && p.start < key - 1e-6);
  return run.length > 0 && run.every((p) => isVoicedOrH(p.phone));
}

const opensOnVoicedOnly = (s: TimedSyllable, key: Seconds, words: readonly TimedWord[] | undefined) =>
  voicedOnlyBefore(words?.[s.wordIndex]?.phones ?? [], s.start, key);

/**
 * Where the syllable whose vowel is at `vowel` starts to sound, when its consonants (none before
 * `from`) open on a voiced one straight after a voiceless sound: 8 ms into that consonant, at most
 * 150 ms before the vowel. Undefined otherwise. A voiceless sound has (once placed) no low band,
 * or, an "h", little of one: the voicing coming back is an onset, there and not at the vowel. An
 * onset tracker on a rapper's voice fires 7–8 ms into a glide after "s" or "t", 90–160 ms before
 * its vowel; keyed here, four rappers' onsets within 30 ms of the grid rose 0.813 → 0.835 (those
 * of glides after a voiceless sound 19 of 45 → 30 of 41). After a pause it is not done: there the
 * tracker fired at the vowel as often (glides 17 of 25 → 13 of 30, voiced stops 14 of 28 → 12 of 27).
 */
function voicingAfterVoiceless(
  phones: readonly TimedPhone[],
  vowel: number,
  from: Seconds,
  previousWord: TimedWord | undefined,
): Seconds | undefined {
  let k = vowel;
  while (k > 0 && !phones[k - 1]!.isVowel && phones[k - 1]!.start >= from - 1e-6) k--;
  const first = phones[k]!;
  if (k === vowel || !VOICED_CONSONANTS.has(first.phone)) return undefined;
  const before = k > 0 ? phones[k - 1] : previousWord?.phones.at(-1);
  const voiceless = before !== undefined && (isClearedVoiceless(before.phone) || before.phone === 'hh');
  if (!voiceless || first.start - before.end > 0.02) return undefined;
  const vowelStart = phones[vowel]!.start;
  return Math.min(vowelStart, Math.max(first.start + 0.008, vowelStart - 0.15));
}

/** Source time where a word's first syllable starts to sound voiced (see voicingOnsets). */
export function wordVoicingOnset(word: TimedWord, consonants: OnsetConsonants = 'glides'): Seconds {
  const vowel = word.phones.findIndex((p) => p.isVowel);
  return vowel < 0 ? word.start : voicingOnsetBefore(word.phones, vowel, -Infinity, consonants);
}

/** The key of the vowel at `vowel`: where its run of onset consonants (none before `from`) begins. */
function voicingOnsetBefore(
  phones: readonly TimedPhone[],
  vowel: number,
  from: Seconds,
  consonants: OnsetConsonants,
): Seconds {
  const vowelStart = phones[vowel]!.start;
  const runStart = (set: ReadonlySet<string>) => {
    let k = vowel;
    while (k > 0 && set.has(phones[k - 1]!.phone) && phones[k - 1]!.start >= from - 1e-6) k--;
    return k;
  };
  if (consonants === 'formant') {
    const k = runStart(FORMANT_ONSETS);
    if (k < vowel && !phones[k - 1]?.isVowel) return Math.max(phones[k]!.start, vowelStart - 0.15);
  }
  const k = runStart(GLIDES);
  // A long nasal or liquid is held before the vowel; cap how far back the key moves.
  return Math.max(phones[k]!.start, vowelStart - 0.05);
}

/** Song time of a slot of the line's grid: swing on the odd 16ths, the flow's pocket left out. */
export function slotTime(
  o: Pick<LineRenderOptions, 'lineStart' | 'secondsPerSlot' | 'slotsPerBeat' | 'swing'>,
  slot: number,
): Seconds {
  const swung = o.slotsPerBeat === 4 && ((slot % 2) + 2) % 2 === 1 ? o.swing * o.secondsPerSlot : 0;
  return o.lineStart + slot * o.secondsPerSlot + swung;
}

/** The time nearest `time` where the line's grid (pocket included) places a syllable's key. */
export function nearestKeyTime(
  o: Pick<LineRenderOptions, 'lineStart' | 'secondsPerSlot' | 'slotsPerBeat' | 'swing' | 'pocket'>,
  time: Seconds,
): Seconds {
  const k = Math.round((time - o.pocket - o.lineStart) / o.secondsPerSlot);
  let best = slotTime(o, k) + o.pocket;
  for (const slot of [k - 1, k + 1]) {
    const t = slotTime(o, slot) + o.pocket;
    if (Math.abs(t - time) < Math.abs(best - time)) best = t;
  }
  return best;
}

/**
 * Where a line lands on the grid, computed from the source's timings alone: everything renderLine
 * needs besides the audio. A line said again with the same timings (a singer's take on another
 * note) is placed the same way.
 */
export interface LinePlacement {
  /** Song time of the rendered line's first sample. */
  start: Seconds;
  /** Length of the rendered line. */
  duration: Seconds;
  syllables: PlacedSyllable[];
  /** Where a time of the source falls in the rendered line (seconds from its start). */
  sourceToLine: (t: Seconds) => Seconds;
  /** The stretcher's work: the source span, the rests spliced in, the key frames and rates. */
  stretch: {
    srcStart: Seconds;
    srcEnd: Seconds;
    insertions: { at: Seconds; length: Seconds }[];
    readRate: Hz;
    stretcherPitch: number;
    keyFrames: KeyFrame[];
    outputLength: number;
    phaseVocoder: boolean;
  };
}

/**
 * Places one line onto the grid: syllable keys (and the consonants before them) are key frames,
 * long gaps after words become inserted silence instead of smeared vowels. The formant factor
 * costs nothing: the source is read at sourceRate*formant, which scales pitch and formants alike.
 */
export function placeLine(o: LineRenderOptions): LinePlacement {
  const { syllables, plan, sourceRate } = o;
  const gridTime = (slot: number) => slotTime(o, slot);
  // Each syllable is pinned at its key: the voicing onset when phone timings are known (the
  // listener's beat of the syllable), else just before the vowel (its p-centre).
  const key = o.words
    ? voicingOnsets(syllables, o.words, o.onsetConsonants, o.keyVoicingAfterVoiceless)
    : syllables.map((s) => s.vowelStart);
  // Read the source as if recorded at rate*formant (see above): all source times shrink by 1/formant.
  // Rubber Band's resampler designs its filter from the pitch ratio as a fraction: an arbitrary
  // ratio costs ~10x more than one in thousandths (measured 250 ms vs 25 ms per line). Round
  // the stretcher's ratio and let the read rate absorb the rest (formant error < 0.05 %).
  const stretcherPitch = Math.round((o.pitchScale / o.formantFactor) * 1000) / 1000;
  const readRate = sourceRate * (o.pitchScale / stretcherPitch);
  const srcScale = sourceRate / readRate;
  // Whether a syllable's consonants before its key are placed in at most voicedOnsetCap.
  const capsOnset = (i: number): boolean =>
    o.voicedOnsetCap !== undefined && opensOnVoicedOnly(syllables[i]!, key[i]!, o.words);
  // A formant voice's syllable whose voiced consonants are placed short is keyed half way into them
  // (FORMANT_KEY_SHARE), its vowel that much after the grid; not a line's first, whose keep their length.
  const straddle = (i: number): Seconds =>
    i > 0 && o.onsetConsonants === 'formant' && capsOnset(i)
      ? FORMANT_KEY_SHARE * Math.min(o.voicedOnsetCap!, (key[i]! - syllables[i]!.start) * srcScale)
      : 0;
  const targetKey = syllables.map(
    (s, i) => gridTime(plan.slots[i]!) + o.pocket - (o.words ? 0 : pCentreLead(s)) + straddle(i),
  );
  // Insert silence where the planned span is much longer than the syllable can be stretched. The
  // next syllable's consonants keep their length, so the limit is on the rest of the span.
  const insertions: { at: Seconds; length: Seconds }[] = [];
  for (let i = 0; i + 1 < syllables.length; i++) {
    const s = syllables[i]!;
    if (!s.isWordEnd) continue;
    const natural = key[i + 1]! - key[i]!;
    const fixed = Math.min(natural - 0.02, Math.max(0, key[i + 1]! - syllables[i + 1]!.start));
    const span = targetKey[i + 1]! - targetKey[i]!;
    const excess = span - fixed - (natural - fixed) * o.maxStretch;
    if (excess > 0.02) insertions.push({ at: s.end, length: excess });
  }
  const srcStart = Math.max(0, syllables[0]!.start - 0.03);
  const last = syllables[syllables.length - 1]!;
  const lastKey = key[key.length - 1]!;
  const srcEnd = Math.min(o.source.length / sourceRate, last.end + 0.06);
  // A source time at a cut is read after its inserted silence (splice puts that sample there): a
  // word opening on a vowel starts where the previous word ends, and its key frame must follow the rest.
  const mapTime = (t: Seconds) =>
    t - srcStart + insertions.reduce((a, ins) => a + (t >= ins.at ? ins.length : 0), 0);
  const splicedLength = spliceCuts(sourceRate, srcStart, srcEnd, insertions).length;

  const outStart = targetKey[0]! - (key[0]! - srcStart) * srcScale;
  const tailNatural = (srcEnd - lastKey) * srcScale;
  const tailRoom = Math.max(0.08, o.deadline - targetKey[targetKey.length - 1]!);
  const tail = Math.min(
    tailRoom,
    Math.max(tailNatural * LINE_END_SHARE, Math.min(tailNatural * 1.4, tailRoom)),
  );
  const outEnd = targetKey[targetKey.length - 1]! + tail;
  const outputLength = Math.max(1, Math.round((outEnd - outStart) * readRate));
  // Rubber Band maps key frames onto its analysis hops (256 samples): two frames in one hop, or
  // one past either end, make it drop the whole map. Keep frames two hops apart and inside.
  // Without a pitch change Sonic places the speech (see stretchSpeech); it takes anchors 10 ms apart.
  // A pitch change with the formants kept is made after placement, on the placed line (see below):
  // Rubber Band only places where the voice needs a phase vocoder anyway.
  const shifted = o.phaseVocoder === true;
  const minGap = shifted ? 512 : Math.round(0.01 * readRate);
  const keyFrames: KeyFrame[] = [];
  const sourceKey = key.map((k) => mapTime(k) * srcScale);
  const segmentRatio = (i: number) =>
    i <= 0 ? 1 : (targetKey[i]! - targetKey[i - 1]!) / Math.max(0.005, sourceKey[i]! - sourceKey[i - 1]!);
  // The consonants before a key keep their spoken length (shortened only when the whole span is):
  // the stretch goes into the vowel before them. A stretched consonant would start the syllable
  // audibly early, and a slowed "t" or "s" is heard as a different sound.
  const consonantRatio = (i: number) => Math.min(1, segmentRatio(i));
  // The consonants before a key: at their spoken length, or at most voicedOnsetCap when all are voiced.
  const placedLead = (i: number, lead: Seconds): Seconds =>
    capsOnset(i) ? Math.min(lead, o.voicedOnsetCap!) : lead;
  const consonantStart = (i: number): Seconds => Math.max(srcStart, syllables[i]!.start);
  const vowelEnd = (i: number): Seconds | undefined =>
    o.words?.[syllables[i]!.wordIndex]?.phones.find(
      (p) => p.isVowel && Math.abs(p.start - syllables[i]!.vowelStart) < 1e-6,
    )?.end;
  // A frame before a syllable's key frame: only minGap clear of the last frame and of the key's.
  const fitsBefore = (frame: KeyFrame, keyFrame: KeyFrame): boolean => {
    const last = keyFrames[keyFrames.length - 1] ?? { from: 0, to: 0 };
    return (
      frame.from - last.from >= minGap &&
      frame.to - last.to >= minGap &&
      keyFrame.from - frame.from >= minGap &&
      keyFrame.to - frame.to >= minGap
    );
  };
  for (const [i, k] of key.entries()) {
    const to = Math.round((targetKey[i]! - outStart) * readRate);
    const from = Math.round(mapTime(k) * srcScale * readRate);
    const lead = (k - consonantStart(i)) * srcScale;
    // The previous vowel's tail, and what follows it up to this syllable's consonants, at their
    // spoken length (see LineRenderOptions.vowelTail); not across a rest, which takes the stretch.
    const tailEnd = i > 0 && o.vowelTail ? vowelEnd(i - 1) : undefined;
    if (tailEnd !== undefined) {
      const tailStart = Math.max(key[i - 1]! + 0.02, tailEnd - o.vowelTail!);
      const rested = insertions.some((ins) => ins.at > tailStart && ins.at <= k);
      if (!rested && tailStart < consonantStart(i)) {
        const consonantTo = to - Math.round(lead * consonantRatio(i) * readRate);
        const tail = {
          from: Math.round(mapTime(tailStart) * srcScale * readRate),
          to:
            consonantTo -
            Math.round((consonantStart(i) - tailStart) * srcScale * consonantRatio(i) * readRate),
        };
        if (fitsBefore(tail, { from, to })) keyFrames.push(tail);
      }
    }
    if (i > 0 && lead * readRate >= minGap) {
      const consonant = {
        from: from - Math.round(lead * readRate),
        to: to - Math.round(placedLead(i, lead * consonantRatio(i)) * readRate),
      };
      if (fitsBefore(consonant, { from, to })) keyFrames.push(consonant);
    }
    const last = keyFrames[keyFrames.length - 1] ?? { from: 0, to: 0 };
    if (from - last.from < minGap || to - last.to < minGap) continue;
    if (from > splicedLength - minGap || to > outputLength - minGap) continue;
    keyFrames.push({ from, to });
  }
  // Timings: a syllable's consonants keep their spoken length (or shrink with their span), and
  // between key frames the stretch is uniform.
  const tailRatio =
    (outEnd - targetKey[targetKey.length - 1]!) /
    Math.max(0.005, (mapTime(srcEnd) - mapTime(lastKey)) * srcScale);
  const placed: PlacedSyllable[] = syllables.map((s, i) => {
    const nextRatio = i + 1 < syllables.length ? segmentRatio(i + 1) : tailRatio;
    const lead = placedLead(i, (key[i]! - s.start) * srcScale * consonantRatio(i));
    const vowelOnset = targetKey[i]! + (s.vowelStart - key[i]!) * srcScale * nextRatio;
    const previousKey = i > 0 ? targetKey[i - 1]! : -Infinity;
    const next = syllables[i + 1];
    const spoken = next ? Math.max(0, consonantStart(i + 1) - key[i]!) * srcScale : 0;
    // A rest is spliced in at a word's end, which is the key of a next word that opens on a vowel:
    // it belongs to the span it ends ("dollars | and" read 2.98x and -0.56x counted the other way).
    const rest = next ? insertions.filter((ins) => ins.at > key[i]! && ins.at <= key[i + 1]!) : [];
    const rendered = next
      ? targetKey[i + 1]! -
        (key[i + 1]! - consonantStart(i + 1)) * srcScale * consonantRatio(i + 1) -
        targetKey[i]! -
        rest.reduce((a, ins) => a + ins.length, 0)
      : 0;
    return {
      word: s.word,
      wordIndex: s.wordIndex,
      stress: s.stress,
      slot: plan.slots[i]!,
      gridTime: gridTime(plan.slots[i]!),
      onset: Math.max(targetKey[i]! - lead, previousKey + 0.01),
      vowelOnset,
      end: Math.min(
        i + 1 < syllables.length ? targetKey[i + 1]! : outEnd,
        Math.max(vowelOnset, targetKey[i]! + (s.end - key[i]!) * srcScale * nextRatio),
      ),
      stretch: next && spoken > 0.005 ? rendered / spoken : nextRatio,
    };
  });
  // Straight lines between the key frames (Sonic and Rubber Band both stretch evenly between them).
  const anchors = [{ from: 0, to: 0 }, ...keyFrames, { from: splicedLength, to: outputLength }];
  const sourceToLine = (t: Seconds): Seconds => {
    const from = mapTime(Math.max(srcStart, t)) * srcScale * readRate;
    let k = 0;
    while (k + 2 < anchors.length && anchors[k + 1]!.from <= from) k++;
    const a = anchors[k]!;
    const b = anchors[k + 1]!;
    const to = a.to + ((from - a.from) * (b.to - a.to)) / Math.max(1, b.from - a.from);
    return Math.max(0, Math.min(outputLength, to)) / readRate;
  };
  return {
    start: outStart,
    duration: outputLength / readRate,
    syllables: placed,
    sourceToLine,
    stretch: {
      srcStart,
      srcEnd,
      insertions,
      readRate,
      stretcherPitch,
      keyFrames,
      outputLength,
      phaseVocoder: shifted,
    },
  };
}

/**
 * Renders one line as placed (see placeLine): Sonic places the speech (Rubber Band only for a
 * voice that needs a phase vocoder, `phaseVocoder`), and any pitch change beyond the formant factor
 * is made on the placed line with formants preserved.
 */
export async function renderLine(
  o: LineRenderOptions,
  placement: LinePlacement = placeLine(o),
): Promise<RenderedLine> {
  const { srcStart, srcEnd, insertions, readRate, stretcherPitch, keyFrames, outputLength } =
    placement.stretch;
  const shifted = placement.stretch.phaseVocoder;
  const spliced = splice(o.source, o.sourceRate, srcStart, srcEnd, insertions);
  const stretched = shifted
    ? await stretch(spliced, {
        sampleRate: readRate,
        keyFrames,
        outputLength,
        pitchScale: stretcherPitch,
        engine: 'faster',
      })
    : await stretchSpeech(spliced, { sampleRate: readRate, keyFrames, outputLength });
  // The pitch a recipe asks for beyond its formant factor, with the voice's own formants: Sonic
  // places the speech at its own pitch, then Rubber Band R3 moves the placed line's pitch alone
  // (time ratio 1, so every syllable stays where it was placed), at the voice's own rate (a third
  // of the work at 44.1 kHz). Read a semitone faster instead, formants and all, Lil Nova's words
  // lost 0.45 voice-only; with R2 for the shift 0.34 against R3's 0.32; placed by Rubber Band R2
  // with the pitch change in the same call, more words are lost to that stretcher than to Sonic.
  const pitched =
    !shifted && stretcherPitch !== 1
      ? await stretch(stretched, {
          sampleRate: readRate,
          timeRatio: 1,
          pitchScale: stretcherPitch,
          formantFactor: 1,
          engine: 'finer',
        })
      : stretched;
  const samples = resample(pitched, readRate, o.outputRate);
  applyFades(samples, Math.round(0.004 * o.outputRate), Math.round(0.03 * o.outputRate));

  // After placement, on the consonants as they now sound: cleared before it, Sonic hears the
  // thinner consonants as other periods and the words suffer (mc-volt: 29 → 43 of 158 lost).
  const clearing = o.clearVoicelessLows !== false;
  const attacking = o.glottalOnsets === true;
  const shaping = o.syllableAttacks === true;
  const placedWords = (clearing || attacking || shaping ? o.words : undefined)?.map((w) => ({
    ...w,
    phones: w.phones.map((p) => ({
      ...p,
      start: placement.sourceToLine(p.start),
      end: placement.sourceToLine(p.end),
    })),
  }));
  const cleared =
    placedWords && clearing
      ? clearVoicelessLowBand(samples, { sampleRate: o.outputRate, words: placedWords })
      : samples;
  const attacked =
    placedWords && attacking
      ? applyGlottalOnsets(cleared, { sampleRate: o.outputRate, words: placedWords })
      : cleared;
  if (placedWords && shaping)
    shapeSyllableAttacks(attacked, {
      sampleRate: o.outputRate,
      words: placedWords,
      ...(o.pausedOnsetCut !== undefined ? { pausedOnsetCut: o.pausedOnsetCut } : {}),
      ...(o.codaSplit ? { split: o.codaSplit } : {}),
      holdOnsets: o.holdOnsetConsonants === true,
    });
  return {
    samples: attacked,
    sampleRate: o.outputRate,
    start: placement.start,
    syllables: placement.syllables,
    sourceToLine: placement.sourceToLine,
  };
}

/** Where splice cuts the source (samples) and how long its output is: placement needs the length. */
function spliceCuts(
  rate: Hz,
  start: Seconds,
  end: Seconds,
  insertions: readonly { at: Seconds; length: Seconds }[],
): { a: number; b: number; cuts: { at: number; length: number }[]; length: number } {
  const a = Math.round(start * rate);
  const b = Math.round(end * rate);
  const cuts = insertions
    .map((ins) => ({
      at: Math.min(b, Math.max(a, Math.round(ins.at * rate))),
      length: Math.round(ins.length * rate),
    }))
    .sort((x, y) => x.at - y.at);
  const extra = cuts.reduce((acc, c) => acc + c.length, 0);
  return { a, b, cuts, length: Math.max(1, b - a + extra) };
}

function splice(
  source: Float32Array,
  rate: Hz,
  start: Seconds,
  end: Seconds,
  insertions: { at: Seconds; length: Seconds }[],
): Float32Array {
  const { a, b, cuts, length } = spliceCuts(rate, start, end, insertions);
  const out = new Float32Array(length);
  const fade = Math.round(0.006 * rate);
  let read = a;
  let write = 0;
  const bounds = [...cuts, { at: b, length: 0 }];
  for (const [k, cut] of bounds.entries()) {
    const segment = source.subarray(read, cut.at);
    out.set(segment, write);
    // Short fades on both sides of an inserted rest: no clicks at the cut.
    if (k > 0) for (let j = 0; j < fade && j < segment.length; j++) out[write + j]! *= j / fade;
    if (k < bounds.length - 1)
      for (let j = 0; j < fade && j < segment.length; j++) out[write + segment.length - 1 - j]! *= j / fade;
    write += segment.length + cut.length;
    read = cut.at;
  }
  return out;
}
