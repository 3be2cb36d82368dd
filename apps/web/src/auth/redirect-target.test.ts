import { describe, expect, it } from 'vitest';
import { resolveSignInTarget, sanitizeRedirectTarget } from './redirect-target.ts';

describe('sanitizeRedirectTarget', () => {
  it('keeps same-origin paths with their query and hash', () => {
    expect(sanitizeRedirectTarget('/manage')).toBe('/manage');
    expect(sanitizeRedirectTarget('/listen/abc?t=3#lyrics')).toBe('/listen/abc?t=3#lyrics');
    expect(sanitizeRedirectTarget('/playlist/a%20b')).toBe('/playlist/a%20b');
  });

  it.each([
    ['protocol-relative', '//evil.example/path'],
    ['backslash host', '/\\evil.example'],
    ['backslash later', '/foo\\bar'],
    ['absolute http', 'https://evil.example/'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['relative path', 'manage'],
    ['empty', ''],
    ['tab trick', '/\t/evil.example'],
    ['newline', '/a\nb'],
    ['sign-in loop', '/sign-in?next=/manage'],
    ['sign-in popup', '/sign-in/popup'],
  ])('refuses %s', (_name, value) => {
    expect(sanitizeRedirectTarget(value)).toBeNull();
  });

  it('refuses non-strings', () => {
    expect(sanitizeRedirectTarget(undefined)).toBeNull();
    expect(sanitizeRedirectTarget(42)).toBeNull();
    expect(sanitizeRedirectTarget({ pathname: '/manage' })).toBeNull();
  });

  it('refuses a path that normalises to another host ("/.//host")', () => {
    expect(sanitizeRedirectTarget('/.//evil.example')).toBeNull();
    expect(sanitizeRedirectTarget('/a/..//evil.example/x')).toBeNull();
    expect(resolveSignInTarget(null, '/.//evil.example', '/my-bops')).toBe('/my-bops');
  });

  it('normalises dot segments so they cannot climb out', () => {
    expect(sanitizeRedirectTarget('/a/../manage')).toBe('/manage');
    expect(sanitizeRedirectTarget('/../../etc')).toBe('/etc');
  });
});

describe('resolveSignInTarget', () => {
  it('prefers the location the guard passed', () => {
    const state = { from: { pathname: '/playlist/p1', search: '?x=1', hash: '' } };
    expect(resolveSignInTarget(state, '/manage', '/my-bops')).toBe('/playlist/p1?x=1');
  });

  it('falls back to next, then to the default', () => {
    expect(resolveSignInTarget(null, '/manage', '/my-bops')).toBe('/manage');
    expect(resolveSignInTarget(null, '//evil.example', '/my-bops')).toBe('/my-bops');
    expect(resolveSignInTarget({ from: { pathname: '//evil.example' } }, null, '/my-bops')).toBe('/my-bops');
    expect(resolveSignInTarget(undefined, null, '/my-bops')).toBe('/my-bops');
  });
});
