import { FLOW_STYLE_IDS } from '@bops/shared';
import { CREATE_MUSIC_LIMITS, type CreateMusicRequest } from '@bops/shared/api/creation';
import type { RapDraft } from '../store/rap-draft.ts';

/** "No music" as the create call spells it (docs/PRODUCT.md#entities: "na" counts as empty). */
export const NO_MUSIC = 'na';

/** Field limits the server accepts, so the form says it before the server does. */
export const rapLimits = CREATE_MUSIC_LIMITS;

/** The form steps in order; the step after the last one is the progress and result view. */
export const rapSteps = [
  { step: 1, fields: ['musicName', 'prompt', 'creatorNickname'] },
  { step: 2, fields: ['artistId', 'style'] },
  { step: 3, fields: ['lyrics'] },
  { step: 4, fields: ['mixMusicId'] },
  { step: 5, fields: ['contactEmail'] },
] as const satisfies readonly { step: number; fields: readonly (keyof RapDraft)[] }[];

export const lastFormStep = rapSteps.length;
export const progressStep = lastFormStep + 1;

/** The flow styles the engine knows; the artist's own style is picked first. */
export const rapStyles = FLOW_STYLE_IDS;

/** A translation key, or the server's own words in `text`. */
export type RapFieldError = { key: string; max?: number; text?: string };
export type RapFormErrors = Partial<Record<keyof RapDraft, RapFieldError>>;

// Deliberately loose: one @, something on both sides, a dot in the domain. The server checks again.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateField(field: keyof RapDraft, draft: RapDraft): RapFieldError | undefined {
  const value = draft[field].trim();
  switch (field) {
    case 'musicName':
    case 'creatorNickname':
    case 'artistId':
    case 'mixMusicId':
    case 'lyrics':
      if (value === '') return { key: 'validation.required' };
      break;
    case 'contactEmail':
      if (value !== '' && !emailPattern.test(value)) return { key: 'validation.emailInvalid' };
      break;
    default:
      break;
  }
  const max = (rapLimits as Partial<Record<keyof RapDraft, number>>)[field];
  if (max !== undefined && value.length > max) return { key: 'validation.tooLong', max };
  return undefined;
}

export function validateStep(step: number, draft: RapDraft): RapFormErrors {
  const errors: RapFormErrors = {};
  const definition = rapSteps.find((candidate) => candidate.step === step);
  for (const field of definition?.fields ?? []) {
    const error = validateField(field, draft);
    if (error) errors[field] = error;
  }
  return errors;
}

/**
 * The step a visitor of `step` must be on: a step whose earlier steps are incomplete (a deep link, a reload that
 * lost the draft) sends them to the first incomplete one.
 */
export function allowedStep(step: number, draft: RapDraft): number {
  const target = Math.min(Math.max(1, step), lastFormStep);
  for (const { step: earlier } of rapSteps) {
    if (earlier >= target) break;
    if (Object.keys(validateStep(earlier, draft)).length > 0) return earlier;
  }
  return target;
}

/** docs/PRODUCT.md#entities music creation request: musicContext carries the lyrics; vocal_artist_id always goes empty. */
export function toCreateMusicRequest(draft: RapDraft): CreateMusicRequest {
  return {
    creatorNickname: draft.creatorNickname.trim(),
    musicName: draft.musicName.trim(),
    musicContext: draft.lyrics.trim() || draft.prompt.trim(),
    prompt: draft.prompt.trim(),
    style: draft.style,
    contactEmail: draft.contactEmail.trim(),
    artist_id: draft.artistId,
    voice_clone_id: draft.voiceCloneId,
    vocal_artist_id: '',
    mixmusic_id: draft.mixMusicId === '' ? NO_MUSIC : draft.mixMusicId,
    version: '1.0',
  };
}

/** docs/PRODUCT.md#validation: strings over the limit are cut (100 by default) and marked with "...". */
export function truncate(text: string, max = 100): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

/** docs/PRODUCT.md#validation and #constants: lyric and caption text is cut at 140 characters. */
export const LYRIC_CAPTION_CHARS = 140;

export function truncateLyric(text: string): string {
  return truncate(text, LYRIC_CAPTION_CHARS);
}

/** Server field names of the create call → the draft field they came from. */
const serverFields: Record<string, keyof RapDraft> = {
  creatorNickname: 'creatorNickname',
  musicName: 'musicName',
  musicContext: 'lyrics',
  prompt: 'prompt',
  style: 'style',
  contactEmail: 'contactEmail',
  artist_id: 'artistId',
  mixmusic_id: 'mixMusicId',
};

export type CreateFailure =
  { kind: 'dailyLimit' } | { kind: 'generic' } | { kind: 'field'; field: keyof RapDraft; message: string };

/** docs/PRODUCT.md#errors: 429 is the daily limit; a 400 names the field ("field: message"); anything else is generic. */
export function describeCreateFailure(error: unknown): CreateFailure {
  const { status, detail } = (error ?? {}) as { status?: unknown; detail?: unknown };
  if (status === 429) return { kind: 'dailyLimit' };
  if (status === 400 && typeof detail === 'string') {
    const match = /^([A-Za-z_]+):\s*(.+)$/s.exec(detail);
    const field = match ? serverFields[match[1]!] : undefined;
    if (match && field) return { kind: 'field', field, message: match[2]!.trim() };
  }
  return { kind: 'generic' };
}

/** The first form step holding `field`. */
export function stepOfField(field: keyof RapDraft): number {
  return rapSteps.find(({ fields }) => (fields as readonly string[]).includes(field))?.step ?? 1;
}
