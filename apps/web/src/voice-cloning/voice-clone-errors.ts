import type { ApiError } from '../api/envelope-base-query.ts';

/** An error as the page shows it: a message, and a title only for the generic case. */
export interface ShownError {
  titleKey?: string;
  /** The server's own words, when it wrote them for people. */
  text?: string;
  /** Otherwise one of ours. */
  textKey?: string;
}

/** Refusals whose message the server writes for the person (a silent recording, a missing field...). */
const personalStatuses = new Set([400, 404, 409, 422, 429]);

/**
 * Validation messages may lead with the field they are about ("audio: Please record..."); the person sees
 * the field on the form already, so only the sentence is shown.
 */
export function withoutFieldPrefix(message: string): string {
  return message.replace(/^[a-z_][a-z0-9_.]*: /, '');
}

export function voiceCloneError(error: unknown): ShownError {
  const failure = error as Partial<ApiError> | undefined;
  if (failure?.status === 413) return { textKey: 'voiceCloning.errors.tooLarge' };
  if (typeof failure?.status === 'number' && personalStatuses.has(failure.status) && failure.detail)
    return { text: withoutFieldPrefix(failure.detail) };
  return { titleKey: 'voiceCloning.errors.genericTitle', textKey: 'voiceCloning.errors.genericText' };
}
