import { z } from 'zod';

/**
 * Characters that reorder text or are controls: C0/C1 controls, the Arabic letter mark, LRM/RLM, the bidi
 * embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069). A title keeping U+202E would show,
 * and name a downloaded file, backwards from a point on.
 */
const REORDERING_OR_CONTROL = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/** Something a person can see: not a space, not a default-ignorable character (zero-width ones, fillers). */
const VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}]/u;

/** A name or title as kept: without controls and bidi characters, trimmed. Joiners inside emoji stay. */
export function cleanDisplayText(value: string): string {
  return value.replace(REORDERING_OR_CONTROL, '').trim();
}

/** True when the text shows at least one character (a title of zero-width spaces shows nothing). */
export function hasVisibleText(value: string): boolean {
  return VISIBLE.test(value);
}

const required = 'This field is required';

/**
 * A required name or title of at most `max` characters, with something visible in it once cleaned. The cap
 * is on what was sent (so the API description states it), the rest on the cleaned text.
 */
export function displayText(max: number) {
  return z
    .string({ message: required })
    .max(max, `Please use at most ${max} characters`)
    .transform(cleanDisplayText)
    .pipe(z.string().min(1, required).refine(hasVisibleText, 'Please use letters or digits someone can see'));
}

/** An optional name (empty allowed) of at most `max` characters; an invisible one counts as empty. */
export function optionalDisplayText(max: number) {
  return z
    .string()
    .max(max, `Please use at most ${max} characters`)
    .transform(cleanDisplayText)
    .transform((value) => (hasVisibleText(value) ? value : ''));
}
