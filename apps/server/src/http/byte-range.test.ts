import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range.ts';

describe('parseByteRange', () => {
  const size = 1000;
  it.each([
    ['bytes=0-0', { start: 0, end: 0 }],
    ['bytes=2-5', { start: 2, end: 5 }],
    ['bytes=-500', { start: 500, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=500-', { start: 500, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes = 1 - 2', { start: 1, end: 2 }],
  ])('%s gives a clamped range', (header, expected) => {
    expect(parseByteRange(header, size)).toEqual(expected);
  });

  it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])('%s is unsatisfiable', (header) => {
    expect(parseByteRange(header, size)).toBe('unsatisfiable');
  });

  it.each([undefined, '', 'bytes=abc', 'items=0-5', 'bytes=5-2', 'bytes=-', 'bytes=0-1,4-5'])(
    '%s is ignored (whole object)',
    (header) => {
      expect(parseByteRange(header, size)).toBeNull();
    },
  );

  it('treats any range of an empty object as unsatisfiable', () => {
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-1', 0)).toBe('unsatisfiable');
  });
});
