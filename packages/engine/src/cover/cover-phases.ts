import type { Milliseconds } from '../units.ts';

/** The phases of a song cover, in order (the remix progress track); progress is reported per phase. */
export const COVER_PHASES = [
  'fetching-song',
  'separating-vocals',
  'tracking-melody',
  'converting-voice',
  'shaping-vocal',
  'mixing',
  'mastering',
  'encoding',
] as const;
export type CoverPhase = (typeof COVER_PHASES)[number];

/** How long each phase is shown to take on the remix progress track (the countdown's estimate). */
export const COVER_PHASE_DURATIONS_MS: Readonly<Record<CoverPhase, Milliseconds>> = {
  'fetching-song': 15000,
  'separating-vocals': 12000,
  'tracking-melody': 18000,
  'converting-voice': 24000,
  'shaping-vocal': 18000,
  mixing: 18000,
  mastering: 15000,
  encoding: 12000,
};

/** Longest song a cover takes (the upload and link-import limits use the same figure). */
export const COVER_MAX_SECONDS = 600;
/** Largest key shift a person may choose, either way. */
export const COVER_MAX_SHIFT = 12;
/** Largest change of the new vocal's level a person may choose, either way. */
export const COVER_MAX_VOCAL_LEVEL_DB = 12;
