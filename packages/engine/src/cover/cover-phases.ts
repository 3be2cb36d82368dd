import { COVER_PHASE_IDS, type CoverPhaseId } from '@bops/shared';

/** The phases of a song cover, in order (the remix progress track); progress is reported per phase. The contract holds the list. */
export const COVER_PHASES = COVER_PHASE_IDS;
export type CoverPhase = CoverPhaseId;

/** How long each phase is shown to take on the remix progress track (the countdown's estimate). */
export { COVER_PHASE_DURATIONS_MS } from '@bops/shared';

/** Longest song a cover takes (the upload and link-import limits use the same figure). */
export const COVER_MAX_SECONDS = 600;
/** Largest key shift a person may choose, either way. */
export const COVER_MAX_SHIFT = 12;
/** Largest change of the new vocal's level a person may choose, either way. */
export const COVER_MAX_VOCAL_LEVEL_DB = 12;
