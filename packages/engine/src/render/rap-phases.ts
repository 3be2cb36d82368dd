/** The phases of a rap render, in order; progress is reported per phase. */
export const RAP_PHASES = [
  'preparing-lyrics',
  'synthesizing-voice',
  'placing-on-beat',
  'rendering-beat',
  'mixing',
  'mastering',
  'encoding',
] as const;
export type RapPhase = (typeof RAP_PHASES)[number];
