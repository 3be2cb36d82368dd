/** The rap flow styles a song may ask for (docs/PRODUCT.md#entities); the engine defines how each one moves. */
export const FLOW_STYLE_IDS = [
  'straight',
  'laid-back',
  'double-time',
  'triplet',
  'choppy',
  'melodic',
] as const;
export type FlowStyleId = (typeof FLOW_STYLE_IDS)[number];

/** A style field: empty or "na" means none chosen. */
export function isFlowStyleId(value: string): value is FlowStyleId {
  return (FLOW_STYLE_IDS as readonly string[]).includes(value);
}
