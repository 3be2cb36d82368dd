import { useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { MusicItem } from '@bops/shared';
import type { WaveformData } from '@bops/shared/api/music';
import { activeAt, linesFromTimings, parseLrc, type SyncedLine } from '../rap/lrc-parser.ts';

type LyricsLoad = { musicId: string; lines: SyncedLine[] | null; failed: boolean };

/** The song's timed lines: from the waveform JSON (word times), else from its LRC file. */
function useSyncedLines(music: MusicItem): LyricsLoad | null {
  const [load, setLoad] = useState<LyricsLoad | null>(null);
  const { musicId, waveform, lyrics, duration } = music;
  useEffect(() => {
    if (!waveform && !lyrics) return;
    const controller = new AbortController();
    const read = async (): Promise<SyncedLine[]> => {
      if (waveform) {
        const response = await fetch(waveform, { signal: controller.signal, credentials: 'same-origin' });
        if (response.ok) {
          const data = (await response.json()) as WaveformData;
          const lines = linesFromTimings(data.lines ?? [], data.words ?? []);
          if (lines.length > 0 || !lyrics) return lines;
        }
      }
      const response = await fetch(lyrics, { signal: controller.signal, credentials: 'same-origin' });
      if (!response.ok) throw new Error(`lyrics ${response.status}`);
      return parseLrc(await response.text(), duration || undefined);
    };
    read().then(
      (lines) => setLoad({ musicId, lines, failed: false }),
      () => {
        if (!controller.signal.aborted) setLoad({ musicId, lines: null, failed: true });
      },
    );
    return () => controller.abort();
  }, [musicId, waveform, lyrics, duration]);
  if (!waveform && !lyrics) return { musicId, lines: [], failed: false };
  return load?.musicId === musicId ? load : null;
}

/** Lyrics that follow the song: the sounding line is lit and kept in view, its sounding word stands out. */
export function SyncedLyrics({
  music,
  time,
  onSeek,
}: {
  music: MusicItem;
  time: number;
  onSeek: (seconds: number) => void;
}) {
  const { t } = useTranslation();
  const load = useSyncedLines(music);
  const lines = useMemo(() => load?.lines ?? [], [load]);
  const active = activeAt(lines, time);
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const box = boxRef.current;
    const line = box?.querySelector<HTMLElement>('[data-active-line="true"]');
    if (!box || !line) return;
    // Scroll the lyrics box only; scrollIntoView would move the whole page too.
    box.scrollTo({ top: line.offsetTop - box.clientHeight / 2 + line.clientHeight / 2, behavior: 'smooth' });
  }, [active.line]);

  if (!load) return <Typography color="text.secondary">{t('music.player.lyricsLoading')}</Typography>;
  if (load.failed) return <Typography color="text.secondary">{t('music.player.lyricsFailed')}</Typography>;
  if (lines.length === 0) return <Typography color="text.secondary">{t('music.player.noLyrics')}</Typography>;

  return (
    <Box
      ref={boxRef}
      role="list"
      aria-label={t('music.player.lyrics')}
      data-testid="synced-lyrics"
      sx={{ position: 'relative', overflowY: 'auto', maxHeight: '100%', py: 2, scrollbarWidth: 'thin' }}
    >
      {lines.map((line, lineIndex) => {
        const isLine = lineIndex === active.line;
        return (
          <Typography
            key={`${line.start}-${lineIndex}`}
            role="listitem"
            aria-current={isLine ? 'true' : undefined}
            data-active-line={isLine ? 'true' : 'false'}
            onClick={() => onSeek(line.start)}
            sx={{
              cursor: 'pointer',
              fontWeight: 700,
              fontSize: { xs: '1.15rem', md: '1.4rem' },
              lineHeight: 1.5,
              py: 0.5,
              color: isLine ? 'text.primary' : 'text.disabled',
              transition: 'color 150ms',
            }}
          >
            {line.words.length === 0
              ? line.text
              : line.words.map((word, wordIndex) => {
                  const isWord = isLine && wordIndex === active.word;
                  return (
                    <Box
                      component="span"
                      key={wordIndex}
                      data-active-word={isWord ? 'true' : undefined}
                      sx={{ color: isWord ? 'primary.main' : undefined }}
                    >
                      {wordIndex > 0 ? ' ' : ''}
                      {word.text}
                    </Box>
                  );
                })}
          </Typography>
        );
      })}
    </Box>
  );
}
