import { describe, expect, it } from 'vitest';
import { createSongCoverBody } from './song-cover.ts';
import { createMusicBody } from './creation.ts';
import { cleanDisplayText, displayText, hasVisibleText } from './display-text.ts';
import { nickname } from './voice-clone.ts';

describe('names and titles', () => {
  it('drops controls and bidi characters, keeping joiners inside emoji', () => {
    expect(cleanDisplayText(' My \u202eexe.3pm\u202c \u2066x\u2069\u200f\u0007 ')).toBe('My exe.3pm x');
    expect(cleanDisplayText('\u{1F468}\u200d\u{1F469}')).toBe('\u{1F468}\u200d\u{1F469}');
  });

  it('finds nothing visible in zero-width characters, fillers or spaces', () => {
    for (const invisible of ['', ' ', '\u200b\u200c\u200d', '\u2060\ufeff', '\u3164\u115f', '\u00ad']) {
      expect(hasVisibleText(invisible), JSON.stringify(invisible)).toBe(false);
    }
    expect(hasVisibleText('\u200bA')).toBe(true);
  });

  it('refuses invisible titles with a message and caps the cleaned length', () => {
    const title = displayText(10);
    expect(title.safeParse('\u200b\u200b').error?.issues[0]?.message).toBe(
      'Please use letters or digits someone can see',
    );
    expect(title.safeParse('\u202e').error?.issues[0]?.message).toBe('This field is required');
    expect(title.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe(
      'Please use at most 10 characters',
    );
    expect(title.parse('\u202e' + 'x'.repeat(9))).toBe('x'.repeat(9));
  });

  it('cleans every title the API takes', () => {
    expect(nickname.safeParse('\u200b').success).toBe(false);
    expect(nickname.parse('Ada\u202e')).toBe('Ada');
    const cover = createSongCoverBody.safeParse({ voice_clone_id: 'v', song_title: '\u200b\u200d' });
    expect(cover.success).toBe(false);
    const rap = createMusicBody.safeParse({ musicName: '\u2060', musicContext: 'la la la' });
    expect(rap.error?.issues.map((issue) => issue.path.join('.'))).toContain('musicName');
  });
});
