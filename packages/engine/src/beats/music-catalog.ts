import type { BeatsPerMinute, Seconds } from '../units.ts';
import type { MoodId } from './mood-presets.ts';
import { MOOD_PRESETS } from './mood-presets.ts';
import { keyLabel, type MusicalKey, type NoteName } from './music-theory.ts';
import { grooveTempo } from './beat-engine.ts';
import { hashString } from './seeded-random.ts';

export interface MusicSelectionDefinition {
  id: string;
  title: string;
  mood: MoodId;
  bpm: BeatsPerMinute;
  key: MusicalKey;
  /** Bars in the stand-alone render (intro, verse/hook alternation, outro). */
  bars: number;
  seed: number;
}

/** The public shape the server lists. */
export interface MusicSelection {
  id: string;
  fileName: string;
  title: string;
  artist: string;
  mood: string;
  moodId: MoodId;
  bpm: BeatsPerMinute;
  lengthSeconds: Seconds;
  key: string;
}

const k = (tonic: NoteName, mode: 'major' | 'minor'): MusicalKey => ({ tonic, mode });
const def = (
  id: string,
  title: string,
  mood: MoodId,
  bpm: number,
  key: MusicalKey,
  bars = 24,
): MusicSelectionDefinition => ({ id, title, mood, bpm, key, bars, seed: hashString(id) });

export const MUSIC_SELECTIONS: readonly MusicSelectionDefinition[] = [
  def('midnight-drive', 'Midnight Drive', 'chill', 82, k('F', 'major')),
  def('sunday-haze', 'Sunday Haze', 'chill', 74, k('D', 'major')),
  def('shadow-work', 'Shadow Work', 'dark', 140, k('C#', 'minor')),
  def('cold-blooded', 'Cold Blooded', 'dark', 150, k('F', 'minor'), 32),
  def('full-throttle', 'Full Throttle', 'hype', 156, k('G', 'minor'), 32),
  def('stadium-lights', 'Stadium Lights', 'hype', 144, k('E', 'minor'), 32),
  def('paper-rain', 'Paper Rain', 'sad', 76, k('A', 'minor')),
  def('letters-home', 'Letters Home', 'sad', 84, k('E', 'minor')),
  def('golden-hour', 'Golden Hour', 'happy', 104, k('G', 'major')),
  def('block-party', 'Block Party', 'happy', 112, k('C', 'major'), 32),
  def('dusty-crates', 'Dusty Crates', 'boom-bap', 90, k('D', 'minor')),
  def('concrete-poet', 'Concrete Poet', 'boom-bap', 94, k('G', 'minor')),
  def('late-night-cipher', 'Late Night Cipher', 'boom-bap', 86, k('A', 'minor')),
];

export const BEATS_ARTIST = 'Bops Beats';

export function findMusicSelection(id: string): MusicSelectionDefinition | undefined {
  return MUSIC_SELECTIONS.find((m) => m.id === id);
}

export const selectionLengthSeconds = (m: MusicSelectionDefinition): Seconds =>
  Math.round(((m.bars * 4 * 60) / grooveTempo(m.mood, m.bpm) + 2) * 10) / 10;

export function listMusicSelections(): MusicSelection[] {
  return MUSIC_SELECTIONS.map((m) => ({
    id: m.id,
    fileName: `${m.id}.mp3`,
    title: m.title,
    artist: BEATS_ARTIST,
    mood: MOOD_PRESETS[m.mood].label,
    moodId: m.mood,
    bpm: m.bpm,
    lengthSeconds: selectionLengthSeconds(m),
    key: keyLabel(m.key),
  }));
}
