import { describe, expect, it } from 'vitest';
import { toUser } from '../store/user.ts';
import { BopsPlayer } from '../player/bops-player.ts';
import { fakeServices, sampleProfile } from '../test/test-app.tsx';
import { loggedOut, profileLoaded } from '../store/account.slice.ts';
import { createStoreHandle } from './store-handle.ts';
import { createAppStore } from '../store/store.ts';

describe('the store handle', () => {
  it('closes the player when the person signs out, not when someone signs in', () => {
    const store = createAppStore(fakeServices().services);
    const audio = document.createElement('audio');
    audio.load = () => undefined;
    const player = new BopsPlayer({ audio, storage: null, queueStorage: null, mediaSession: null });
    createStoreHandle(store, player);
    player.start({ playlistId: null, musicIds: ['a'], musicId: 'a' }, { autoplay: false });
    store.dispatch(profileLoaded(toUser(sampleProfile)));
    expect(player.getState().musicId).toBe('a');
    store.dispatch(loggedOut());
    expect(player.getState().musicId).toBeNull();
  });
});
