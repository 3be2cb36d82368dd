import { useEffect, useRef } from 'react';
import type { MusicItem } from '@bops/shared';

export interface MediaSessionControls {
  play(): void;
  pause(): void;
  next(): void;
  previous(): void;
  seekTo(seconds: number): void;
  seekBy(seconds: number): void;
}

const absolute = (path: string) => new URL(path, window.location.href).href;

/** Lock-screen, notification and headset controls (Media Session API), where the browser has it. */
export function useMediaSession(
  music: MusicItem | undefined,
  playing: boolean,
  position: { time: number; duration: number },
  controls: MediaSessionControls,
) {
  const latest = useRef(controls);
  useEffect(() => {
    latest.current = controls;
  });

  const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;

  useEffect(() => {
    if (!session || !music || typeof MediaMetadata === 'undefined') return;
    session.metadata = new MediaMetadata({
      title: music.musicName,
      artist: music.author,
      album: 'Bops',
      artwork: [{ src: absolute(music.cover || music.thumbnail), sizes: '512x512' }],
    });
  }, [session, music]);

  useEffect(() => {
    if (!session) return;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => latest.current.play()],
      ['pause', () => latest.current.pause()],
      ['nexttrack', () => latest.current.next()],
      ['previoustrack', () => latest.current.previous()],
      ['seekto', (details) => latest.current.seekTo(details.seekTime ?? 0)],
      ['seekbackward', (details) => latest.current.seekBy(-(details.seekOffset ?? 10))],
      ['seekforward', (details) => latest.current.seekBy(details.seekOffset ?? 10)],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // This browser does not know the action.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // As above.
        }
      }
    };
  }, [session]);

  useEffect(() => {
    if (session) session.playbackState = playing ? 'playing' : 'paused';
  }, [session, playing]);

  const { time, duration } = position;
  const second = Math.floor(time);
  useEffect(() => {
    if (!session?.setPositionState || !Number.isFinite(duration) || duration <= 0) return;
    try {
      session.setPositionState({ duration, position: Math.min(second, duration), playbackRate: 1 });
    } catch {
      // A position past the end while a song changes; the next tick corrects it.
    }
  }, [session, second, duration]);
}
