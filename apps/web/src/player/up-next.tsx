import { useEffect, useRef, useState, type DragEvent } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CoverImage } from '../music/cover-image.tsx';
import { truncateText } from '../music/music-format.ts';
import { useMusicItem } from '../music/use-current-music.ts';
import type { BopsPlayer } from './bops-player.ts';
import { upNext, type QueueEntry } from './play-queue.ts';
import { usePlayer, usePlayerState } from './use-player.ts';

/** The button that opens "Up next", with the number of songs waiting. */
export function UpNextButton({ onClick }: { onClick(): void }) {
  const { t } = useTranslation();
  return (
    <IconButton onClick={onClick} aria-label={t('music.queue.open')} aria-haspopup="dialog">
      <QueueMusicIcon />
    </IconButton>
  );
}

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

type Move = { key: number; direction: 'up' | 'down' };

/**
 * "Up next": the songs that play after the current one. Each can be played at once, moved (dragged, or with
 * its up and down buttons from the keyboard) or taken out; Clear empties the list.
 */
export function UpNextPanel({
  open,
  onClose,
  desktop,
}: {
  open: boolean;
  onClose(): void;
  desktop: boolean;
}) {
  const { t } = useTranslation();
  const player = usePlayer();
  const queue = usePlayerState((state) => state.queue);
  const coming = upNext(queue);
  const list = useRef<HTMLOListElement>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // The row moved by a button: its button gets the focus back once the list has its new order.
  const moved = useRef<Move | null>(null);

  useEffect(() => {
    const move = moved.current;
    if (!move || !list.current) return;
    moved.current = null;
    const row = list.current.querySelector(`[data-entry-key="${move.key}"]`);
    const button =
      row?.querySelector<HTMLButtonElement>(`[data-move="${move.direction}"]:not(:disabled)`) ??
      row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    button?.focus();
  });

  const moveEntry = (from: number, to: number, name: string, focus?: Move) => {
    if (to < 0 || to >= coming.length || from === to) return;
    moved.current = focus ?? null;
    player.moveUpNext(from, to);
    setAnnouncement(t('music.queue.moved', { name, place: to + 1, count: coming.length }));
  };

  return (
    <Drawer
      anchor={desktop ? 'right' : 'bottom'}
      open={open}
      onClose={onClose}
      // Above the full-screen player, which opens it too.
      sx={{ zIndex: (theme) => theme.zIndex.modal + 1 }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-label': t('music.queue.title'),
          sx: {
            width: desktop ? 400 : '100%',
            maxHeight: desktop ? '100%' : '80vh',
            backgroundImage: 'none',
          },
        },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, pt: 2, pb: 1, gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 800, flex: 1 }}>
          {t('music.queue.title')}
        </Typography>
        <Button
          onClick={() => player.clearUpNext()}
          disabled={coming.length === 0}
          aria-label={t('music.queue.clearLabel')}
        >
          {t('music.queue.clear')}
        </Button>
        <IconButton onClick={onClose} aria-label={t('music.queue.close')}>
          <CloseIcon />
        </IconButton>
      </Stack>
      {coming.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, pb: 3 }}>
          {t('music.queue.empty')}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
            {t('music.queue.dragHint')}
          </Typography>
          <Box
            component="ol"
            ref={list}
            aria-label={t('music.queue.list')}
            sx={{ listStyle: 'none', m: 0, px: 1, pb: 2, overflowY: 'auto' }}
          >
            {coming.map((entry, index) => (
              <UpNextRow
                key={entry.key}
                entry={entry}
                index={index}
                count={coming.length}
                player={player}
                dragging={dragging === index}
                onDragStart={() => setDragging(index)}
                onDragEnd={() => setDragging(null)}
                onDrop={(from, name) => {
                  setDragging(null);
                  moveEntry(from, index, name);
                }}
                onMove={(to, name, direction) => moveEntry(index, to, name, { key: entry.key, direction })}
              />
            ))}
          </Box>
        </>
      )}
      <Box sx={visuallyHidden} aria-live="polite">
        {announcement}
      </Box>
    </Drawer>
  );
}

const dragType = 'application/x-bops-up-next';

function UpNextRow({
  entry,
  index,
  count,
  player,
  dragging,
  onDragStart,
  onDragEnd,
  onDrop,
  onMove,
}: {
  entry: QueueEntry;
  index: number;
  count: number;
  player: BopsPlayer;
  dragging: boolean;
  onDragStart(): void;
  onDragEnd(): void;
  onDrop(from: number, name: string): void;
  onMove(to: number, name: string, direction: 'up' | 'down'): void;
}) {
  const { t } = useTranslation();
  const { data: music } = useMusicItem(entry.musicId);
  const name = music?.musicName ?? t('app.loading');
  const [over, setOver] = useState(false);

  const accepts = (event: DragEvent) => event.dataTransfer.types.includes(dragType);
  return (
    <Box
      component="li"
      data-entry-key={entry.key}
      draggable
      onDragStart={(event: DragEvent) => {
        event.dataTransfer.setData(dragType, String(index));
        event.dataTransfer.effectAllowed = 'move';
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      onDragOver={(event: DragEvent) => {
        if (!accepts(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event: DragEvent) => {
        setOver(false);
        if (!accepts(event)) return;
        event.preventDefault();
        onDrop(Number(event.dataTransfer.getData(dragType)), name);
      }}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1,
        py: 0.5,
        borderRadius: 1.5,
        opacity: dragging ? 0.5 : 1,
        outline: over ? 2 : 0,
        outlineColor: 'primary.main',
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <DragIndicatorIcon fontSize="small" sx={{ color: 'text.secondary', cursor: 'grab' }} aria-hidden />
      <ButtonBase
        onClick={() => player.jumpTo(entry.key)}
        aria-label={t('music.queue.playNow', { name })}
        sx={{
          flex: 1,
          minWidth: 0,
          justifyContent: 'flex-start',
          gap: 1.5,
          borderRadius: 1,
          textAlign: 'left',
        }}
      >
        <CoverImage src={music?.thumbnail} size={40} />
        <Box sx={{ minWidth: 0 }}>
          <Typography noWrap sx={{ fontWeight: 700 }}>
            {truncateText(name)}
          </Typography>
          <Typography noWrap variant="body2" color="text.secondary">
            {music ? truncateText(music.author) : ''}
          </Typography>
        </Box>
      </ButtonBase>
      <IconButton
        size="small"
        data-move="up"
        disabled={index === 0}
        onClick={() => onMove(index - 1, name, 'up')}
        aria-label={t('music.queue.moveUp', { name })}
      >
        <KeyboardArrowUpIcon />
      </IconButton>
      <IconButton
        size="small"
        data-move="down"
        disabled={index === count - 1}
        onClick={() => onMove(index + 1, name, 'down')}
        aria-label={t('music.queue.moveDown', { name })}
      >
        <KeyboardArrowDownIcon />
      </IconButton>
      <IconButton
        size="small"
        onClick={() => player.removeFromQueue(entry.key)}
        aria-label={t('music.queue.remove', { name })}
      >
        <RemoveCircleOutlineIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
