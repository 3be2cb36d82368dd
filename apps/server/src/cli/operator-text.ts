/** Control characters (C0, DEL, C1) and the characters that reorder or hide text (bidi, zero-width, separators). */
const UNSAFE = /[\p{Cc}\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2069\ufeff]/gu;

/**
 * Text that visitors wrote, as an operator's terminal prints it: escape sequences, bidi overrides and
 * hidden characters are shown as `\u{1b}` instead of being obeyed, so a notice cannot repaint the screen,
 * hide a line or make an id read backwards.
 */
export function operatorText(value: string): string {
  return value.replace(UNSAFE, (character) => `\\u{${character.codePointAt(0)!.toString(16)}}`);
}
