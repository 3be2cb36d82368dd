import { emptyRapDraft, type RapDraft } from '../store/rap-draft.ts';
import { rapLimits } from './rap-form.ts';

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Where the rap being written is kept for this tab, so a reload or a trip to sign-in loses none of it. */
export const rapDraftKey = 'bops.rap-draft';

/** The draft this tab kept, field by field; anything missing, mistyped or absurdly long is left empty. */
export function readSavedDraft(storage: DraftStorage | null): RapDraft | null {
  let saved: unknown;
  try {
    saved = JSON.parse(storage?.getItem(rapDraftKey) ?? 'null');
  } catch {
    return null;
  }
  if (typeof saved !== 'object' || saved === null) return null;
  const draft = { ...emptyRapDraft };
  for (const field of Object.keys(emptyRapDraft) as (keyof RapDraft)[]) {
    const value = (saved as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.length <= rapLimits.lyrics) draft[field] = value;
  }
  return draft;
}

/** Keeps `draft()` saved whenever it changes (an empty draft removes the entry); returns the unsubscribe. */
export function keepDraftSaved(
  storage: DraftStorage | null,
  subscribe: (listener: () => void) => () => void,
  draft: () => RapDraft,
): () => void {
  if (!storage) return () => {};
  let last = draft();
  return subscribe(() => {
    const current = draft();
    if (current === last) return;
    last = current;
    try {
      const empty = Object.values(current).every((value) => value === '');
      if (empty) storage.removeItem(rapDraftKey);
      else storage.setItem(rapDraftKey, JSON.stringify(current));
    } catch {
      // A full or blocked storage only costs the reload safety net.
    }
  });
}
