import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import { useAppSelector } from '../store/hooks.ts';

const MusicPlayer = lazy(() => import('./music-player.tsx'));

/** Keeps the player code out of the first load until someone plays a song, and leaves room for the bar. */
export function PlayerHost() {
  const active = useAppSelector((state) => state.music.currentMusic.musicId !== null);
  if (!active) return null;
  return (
    <>
      {/* The bar is fixed; this keeps the footer from ending up under it. Same height as the bar. */}
      <Box aria-hidden sx={{ height: 88 }} />
      <Suspense fallback={null}>
        <MusicPlayer />
      </Suspense>
    </>
  );
}
