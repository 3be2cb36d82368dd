import { describe, expect, it } from 'vitest';
import type { MusicItem } from '@bops/shared';
import { aPlaylist, aPlaylistSummary, aSong } from './factories.ts';

describe('the web tests’ factories', () => {
  it('derive a playlist’s ids, count, first song and cover from the songs in it', () => {
    const playlist = aPlaylist('p1', 'Road Trip', [aSong('m1'), aSong('m2')]);
    expect(playlist).toMatchObject({
      musicIds: ['m1', 'm2'],
      numMusics: 2,
      musicId: 'm1',
      cover: '/api/music/m1/thumbnail',
    });
    expect(aPlaylist('p2', 'Empty', [])).toMatchObject({ musicIds: [], numMusics: 0, musicId: '' });
    expect(aPlaylistSummary('p3', 'Two', { musicIds: ['a', 'b'] })).toMatchObject({
      numMusics: 2,
      musicId: 'a',
    });
  });

  it('refuse what the contract does not allow, so a test cannot build a shape the server never sends', () => {
    const notAStatus = { status: 'done' } as unknown as Partial<MusicItem>;
    expect(() => aSong('m1', 'Night Drive', notAStatus)).toThrow();
    expect(() => aSong('m1', 'Night Drive', { likes: 1.5 })).toThrow();
  });
});
