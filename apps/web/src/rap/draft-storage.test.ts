import { describe, expect, it } from 'vitest';
import { draftChanged, draftReset, initialCreationState } from '../store/creation.slice.ts';
import { createAppStore } from '../store/store.ts';
import { fakeServices } from '../test/test-app.tsx';
import { keepDraftSaved, rapDraftKey, readSavedDraft } from './draft-storage.ts';
import { emptyRapDraft } from '../store/rap-draft.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the rap draft kept for a reload', () => {
  it('survives a new store (a reload) with every field the person typed', () => {
    const storage = memoryStorage();
    const first = createAppStore(fakeServices().services);
    keepDraftSaved(storage, first.subscribe, () => first.getState().creation.draft);
    first.dispatch(
      draftChanged({ musicName: 'Night Drive', artistId: 'mc-volt', lyrics: 'we ride\nat night' }),
    );

    const draft = readSavedDraft(storage);
    expect(draft).toEqual({
      ...emptyRapDraft,
      musicName: 'Night Drive',
      artistId: 'mc-volt',
      lyrics: 'we ride\nat night',
    });
    const reloaded = createAppStore(fakeServices().services, {
      creation: { ...initialCreationState, draft: draft! },
    });
    expect(reloaded.getState().creation.draft.lyrics).toBe('we ride\nat night');
  });

  it('forgets an emptied draft and ignores what it cannot trust', () => {
    const storage = memoryStorage();
    const store = createAppStore(fakeServices().services);
    keepDraftSaved(storage, store.subscribe, () => store.getState().creation.draft);
    store.dispatch(draftChanged({ musicName: 'x' }));
    expect(storage.items.has(rapDraftKey)).toBe(true);
    store.dispatch(draftReset());
    expect(storage.items.has(rapDraftKey)).toBe(false);

    storage.setItem(rapDraftKey, '{not json');
    expect(readSavedDraft(storage)).toBeNull();
    storage.setItem(rapDraftKey, JSON.stringify({ musicName: 42, lyrics: 'kept', extra: 'dropped' }));
    expect(readSavedDraft(storage)).toEqual({ ...emptyRapDraft, lyrics: 'kept' });
    expect(readSavedDraft(null)).toBeNull();
  });
});
