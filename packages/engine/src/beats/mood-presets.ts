import type { Mode } from './music-theory.ts';
import type { KitFlavor } from './drum-kit.ts';

export type MoodId = 'chill' | 'dark' | 'hype' | 'sad' | 'happy' | 'boom-bap';

/** Everything that makes a mood sound like itself; patterns are 16 steps per bar ('x' hit, 'o' ghost). */
export interface MoodPreset {
  id: MoodId;
  label: string;
  mode: Mode;
  kit: KitFlavor;
  /** Scale degrees, one chord per bar. */
  progression: number[];
  kicks: string[];
  snare: string;
  hats: 'eighths' | 'sixteenths' | 'trap' | 'shuffle';
  /** Delay of every off 16th as a share of a 16th. */
  swing: number;
  chords: 'pad' | 'keys';
  chordBrightness: number;
  bass: '808' | 'plucked';
  melody: 'bell' | 'pluck' | 'lead' | 'keys';
  /** Trap and drill move at half time: the listed BPM is double the groove. */
  halfTime: boolean;
}

export const MOOD_PRESETS: Record<MoodId, MoodPreset> = {
  chill: {
    id: 'chill',
    label: 'Chill',
    mode: 'major',
    kit: 'lofi',
    progression: [3, 2, 1, 4],
    kicks: ['x.....x...x.....', 'x.....x..x......'],
    snare: '....x.......x...',
    hats: 'eighths',
    swing: 0.22,
    chords: 'keys',
    chordBrightness: 1400,
    bass: 'plucked',
    melody: 'keys',
    halfTime: false,
  },
  dark: {
    id: 'dark',
    label: 'Dark',
    mode: 'minor',
    kit: 'trap',
    progression: [0, 5, 3, 4],
    kicks: ['x......x..x.....', 'x.x.......x..x..'],
    snare: '....x.......x...',
    hats: 'trap',
    swing: 0,
    chords: 'pad',
    chordBrightness: 1200,
    bass: '808',
    melody: 'bell',
    halfTime: true,
  },
  hype: {
    id: 'hype',
    label: 'Hype',
    mode: 'minor',
    kit: 'trap',
    progression: [0, 0, 5, 6],
    kicks: ['x.x....x..x...x.', 'x......xx.x....x'],
    snare: '....x.......x...',
    hats: 'trap',
    swing: 0,
    chords: 'pad',
    chordBrightness: 2600,
    bass: '808',
    melody: 'lead',
    halfTime: true,
  },
  sad: {
    id: 'sad',
    label: 'Sad',
    mode: 'minor',
    kit: 'lofi',
    progression: [0, 5, 2, 6],
    kicks: ['x.......x.x.....', 'x.........x.....'],
    snare: '....x.......x...',
    hats: 'eighths',
    swing: 0.12,
    chords: 'keys',
    chordBrightness: 1600,
    bass: '808',
    melody: 'pluck',
    halfTime: false,
  },
  happy: {
    id: 'happy',
    label: 'Happy',
    mode: 'major',
    kit: 'pop',
    progression: [0, 4, 5, 3],
    kicks: ['x.....x.x.......', 'x.....x.x...x...'],
    snare: '....x.......x...',
    hats: 'sixteenths',
    swing: 0.08,
    chords: 'pad',
    chordBrightness: 3000,
    bass: 'plucked',
    melody: 'lead',
    halfTime: false,
  },
  'boom-bap': {
    id: 'boom-bap',
    label: 'Boom Bap',
    mode: 'minor',
    kit: 'boom-bap',
    progression: [0, 3, 5, 4],
    kicks: ['x.........x.....', 'x.x.......x..x..'],
    snare: '....x.......x...',
    hats: 'shuffle',
    swing: 0.3,
    chords: 'keys',
    chordBrightness: 1500,
    bass: 'plucked',
    melody: 'pluck',
    halfTime: false,
  },
};

export const listMoods = (): { id: MoodId; label: string }[] =>
  Object.values(MOOD_PRESETS).map(({ id, label }) => ({ id, label }));
