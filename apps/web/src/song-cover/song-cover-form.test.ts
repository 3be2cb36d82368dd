import { DAILY_LIMIT_MESSAGE } from '@bops/shared/api/creation';
import { SONG_COVER_LIMITS, SONG_REMIX_MESSAGES } from '@bops/shared';
import { describe, expect, it } from 'vitest';
import { songCoverEn } from './song-cover.translation.ts';
import {
  describeSongCoverFailure,
  emptySongCoverDraft,
  toSongCoverRequest,
  validateSongCover,
  type SongCoverDraft,
} from './song-cover-form.ts';

const draft = (patch: Partial<SongCoverDraft>): SongCoverDraft => ({
  ...emptySongCoverDraft,
  voiceCloneId: 'v1',
  title: 'My Cover',
  songUrl: 'https://youtu.be/dQw4w9WgXcQ',
  ...patch,
});
const file = (name: string, size = 1000) => new File([new Uint8Array(size)], name);

describe('the song remix form', () => {
  it('shows the words the server uses for the messages of docs/PRODUCT.md#errors', () => {
    expect(songCoverEn.messages).toEqual({
      noSinger: SONG_REMIX_MESSAGES.noSinger,
      notReady: SONG_REMIX_MESSAGES.notReady,
      failedTitle: SONG_REMIX_MESSAGES.failedTitle,
      failedBody: SONG_REMIX_MESSAGES.failedBody,
    });
  });

  it('accepts a link or an allowed song file', () => {
    expect(validateSongCover(draft({}))).toEqual({});
    for (const name of ['a.mp3', 'b.WAV', 'c.m4a', 'd.ogg', 'e.flac'])
      expect(validateSongCover(draft({ source: 'file', file: file(name) }))).toEqual({});
  });

  it.each<[string, Partial<SongCoverDraft>, string, string]>([
    ['no singer', { voiceCloneId: '' }, 'voiceCloneId', 'songCover.errors.chooseSinger'],
    ['no title', { title: '   ' }, 'title', 'songCover.errors.required'],
    ['a long title', { title: 'x'.repeat(101) }, 'title', 'songCover.errors.titleTooLong'],
    ['no link', { songUrl: ' ' }, 'song', 'songCover.errors.linkRequired'],
    ['a plain-http link', { songUrl: 'http://youtu.be/x' }, 'song', 'songCover.errors.linkInvalid'],
    ['no file', { source: 'file', file: null }, 'song', 'songCover.errors.fileRequired'],
    ['a video file', { source: 'file', file: file('clip.webm') }, 'song', 'songCover.errors.fileType'],
    [
      'a file over the cap',
      { source: 'file', file: file('big.wav', SONG_COVER_LIMITS.maxSongBytes + 1) },
      'song',
      'songCover.errors.fileTooLarge',
    ],
    ['an empty file', { source: 'file', file: file('e.mp3', 0) }, 'song', 'songCover.errors.fileEmpty'],
  ])('refuses %s', (_what, patch, field, key) => {
    expect(validateSongCover(draft(patch))).toEqual({ [field]: expect.objectContaining({ key }) });
  });

  it('sends the link only when the link is the source', () => {
    expect(toSongCoverRequest(draft({ shift: -3, vocalLevel: 2 }))).toEqual({
      voice_clone_id: 'v1',
      song_title: 'My Cover',
      song_url: 'https://youtu.be/dQw4w9WgXcQ',
      shift: -3,
      vocal_level: 2,
    });
    expect(toSongCoverRequest(draft({ source: 'file', file: file('a.mp3') })).song_url).toBe('');
  });

  it.each<[string, unknown, ReturnType<typeof describeSongCoverFailure>]>([
    ['not ready', { status: 400, detail: SONG_REMIX_MESSAGES.notReady }, { kind: 'notReady' }],
    ['the daily limit', { status: 429, detail: DAILY_LIMIT_MESSAGE }, { kind: 'dailyLimit' }],
    [
      'a server error',
      { status: 500, detail: 'Something went wrong. Please try again.' },
      { kind: 'generic' },
    ],
    ['no network', { status: 'FETCH_ERROR', message: 'offline' }, { kind: 'generic' }],
    [
      'a link refused',
      { status: 400, detail: 'song_url: Please paste a public share link from YouTube.' },
      { kind: 'field', field: 'song', text: 'Please paste a public share link from YouTube.' },
    ],
    [
      'a file refused',
      { status: 415, detail: 'This is not a song file we can use.' },
      { kind: 'field', field: 'song', text: 'This is not a song file we can use.' },
    ],
    [
      "someone else's singer",
      { status: 404, detail: 'There is no such AI singer.' },
      { kind: 'field', field: 'voiceCloneId', text: 'There is no such AI singer.' },
    ],
    [
      'a bad shift',
      { status: 400, detail: 'shift: Please choose Auto' },
      { kind: 'message', text: 'shift: Please choose Auto' },
    ],
  ])('explains %s', (_what, error, expected) => {
    expect(describeSongCoverFailure(error)).toEqual(expected);
  });
});
