import { useCallback } from 'react';
import { track } from '../analytics/analytics.ts';
import type { MusicItem } from '@bops/shared';
import { usePlayer, usePlayerState } from '../player/use-player.ts';

/** Plays a song of a list (the list becomes the queue), or pauses/resumes it when it is already the current one. */
export function usePlayMusic(
  playlist: { id: string | null; special: boolean },
  musics: readonly MusicItem[],
) {
  const player = usePlayer();
  const currentId = usePlayerState((state) => state.musicId);
  const currentPlaylistId = usePlayerState((state) => state.queue.playlistId);
  const isPlaying = usePlayerState((state) => state.playing);
  const isCurrent = useCallback(
    (musicId: string) => currentId === musicId && currentPlaylistId === playlist.id,
    [currentId, currentPlaylistId, playlist.id],
  );
  const toggle = useCallback(
    (music: MusicItem) => {
      const content = { contentId: music.musicId, contentName: music.musicName };
      if (isCurrent(music.musicId)) {
        player.toggle();
        track(isPlaying ? 'music_pause' : 'music_play', content);
        return;
      }
      // Songs still being made have no audio yet; they join the queue once ready.
      const musicIds = musics.filter((item) => item.src).map((item) => item.musicId);
      player.start({ playlistId: playlist.id, musicIds, musicId: music.musicId, special: playlist.special });
      track('music_play', content);
    },
    [player, isCurrent, isPlaying, musics, playlist.id, playlist.special],
  );
  return { toggle, isCurrent, isPlaying };
}
