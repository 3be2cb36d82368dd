import { describe, expect, it } from 'vitest';
import { voiceCloneError, withoutFieldPrefix } from './voice-clone-errors.ts';

describe('voice cloning errors', () => {
  it("shows the server's own message for a refused sample", () => {
    expect(
      voiceCloneError({
        status: 400,
        message: 'Error status: 400',
        detail: 'This recording is silent. Please check your microphone and record again.',
      }),
    ).toEqual({ text: 'This recording is silent. Please check your microphone and record again.' });
  });

  it('drops the field name a validation message leads with', () => {
    expect(withoutFieldPrefix('audio: Please record or upload a voice sample.')).toBe(
      'Please record or upload a voice sample.',
    );
    expect(withoutFieldPrefix('voice_clone_nickname: This field is required')).toBe('This field is required');
    expect(withoutFieldPrefix('Please keep the voice sample under 5 minutes.')).toBe(
      'Please keep the voice sample under 5 minutes.',
    );
  });

  it('says a file is too large on 413, whatever the server wrote', () => {
    expect(voiceCloneError({ status: 413, message: 'Error status: 413', detail: 'big' })).toEqual({
      textKey: 'voiceCloning.errors.tooLarge',
    });
  });

  it('falls back to the generic wording for server faults, network failures and silent refusals', () => {
    const generic = {
      titleKey: 'voiceCloning.errors.genericTitle',
      textKey: 'voiceCloning.errors.genericText',
    };
    expect(voiceCloneError({ status: 500, message: 'x', detail: 'Something went wrong.' })).toEqual(generic);
    expect(voiceCloneError({ status: 'FETCH_ERROR', message: 'offline' })).toEqual(generic);
    expect(voiceCloneError({ status: 400, message: 'Error status: 400' })).toEqual(generic);
    expect(voiceCloneError(undefined)).toEqual(generic);
  });
});
