import { Fragment, useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import type { SyncedLine } from './lrc-parser.ts';

/** The lyrics with the line being rapped and its current word lit up; clicking a line jumps there. */
export function SyncedLyricsView({
  lines,
  active,
  onSeek,
  label,
}: {
  lines: readonly SyncedLine[];
  active: { line: number; word: number };
  onSeek(time: number): void;
  label: string;
}) {
  const current = useRef<HTMLLIElement | null>(null);
  useEffect(() => {
    // Keeps the sung line in view in a long song; jsdom has no scrolling.
    current.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [active.line]);

  return (
    <Box
      component="ol"
      aria-label={label}
      data-testid="synced-lyrics"
      sx={{ listStyle: 'none', p: 0, m: 0, maxHeight: 360, overflowY: 'auto' }}
    >
      {lines.map((line, lineIndex) => {
        const isCurrent = lineIndex === active.line;
        return (
          <Box
            component="li"
            key={`${line.start}-${lineIndex}`}
            ref={isCurrent ? current : undefined}
            aria-current={isCurrent ? 'true' : undefined}
            data-line-state={isCurrent ? 'current' : lineIndex < active.line ? 'past' : 'future'}
            onClick={() => onSeek(line.start)}
            sx={{
              py: 0.75,
              cursor: 'pointer',
              fontSize: isCurrent ? '1.25rem' : '1.05rem',
              fontWeight: isCurrent ? 700 : 400,
              color: isCurrent ? 'text.primary' : 'text.secondary',
              opacity: lineIndex < active.line ? 0.6 : 1,
              transition: 'font-size 120ms, color 120ms',
            }}
          >
            {line.words.length === 0
              ? line.text
              : line.words.map((word, wordIndex) => {
                  const lit = isCurrent && wordIndex === active.word;
                  return (
                    <Fragment key={`${word.start}-${wordIndex}`}>
                      <Box
                        component="span"
                        data-word-state={lit ? 'current' : undefined}
                        sx={{
                          px: 0.25,
                          borderRadius: 1,
                          color: lit ? 'primary.contrastText' : undefined,
                          bgcolor: lit ? 'primary.main' : undefined,
                        }}
                      >
                        {word.text}
                      </Box>{' '}
                    </Fragment>
                  );
                })}
          </Box>
        );
      })}
    </Box>
  );
}
