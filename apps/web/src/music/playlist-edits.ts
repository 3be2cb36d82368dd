/** docs/PRODUCT.md#states playlist edits on a list of song ids. */

/** Add appends the song when it is not there yet. */
export function withMusic(musicIds: readonly string[], musicId: string): string[] {
  return musicIds.includes(musicId) ? [...musicIds] : [...musicIds, musicId];
}

/** Remove filters it out. */
export function withoutMusic(musicIds: readonly string[], musicId: string): string[] {
  return musicIds.filter((id) => id !== musicId);
}

export interface MovePlan {
  target: { id: string; musicIds: string[] };
  source: { id: string; musicIds: string[] };
}

/**
 * A move needs a song and a known target playlist other than the source; null otherwise. The target is written
 * first, so a failure half way leaves the song in both playlists rather than in none.
 */
export function planMove(
  musicId: string | null | undefined,
  source: { id: string; musicIds: readonly string[] },
  target: { id: string; musicIds: readonly string[] } | null | undefined,
): MovePlan | null {
  if (!musicId || !target || target.id === source.id) return null;
  return {
    target: { id: target.id, musicIds: withMusic(target.musicIds, musicId) },
    source: { id: source.id, musicIds: withoutMusic(source.musicIds, musicId) },
  };
}
