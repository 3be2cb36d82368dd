import { lazy, Suspense } from 'react';
import GlobalStyles from '@mui/material/GlobalStyles';
import { usePlayerState } from './use-player.ts';

const MusicPlayer = lazy(() => import('./music-player.tsx'));

/** Same as the bar's height in music-player.tsx. */
const barHeight = 88;

/** Keeps the player's looks out of the first load until someone plays a song, and leaves room for the bar. */
export function PlayerHost() {
  const active = usePlayerState((state) => state.musicId !== null);
  if (!active) return null;
  return (
    <>
      {/* The bar is fixed; the page's end moves up by its height so the footer never sits under it. */}
      <GlobalStyles styles={{ body: { paddingBottom: barHeight } }} />
      <Suspense fallback={null}>
        <MusicPlayer />
      </Suspense>
    </>
  );
}
