import { FLOW_STYLE_IDS, type FlowStyleId } from '@bops/shared';
import type { Seconds } from '../units.ts';

/** How an artist rides the beat. */
export interface FlowStyle {
  id: FlowStyleId;
  /**
   * Grid slots per beat of the groove: 4 = 16ths, 3 = 8th-note triplets, 6 = 16th-note triplets
   * (a triplet flow on a half-time groove, see onGroove), 8 = 32nds (double time).
   */
  slotsPerBeat: 3 | 4 | 6 | 8;
  /** Rapper sits behind (+) or ahead of (-) the beat. */
  pocket: Seconds;
  /** Weight of keeping each syllable near its spoken length; high = conversational, low = rhythmic. */
  durationWeight: number;
  /**
   * Fill a bar up to this share of its slots before spilling a line onto two bars. On 16ths a rapper
   * fills every slot of a bar: with lines of 14–16 syllables spilled onto two bars at 0.7–0.85, the
   * voice said them 1.3–1.6× slower and the rests between words grew. Filling whole bars, an onset
   * tracker found 0.84–0.88 of Kid Kilo's, Deacon Grey's and Saint Echo's onsets within 30 ms of the
   * grid (0.72–0.79 before), and the recogniser lost fewer of their words (voice only 0.39 → 0.25,
   * 0.32 → 0.30, 0.23 → 0.21). Double time keeps 0.6: 27 syllables in one bar of 32nds lost a dozen
   * words more; straight 16ths keep 0.85 (see there).
   */
  maxFill: number;
  /** Longest stretch of a syllable's own sound before the rest becomes silence. */
  maxStretch: number;
  /**
   * Slowest speaking rate a line may be asked for (a multiple of the reading's length, see
   * SPEAKING_RATES); unset, any.
   */
  slowestRate?: number;
  /**
   * Each vowel's last stretch kept at its spoken length (see LineRenderOptions.vowelTail); unset,
   * none. Rappers stretch the whole vowel: with 30 ms kept, Saint Echo's dry lead lost 41 words of
   * 158 against 26.5, and four rappers' voice-only masters 176.5 against 173.5.
   */
  vowelTail?: Seconds;
}

export const FLOW_STYLES: Record<FlowStyleId, FlowStyle> = {
  straight: {
    id: 'straight',
    slotsPerBeat: 4,
    pocket: 0,
    durationWeight: 0.8,
    // Filling whole bars too, MC Volt's onsets read 0.77 → 0.85 but his words 0.20 → 0.25 voice
    // only (his 90 BPM bar holds 15 syllables in 2.7 s, faster than rms reads them), and an AI
    // singer rapping this flow lost a third more words (festival ked 0.25 → 0.33).
    maxFill: 0.85,
    maxStretch: 1.5,
  },
  'laid-back': {
    id: 'laid-back',
    slotsPerBeat: 4,
    // Laid back by its phrasing (held vowels, spans kept near their spoken length), only a hair
    // behind the beat: at 20 ms behind, an onset tracker put Saint Echo's and Deacon Grey's vowels a
    // median 23-24 ms late and only 0.66-0.68 of them within the ±30 ms a listener hears as on the
    // beat (0.70-0.79 at 5 ms).
    pocket: 0.005,
    durationWeight: 1.1,
    maxFill: 1,
    maxStretch: 1.7,
  },
  'double-time': {
    id: 'double-time',
    slotsPerBeat: 8,
    pocket: 0,
    durationWeight: 0.6,
    maxFill: 0.6,
    maxStretch: 1.3,
  },
  triplet: { id: 'triplet', slotsPerBeat: 3, pocket: 0, durationWeight: 0.7, maxFill: 0.9, maxStretch: 1.5 },
  choppy: {
    id: 'choppy',
    slotsPerBeat: 4,
    // Punchy by its short, clipped syllables, on the beat: 5 ms ahead, an onset tracker put a quarter
    // of Kid Kilo's onsets 25 ms or more early (his voiced consonants), 0.70 of them within ±30 ms
    // of the grid (0.74 on it).
    pocket: 0,
    durationWeight: 0.4,
    maxFill: 1,
    maxStretch: 1.3,
  },
  melodic: {
    id: 'melodic',
    slotsPerBeat: 4,
    pocket: 0.01,
    durationWeight: 1.0,
    maxFill: 0.6,
    maxStretch: 2.2,
    // A singer holds the vowel, not the consonants. Read up to 1.6x slower to fill the melody's
    // long notes, the TTS lengthened every "w", "r" and "n" with it (Marcus Vale's "one": a 151 ms
    // "w"), and an onset tracker fired on them 50-150 ms ahead of the note. Read at the voice's own
    // rate, each vowel's last 30 ms kept as said (see vowelTail), four singers on two lyric sets
    // lost 466.5 words of 1264 in their voice-only masters against 512.5 (each render decoded
    // twice; in the mix 700 against 661.5, one lyric set 37.5 more, the other as many), and
    // 0.79-0.87 of their onsets fell within 30 ms of the grid against 0.76-0.85; in key
    // 0.949-0.968 of their voiced frames against 0.955-0.974 (at their own rate with whole
    // vowels stretched, 0.944-0.960; the vowels' first 30 ms kept too, 0.950-0.970 in key and
    // onsets 0.80-0.88, but 521 words lost).
    slowestRate: 1,
    vowelTail: 0.03,
  },
};

/**
 * The style as ridden on a groove. A trap or drill beat is written at double its groove (140 BPM
 * that moves at 70), and a triplet flow rides the written tempo: 8th-note triplets at 140 are
 * 16th-note triplets of the groove. On the groove's own 8th triplets (4.2 syllables a second at
 * 70) every syllable had to be stretched (Lil Nova's vowels: median 1.53× their spoken length,
 * 93 of 196 over 1.6×) and the recogniser lost 0.75 of her words.
 */
export function onGroove(style: FlowStyle, halfTime: boolean): FlowStyle {
  return halfTime && style.slotsPerBeat === 3 ? { ...style, slotsPerBeat: 6 } : style;
}

/** Every flow an artist or a person can pick (the list is part of the API contract). */
export { FLOW_STYLE_IDS };
