import { useCallback, useEffect, useRef, useState } from 'react';

export type PreviewProblem = 'preparing' | 'failed';

/** Points the shared element at `url` and plays it; `onFailed` hears of a file that won't play. */
function playInto(element: HTMLAudioElement, url: string, onEnded: () => void, onFailed: () => void): void {
  element.pause();
  element.src = url;
  element.onended = onEnded;
  element.onerror = onFailed;
  element.play().catch((error: unknown) => {
    // A pause before playback started is not a problem with the file.
    if ((error as Error | undefined)?.name === 'AbortError') return;
    onFailed();
  });
}

/**
 * One preview plays at a time across the step. Catalogue previews answer 503 until the server has rendered them;
 * an audio element can't tell that apart from a broken file, so a failed play asks the URL what happened.
 */
export function usePreviewAudio() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ url: string; kind: PreviewProblem } | null>(null);

  useEffect(
    () => () => {
      audio.current?.pause();
      audio.current = null;
    },
    [],
  );

  const explain = useCallback(async (url: string) => {
    let kind: PreviewProblem = 'failed';
    try {
      const response = await fetch(url, { method: 'HEAD', credentials: 'same-origin' });
      if (response.status === 503) kind = 'preparing';
    } catch {
      // Unreachable: "failed" says enough.
    }
    setPlaying((current) => (current === url ? null : current));
    setProblem({ url, kind });
  }, []);

  const toggle = useCallback(
    (url: string) => {
      const element = audio.current ?? new Audio();
      audio.current = element;
      if (playing === url) {
        element.pause();
        setPlaying(null);
        return;
      }
      setProblem(null);
      setPlaying(url);
      playInto(
        element,
        url,
        () => setPlaying(null),
        () => void explain(url),
      );
    },
    [explain, playing],
  );

  const stop = useCallback(() => {
    audio.current?.pause();
    setPlaying(null);
  }, []);

  return { playing, problem, toggle, stop };
}
