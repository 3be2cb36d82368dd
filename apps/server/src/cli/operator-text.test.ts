import { describe, expect, it } from 'vitest';
import { operatorText } from './operator-text.ts';

describe('operator output', () => {
  it('shows escape sequences, C1 controls and bidi characters instead of obeying them', () => {
    const hostile = 'Ann\u001b[2J\u001b]0;owned\u0007\u009b31m\u202eexe.txt\u2066\u200b\r\nnext';
    const shown = operatorText(hostile);
    expect(shown).toBe(
      'Ann\\u{1b}[2J\\u{1b}]0;owned\\u{7}\\u{9b}31m\\u{202e}exe.txt\\u{2066}\\u{200b}\\u{d}\\u{a}next',
    );
    expect(shown).not.toMatch(/[\p{Cc}\u202a-\u202e\u2066-\u2069\u200b]/u);
  });

  it('leaves ordinary text, accents and emoji alone', () => {
    expect(operatorText('Zoë — “Bops” 🎤')).toBe('Zoë — “Bops” 🎤');
  });
});
