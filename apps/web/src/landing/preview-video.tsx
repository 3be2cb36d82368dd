import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import { landingTimings } from './landing-features.ts';

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

function playQuietly(video: HTMLVideoElement) {
  // Autoplay can be refused (data saver, power saving); the poster then stays, which is fine.
  video.play()?.catch(() => undefined);
}

/**
 * A looping, muted feature preview (docs/PRODUCT.md#what-bops-does). It loads and plays only while on screen; hovering restarts it and
 * it goes back to the start 1 s after the pointer leaves (docs/PRODUCT.md#states).
 */
export function PreviewVideo({ src, poster, label }: { src: string; poster: string; label: string }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const resetTimer = useRef<number | null>(null);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const reduced = prefersReducedMotion();
    if (typeof IntersectionObserver !== 'function') {
      if (!reduced) playQuietly(video);
      return;
    }
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) {
          if (!reduced) playQuietly(video);
        } else {
          video.pause();
        }
      },
      { rootMargin: '100px' },
    );
    observer.observe(video);
    return () => {
      observer.disconnect();
      if (resetTimer.current !== null) window.clearTimeout(resetTimer.current);
    };
  }, []);

  const restart = () => {
    const video = videoRef.current;
    if (!video) return;
    if (resetTimer.current !== null) {
      window.clearTimeout(resetTimer.current);
      resetTimer.current = null;
    }
    video.currentTime = 0;
    playQuietly(video);
  };

  const scheduleReset = () => {
    if (resetTimer.current !== null) window.clearTimeout(resetTimer.current);
    resetTimer.current = window.setTimeout(() => {
      resetTimer.current = null;
      const video = videoRef.current;
      if (!video) return;
      video.currentTime = 0;
      if (prefersReducedMotion()) video.pause();
    }, landingTimings.videoResetMs);
  };

  return (
    <Box
      component="video"
      ref={videoRef}
      src={src}
      poster={poster}
      muted
      loop
      playsInline
      preload="none"
      aria-label={label}
      onPointerEnter={restart}
      onPointerLeave={scheduleReset}
      sx={{
        display: 'block',
        width: '100%',
        height: 'auto',
        aspectRatio: '16 / 9',
        objectFit: 'cover',
        borderRadius: 3,
        bgcolor: 'background.paper',
        boxShadow: '0 12px 40px rgba(0, 0, 0, 0.45)',
      }}
    />
  );
}
