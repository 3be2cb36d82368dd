import { describe, expect, it } from 'vitest';
import { musicShareLink, playlistShareLink } from './share-link.ts';

const app = 'https://bops.example';

describe('share links', () => {
  it('puts songs of the special playlist on their playlist route', () => {
    expect(musicShareLink(app, 'm1', { playlistId: 'top-songs', special: true })).toBe(
      'https://bops.example/top-songs/m1',
    );
  });

  it('puts songs of other playlists on the listen route', () => {
    expect(musicShareLink(app, 'm1', { playlistId: 'p9' })).toBe('https://bops.example/listen/m1');
    expect(musicShareLink(`${app}/`, 'm1', { playlistId: 'p9', special: false })).toBe(
      'https://bops.example/listen/m1',
    );
  });

  it('uses the API share path for a song without a playlist', () => {
    expect(musicShareLink(app, 'm1')).toBe('https://bops.example/api/music/shared/m1');
    expect(musicShareLink(app, 'm1', { playlistId: null, special: true })).toBe(
      'https://bops.example/api/music/shared/m1',
    );
  });

  it('links playlists to the shared-playlist route', () => {
    expect(playlistShareLink(app, 'p9')).toBe('https://bops.example/shared/p9');
  });

  it('escapes ids', () => {
    expect(musicShareLink(app, 'a b', { playlistId: 'x/y', special: true })).toBe(
      'https://bops.example/x%2Fy/a%20b',
    );
  });
});
