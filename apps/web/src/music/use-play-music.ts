import { useCallback } from 'react';
import { track } from '../analytics/analytics.ts';
import type { MusicItem } from '@bops/shared';
import { useAppDispatch, useAppSelector } from '../store/hooks.ts';
import { playingChanged, queueStarted } from '../store/music.slice.ts';

/** Plays a song of a list (the list becomes the queue), or pauses/resumes it when it is already the current one. */
export function usePlayMusic(
  playlist: { id: string | null; special: boolean },
  musics: readonly MusicItem[],
) {
  const dispatch = useAppDispatch();
  const current = useAppSelector((state) => state.music.currentMusic);
  const isCurrent = useCallback(
    (musicId: string) => current.musicId === musicId && current.playlistId === playlist.id,
    [current.musicId, current.playlistId, playlist.id],
  );
  const toggle = useCallback(
    (music: MusicItem) => {
      const content = { contentId: music.musicId, contentName: music.musicName };
      if (isCurrent(music.musicId)) {
        dispatch(playingChanged(!current.isPlaying));
        track(current.isPlaying ? 'music_pause' : 'music_play', content);
        return;
      }
      // Songs still being made have no audio yet; they join the queue once ready.
      const musicIds = musics.filter((item) => item.src).map((item) => item.musicId);
      dispatch(
        queueStarted({
          playlistId: playlist.id,
          musicIds,
          musicId: music.musicId,
          special: playlist.special,
        }),
      );
      track('music_play', content);
    },
    [dispatch, isCurrent, current.isPlaying, musics, playlist.id, playlist.special],
  );
  return { toggle, isCurrent, isPlaying: current.isPlaying };
}
