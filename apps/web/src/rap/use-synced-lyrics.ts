import { useEffect, useState } from 'react';
import { linesFromTimings, parseLrc, type SyncedLine, type TimedText } from './lrc-parser.ts';

interface WaveformFile {
  peaks?: number[];
  words?: TimedText[];
  lines?: TimedText[];
}

function isTimed(value: unknown): value is TimedText {
  const item = value as Partial<TimedText> | null;
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof item.text === 'string' &&
    typeof item.start === 'number' &&
    typeof item.end === 'number'
  );
}

/**
 * A song's lyrics with line and word times: from its waveform file (exact engine timings) when it has one, else
 * from its LRC file. Empty while loading or when the song has neither.
 */
export function useSyncedLyrics(song: { waveform?: string; lyrics: string; duration: number } | undefined) {
  const [lines, setLines] = useState<SyncedLine[]>([]);
  const [peaks, setPeaks] = useState<number[]>([]);
  const waveformUrl = song?.waveform ?? '';
  const lyricsUrl = song?.lyrics ?? '';
  const duration = song?.duration ?? Number.POSITIVE_INFINITY;

  useEffect(() => {
    const controller = new AbortController();
    const load = async () => {
      if (waveformUrl) {
        try {
          const response = await fetch(waveformUrl, {
            credentials: 'same-origin',
            signal: controller.signal,
          });
          if (response.ok) {
            const data = (await response.json()) as WaveformFile;
            const timedLines = (data.lines ?? []).filter(isTimed);
            const words = (data.words ?? []).filter(isTimed);
            if (Array.isArray(data.peaks)) setPeaks(data.peaks.filter((peak) => typeof peak === 'number'));
            if (timedLines.length > 0) {
              setLines(linesFromTimings(timedLines, words));
              return;
            }
          }
        } catch {
          // A missing waveform file leaves the LRC file to try.
          if (controller.signal.aborted) return;
        }
      }
      if (lyricsUrl) {
        try {
          const response = await fetch(lyricsUrl, { credentials: 'same-origin', signal: controller.signal });
          if (response.ok) setLines(parseLrc(await response.text(), duration));
        } catch {
          // No lyrics to follow; the song still plays.
        }
      }
    };
    void load();
    return () => controller.abort();
  }, [waveformUrl, lyricsUrl, duration]);

  return { lines, peaks };
}
