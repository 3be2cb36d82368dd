import { describe, expect, it } from 'vitest';
import { CREATE_MUSIC_LIMITS, createMusicBody } from './creation.ts';
import { FLOW_STYLE_IDS } from '../flow-styles.ts';

const valid = { musicName: 'Night Drive', musicContext: 'we ride at night' };

describe('the rap request contract', () => {
  it('trims, fills the defaults and accepts the limits exactly', () => {
    // The title's limit counts what is sent, spaces included; the spaces are then trimmed.
    const parsed = createMusicBody.parse({
      ...valid,
      musicName: ` ${'n'.repeat(CREATE_MUSIC_LIMITS.musicName - 2)} `,
      creatorNickname: 'c'.repeat(CREATE_MUSIC_LIMITS.creatorNickname),
    });
    expect(parsed.musicName).toBe('n'.repeat(CREATE_MUSIC_LIMITS.musicName - 2));
    expect(parsed.creatorNickname).toHaveLength(CREATE_MUSIC_LIMITS.creatorNickname);
    expect(parsed).toMatchObject({ style: '', contactEmail: '', version: '1.0' });
  });

  it('refuses one character over each limit, naming the field', () => {
    for (const [field, key] of [
      ['musicName', 'musicName'],
      ['musicContext', 'lyrics'],
      ['creatorNickname', 'creatorNickname'],
    ] as const) {
      const result = createMusicBody.safeParse({
        ...valid,
        [field]: 'x'.repeat(CREATE_MUSIC_LIMITS[key] + 1),
      });
      expect(result.success, field).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual([field]);
    }
  });

  it('takes every flow style, none ("" or "na"), and nothing else', () => {
    for (const style of [...FLOW_STYLE_IDS, '', 'na']) {
      expect(createMusicBody.safeParse({ ...valid, style }).success, style).toBe(true);
    }
    const unknown = createMusicBody.safeParse({ ...valid, style: 'polka' });
    expect(unknown.error?.issues[0]?.message).toBe(
      `Please choose one of these styles: ${FLOW_STYLE_IDS.join(', ')}`,
    );
  });
});
