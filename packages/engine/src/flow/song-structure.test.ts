import { describe, expect, it } from 'vitest';
import { parseLyrics } from './song-structure.ts';
import { RenderInputError } from '../errors.ts';

describe('song structure', () => {
  it('reads tagged sections and repeats a lone hook after every verse', () => {
    const sections = parseLyrics('[Verse 1]\na b\nc d\n\n[Hook]\nhook line\n\n[Verse 2]\ne f\n');
    expect(sections.map((s) => s.kind)).toEqual(['verse', 'hook', 'verse', 'hook']);
    expect(sections[3]!.lines).toEqual(['hook line']);
  });
  it('treats a repeated untagged stanza as the hook', () => {
    const sections = parseLyrics('one two\nthree\n\nla la la\n\nfour five\n\nla la la');
    expect(sections.map((s) => s.kind)).toEqual(['verse', 'hook', 'verse', 'hook']);
  });
  it('keeps plain lyrics as one verse', () => {
    expect(parseLyrics('line one\nline two')).toEqual([{ kind: 'verse', lines: ['line one', 'line two'] }]);
  });
  it('rejects empty and oversized lyrics with a readable message', () => {
    expect(() => parseLyrics('  \n\n')).toThrow(RenderInputError);
    expect(() => parseLyrics('word\n'.repeat(70))).toThrow(/64 lines/);
  });
});
