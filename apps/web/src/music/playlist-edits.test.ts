import { describe, expect, it } from 'vitest';
import { planMove, withMusic, withoutMusic } from './playlist-edits.ts';

describe('playlist edits', () => {
  it('adds a song once, at the end', () => {
    expect(withMusic(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
    expect(withMusic(['a', 'b'], 'a')).toEqual(['a', 'b']);
  });

  it('removes a song', () => {
    expect(withoutMusic(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
    expect(withoutMusic(['a'], 'z')).toEqual(['a']);
  });

  it('moves a song to a known target', () => {
    expect(planMove('b', { id: 'p1', musicIds: ['a', 'b'] }, { id: 'p2', musicIds: ['x'] })).toEqual({
      target: { id: 'p2', musicIds: ['x', 'b'] },
      source: { id: 'p1', musicIds: ['a'] },
    });
  });

  it('refuses a move without a song or a known target', () => {
    const source = { id: 'p1', musicIds: ['a'] };
    expect(planMove('', source, { id: 'p2', musicIds: [] })).toBeNull();
    expect(planMove('a', source, null)).toBeNull();
    expect(planMove('a', source, undefined)).toBeNull();
    expect(planMove('a', source, { id: 'p1', musicIds: ['a'] })).toBeNull();
  });
});
