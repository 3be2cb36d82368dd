import { RAP_PHASE_IDS, type RapPhaseId } from '@bops/shared/api/creation';

/** The phases of a rap render, in order; progress is reported per phase. The contract holds the list. */
export const RAP_PHASES = RAP_PHASE_IDS;
export type RapPhase = RapPhaseId;
