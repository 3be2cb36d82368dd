import { LYRICS_MAX_CHARS } from '@bops/shared';
import { describe, expect, it } from 'vitest';
import {
  allowedStep,
  describeCreateFailure,
  lastFormStep,
  NO_MUSIC,
  toCreateMusicRequest,
  truncate,
  truncateLyric,
  validateStep,
} from './rap-form.ts';
import { emptyRapDraft, type RapDraft } from '../store/rap-draft.ts';

const complete: RapDraft = {
  musicName: 'Night Shift',
  prompt: 'coding late',
  creatorNickname: 'Ada',
  artistId: 'mc-volt',
  voiceCloneId: '',
  style: 'straight',
  lyrics: 'Line one\nLine two',
  mixMusicId: NO_MUSIC,
  contactEmail: '',
};

describe('rap form steps', () => {
  it('requires the title and creator on step 1, but not the prompt', () => {
    expect(validateStep(1, emptyRapDraft)).toEqual({
      musicName: { key: 'validation.required' },
      creatorNickname: { key: 'validation.required' },
    });
    expect(validateStep(1, { ...emptyRapDraft, musicName: '  ', creatorNickname: 'Ada' })).toEqual({
      musicName: { key: 'validation.required' },
    });
    expect(validateStep(1, complete)).toEqual({});
  });

  it('requires a voice, lyrics and a music choice (no music counts) on their steps', () => {
    expect(validateStep(2, { ...complete, artistId: '' })).toEqual({
      artistId: { key: 'validation.required' },
    });
    expect(validateStep(3, { ...complete, lyrics: '\n ' })).toEqual({
      lyrics: { key: 'validation.required' },
    });
    expect(validateStep(4, { ...complete, mixMusicId: '' })).toEqual({
      mixMusicId: { key: 'validation.required' },
    });
    expect(validateStep(4, complete)).toEqual({});
    expect(validateStep(4, { ...complete, mixMusicId: 'midnight-drive' })).toEqual({});
  });

  it('caps the lyrics at the shared limit', () => {
    expect(validateStep(3, { ...complete, lyrics: 'a'.repeat(LYRICS_MAX_CHARS) })).toEqual({});
    expect(validateStep(3, { ...complete, lyrics: 'a'.repeat(LYRICS_MAX_CHARS + 1) })).toEqual({
      lyrics: { key: 'validation.tooLong', max: LYRICS_MAX_CHARS },
    });
  });

  it('takes no e-mail, or a valid one', () => {
    expect(validateStep(5, complete)).toEqual({});
    expect(validateStep(5, { ...complete, contactEmail: 'ada@example.com' })).toEqual({});
    for (const bad of ['ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com']) {
      expect(validateStep(5, { ...complete, contactEmail: bad })).toEqual({
        contactEmail: { key: 'validation.emailInvalid' },
      });
    }
  });

  it('sends a deep link past unfinished steps to the first unfinished one', () => {
    expect(allowedStep(4, emptyRapDraft)).toBe(1);
    expect(allowedStep(4, { ...complete, artistId: '' })).toBe(2);
    expect(allowedStep(5, { ...complete, lyrics: '' })).toBe(3);
    expect(allowedStep(5, complete)).toBe(5);
    // A step's own fields don't hold it back: that is what the step is for.
    expect(allowedStep(3, { ...complete, lyrics: '' })).toBe(3);
    expect(allowedStep(1, emptyRapDraft)).toBe(1);
    expect(allowedStep(99, complete)).toBe(lastFormStep);
  });
});

describe('the create request', () => {
  it('maps the draft to the body of docs/PRODUCT.md#entities: lyrics as context, vocal artist and voice clone empty, version 1.0', () => {
    expect(
      toCreateMusicRequest({ ...complete, musicName: ' Night Shift ', contactEmail: ' a@b.co ' }),
    ).toEqual({
      creatorNickname: 'Ada',
      musicName: 'Night Shift',
      musicContext: 'Line one\nLine two',
      prompt: 'coding late',
      style: 'straight',
      contactEmail: 'a@b.co',
      artist_id: 'mc-volt',
      voice_clone_id: '',
      vocal_artist_id: '',
      mixmusic_id: 'na',
      version: '1.0',
    });
    expect(toCreateMusicRequest({ ...complete, mixMusicId: 'midnight-drive' }).mixmusic_id).toBe(
      'midnight-drive',
    );
    // docs/PRODUCT.md#entities: the context when there are no lyrics.
    expect(toCreateMusicRequest({ ...complete, lyrics: '' }).musicContext).toBe('coding late');
  });

  it('tells the daily limit, a named field and anything else apart', () => {
    expect(describeCreateFailure({ status: 429, message: 'Error status: 429' })).toEqual({
      kind: 'dailyLimit',
    });
    expect(
      describeCreateFailure({
        status: 400,
        detail: 'musicContext: Please keep the lyrics under 3000 characters',
      }),
    ).toEqual({ kind: 'field', field: 'lyrics', message: 'Please keep the lyrics under 3000 characters' });
    expect(describeCreateFailure({ status: 400, detail: 'artist_id: Please choose an artist.' })).toEqual({
      kind: 'field',
      field: 'artistId',
      message: 'Please choose an artist.',
    });
    expect(describeCreateFailure({ status: 400, detail: 'unknown_field: nope' })).toEqual({
      kind: 'generic',
    });
    expect(describeCreateFailure({ status: 500, detail: 'boom' })).toEqual({ kind: 'generic' });
    expect(describeCreateFailure({ status: 'FETCH_ERROR', message: 'offline' })).toEqual({ kind: 'generic' });
    expect(describeCreateFailure(undefined)).toEqual({ kind: 'generic' });
  });
});

describe('truncation', () => {
  it('cuts lyric and caption text at 140 characters with "..."', () => {
    const exact = 'x'.repeat(140);
    expect(truncateLyric(exact)).toBe(exact);
    expect(truncateLyric(`${exact}y`)).toBe(`${exact}...`);
    expect(truncateLyric('short')).toBe('short');
  });

  it('cuts at 100 by default and never splits a character made of two code units', () => {
    expect(truncate('a'.repeat(101))).toBe(`${'a'.repeat(100)}...`);
    expect(truncate('a'.repeat(100))).toBe('a'.repeat(100));
    expect(truncate('🎤🎤🎤', 2)).toBe('🎤🎤...');
  });
});

describe('the AI singer choice', () => {
  it('sends the chosen AI singer with the artist that gives the flow', () => {
    expect(toCreateMusicRequest({ ...complete, voiceCloneId: 'vc-1' })).toMatchObject({
      artist_id: 'mc-volt',
      voice_clone_id: 'vc-1',
      vocal_artist_id: '',
    });
  });
});
