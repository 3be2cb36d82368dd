import { afterEach, describe, expect, it, vi } from 'vitest';
import { voiceCloneApi } from '../api/voice-clone.api.ts';
import { fakeServices } from '../test/test-app.tsx';
import { Status } from './status.ts';
import { createAppStore } from './store.ts';
import {
  initialVoiceProfileState,
  photoUrl,
  voiceProfileReset,
  voiceProfileSlice,
} from './voice-profile.slice.ts';

/** A fetch that answers only when the test says so, so the in-between status can be seen. */
function heldFetch() {
  let release: (response: Response) => void = () => {};
  const fetchFn = vi.fn(
    () =>
      new Promise<Response>((resolve) => {
        release = resolve;
      }),
  );
  vi.stubGlobal('fetch', fetchFn);
  return (status: number, body: unknown) => release(new Response(JSON.stringify(body), { status }));
}

const id = '11111111-1111-4111-8111-111111111111';

afterEach(() => vi.unstubAllGlobals());

describe('the voice profile area', () => {
  it('goes SAVING then SUCCESS when an AI singer is created', async () => {
    const answer = heldFetch();
    const store = createAppStore(fakeServices().services);
    const request = store.dispatch(
      voiceCloneApi.endpoints.createVoiceClone.initiate({
        nickname: 'Ada',
        audio: new Blob(['x']),
        audioFileName: 'me.wav',
      }),
    );
    expect(store.getState().voiceProfile.createStatus).toBe(Status.SAVING);
    answer(200, { statusCode: 200, data: { recording: '/r', voiceProfileId: id, estimation: 7 } });
    await request;
    expect(store.getState().voiceProfile.createStatus).toBe(Status.SUCCESS);
  });

  it('goes SAVING then ERROR when a rename is refused', async () => {
    const answer = heldFetch();
    const store = createAppStore(fakeServices().services);
    const request = store.dispatch(voiceCloneApi.endpoints.renameVoiceClone.initiate({ id, nickname: 'B' }));
    expect(store.getState().voiceProfile.updateStatus).toBe(Status.SAVING);
    answer(404, { statusCode: 404, error: 'Not Found', message: 'There is no such AI singer.' });
    await request;
    expect(store.getState().voiceProfile.updateStatus).toBe(Status.ERROR);
  });

  it('goes DELETING then DELETED, and remembers when a photo changed', async () => {
    let answer = heldFetch();
    const store = createAppStore(fakeServices().services);
    const removal = store.dispatch(voiceCloneApi.endpoints.deleteVoiceClone.initiate(id));
    expect(store.getState().voiceProfile.deleteStatus).toBe(Status.DELETING);
    answer(200, { statusCode: 200, data: { voice_clone_id: id, deleted: true } });
    await removal;
    expect(store.getState().voiceProfile.deleteStatus).toBe(Status.DELETED);

    answer = heldFetch();
    const photo = store.dispatch(
      voiceCloneApi.endpoints.updateVoiceClonePhoto.initiate({ id, photo: new File(['p'], 'p.png') }),
    );
    expect(store.getState().voiceProfile.updatePhotoStatus).toBe(Status.SAVING);
    answer(500, { statusCode: 500, error: 'x', message: 'y' });
    await photo;
    expect(store.getState().voiceProfile).toMatchObject({
      updatePhotoStatus: Status.ERROR,
      photoVersions: {},
    });
  });

  it('resets to nothing', () => {
    const busy = { ...initialVoiceProfileState, deleteStatus: Status.ERROR, photoVersions: { [id]: 5 } };
    expect(voiceProfileSlice.reducer(busy, voiceProfileReset())).toEqual(initialVoiceProfileState);
  });

  it('adds the photo version to the address only when there is one', () => {
    expect(photoUrl('/api/music/voice_clone/a/image', 12)).toBe('/api/music/voice_clone/a/image?v=12');
    expect(photoUrl('/api/music/voice_clone/a/image', undefined)).toBe('/api/music/voice_clone/a/image');
    expect(photoUrl('', 12)).toBe('');
  });
});
