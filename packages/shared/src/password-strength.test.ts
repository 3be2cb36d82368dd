import { describe, expect, it } from 'vitest';
import { checkPassword, PASSWORD_MAX_LENGTH } from './password-strength.ts';

describe('the password rule', () => {
  it.each(['password', '12345678', 'qwertyuiop', 'iloveyou123', 'Password1!', 'aaaaaaaaaaaa', '1q2w3e4r5t'])(
    'refuses the common or patterned %s with advice',
    (password) => {
      const verdict = checkPassword(password);
      expect(verdict.problem).toBe('tooWeak');
      expect(verdict.advice.length).toBeGreaterThan(10);
    },
  );

  it('counts the name and address typed against the password', () => {
    const context = ['Zorblat Quixmoor', 'zorblat@example.test'];
    for (const password of ['zorblatquixmoor', 'zorblat@example.test']) {
      expect(checkPassword(password, []).problem, password).toBeNull();
      expect(checkPassword(password, context).problem, password).toBe('tooWeak');
    }
  });

  it('checks the length first and accepts a few unrelated words', () => {
    expect(checkPassword('x9$kQ').problem).toBe('tooShort');
    expect(checkPassword('a'.repeat(PASSWORD_MAX_LENGTH + 1)).problem).toBe('tooLong');
    expect(checkPassword('velvet trombone orbit')).toEqual({ problem: null, advice: '' });
    // A long password is scored on its start only, so the check stays fast.
    const started = Date.now();
    expect(checkPassword(`velvet trombone orbit ${'z'.repeat(100)}`).problem).toBeNull();
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
