import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COVER,
  coverSrc,
  formatCount,
  formatDuration,
  songCaption,
  truncateCaption,
  truncateText,
} from './music-format.ts';

describe('formatCount', () => {
  it('shows small counts as they are', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(7)).toBe('7');
    expect(formatCount(999)).toBe('999');
  });

  it('uses k, M and G with one decimal at most', () => {
    expect(formatCount(1000)).toBe('1k');
    expect(formatCount(1234)).toBe('1.2k');
    expect(formatCount(12_345)).toBe('12.3k');
    expect(formatCount(2_500_000)).toBe('2.5M');
    expect(formatCount(3_000_000_000)).toBe('3G');
  });

  it('never rounds up into a four-digit mantissa', () => {
    expect(formatCount(999_999)).toBe('999.9k');
    expect(formatCount(999_999_999)).toBe('999.9M');
  });

  it('reads nonsense as zero', () => {
    expect(formatCount(-5)).toBe('0');
    expect(formatCount(Number.NaN)).toBe('0');
  });
});

describe('formatDuration', () => {
  it('is mm:ss', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(5.9)).toBe('00:05');
    expect(formatDuration(65)).toBe('01:05');
    expect(formatDuration(3725)).toBe('62:05');
  });

  it('reads unknown lengths as 00:00', () => {
    expect(formatDuration(Number.NaN)).toBe('00:00');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('00:00');
    expect(formatDuration(-1)).toBe('00:00');
  });
});

describe('truncation', () => {
  it('cuts at 100 characters by default, without an ellipsis', () => {
    const long = 'a'.repeat(120);
    expect(truncateText(long)).toBe('a'.repeat(100));
    expect(truncateText('a'.repeat(100))).toBe('a'.repeat(100));
    expect(truncateText('short', 3)).toBe('sho');
  });

  it('cuts lyric and caption text at 140 with "..."', () => {
    expect(truncateCaption('b'.repeat(141))).toBe(`${'b'.repeat(140)}...`);
    expect(truncateCaption('b'.repeat(140))).toBe('b'.repeat(140));
  });

  it('keeps emoji whole', () => {
    expect(truncateText('🎤🎤🎤', 2)).toBe('🎤🎤');
  });
});

describe('coverSrc', () => {
  it('uses our file routes and the default cover as they are', () => {
    expect(coverSrc('/api/music/m1/thumbnail')).toBe('/api/music/m1/thumbnail');
    expect(coverSrc(DEFAULT_COVER)).toBe(DEFAULT_COVER);
  });

  it('falls back to the default cover for missing or unknown paths', () => {
    expect(coverSrc('')).toBe(DEFAULT_COVER);
    expect(coverSrc(null)).toBe(DEFAULT_COVER);
    expect(coverSrc('covers/raw-key.png')).toBe(DEFAULT_COVER);
  });
});

describe('songCaption', () => {
  it('shows the prompt, but not one that only repeats the title', () => {
    expect(songCaption({ musicName: 'Night Shift', prompt: 'coding late' })).toBe('coding late');
    expect(songCaption({ musicName: 'Night Shift', prompt: ' night shift ' })).toBeNull();
    expect(songCaption({ musicName: 'Night Shift', prompt: '' })).toBeNull();
    expect(songCaption({ musicName: 'Night Shift' })).toBeNull();
  });
});
