import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

/** The password rule of local accounts, the same on the create-account form and on the server. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/**
 * zxcvbn's scale runs 0–4; 3 means an estimated 10^8 guesses or more, which holds against an online
 * attack even without our rate limits. Common passwords, keyboard rows, dates, repeats and the person's
 * own name or address score 0–2.
 */
export const PASSWORD_MIN_SCORE = 3;
/** Only the first characters are scored: the estimator's cost grows with the length, and longer is strong anyway. */
const SCORED_CHARACTERS = 64;

export type PasswordProblem = 'tooShort' | 'tooLong' | 'tooWeak';

export interface PasswordVerdict {
  problem: PasswordProblem | null;
  /** Why it is weak and what would help, in English (the server's message; the form shows its own words). */
  advice: string;
}

let estimator: ZxcvbnFactory | null = null;

function strengthOf(password: string, context: string[]) {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return estimator.check(password.slice(0, SCORED_CHARACTERS), context);
}

/**
 * Checks a new password. `context` is what the person typed about themselves (name, e-mail address):
 * a password built from it is weak whatever its length.
 */
export function checkPassword(password: string, context: string[] = []): PasswordVerdict {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return { problem: 'tooShort', advice: `Use at least ${PASSWORD_MIN_LENGTH} characters.` };
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return { problem: 'tooLong', advice: `Use at most ${PASSWORD_MAX_LENGTH} characters.` };
  }
  const inputs = context
    .map((text) => text.toLowerCase())
    .flatMap((text) => [text, ...text.split(/[@\s._-]+/)])
    .filter((part) => part.length >= 3);
  const result = strengthOf(password, [...inputs, 'bops']);
  if (result.score >= PASSWORD_MIN_SCORE) return { problem: null, advice: '' };
  const advice = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(' ');
  return { problem: 'tooWeak', advice: advice || 'Add a few more uncommon words.' };
}
