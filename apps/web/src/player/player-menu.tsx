import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import type { MusicItem } from '@bops/shared';

/** The player's "More options": the song's page, its downloads, and closing the player. */
export function PlayerMenu({
  music,
  showSongPage,
  onSongPage,
  onClose,
}: {
  music: MusicItem | undefined;
  showSongPage: boolean;
  onSongPage(): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const dismiss = () => setAnchor(null);
  return (
    <>
      <IconButton onClick={(event) => setAnchor(event.currentTarget)} aria-label={t('music.player.more')}>
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={dismiss}>
        {showSongPage && music && (
          <MenuItem
            onClick={() => {
              dismiss();
              onSongPage();
            }}
          >
            <ListItemIcon>
              <OpenInNewIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('music.player.songPage')}</ListItemText>
          </MenuItem>
        )}
        {music?.download && (
          <MenuItem component="a" href={music.download} download onClick={dismiss}>
            <ListItemIcon>
              <DownloadIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('music.player.download')}</ListItemText>
          </MenuItem>
        )}
        {music?.stems &&
          (['vocals', 'accompaniment'] as const).map((stem) => (
            <MenuItem key={stem} component="a" href={music.stems![stem]} download onClick={dismiss}>
              <ListItemIcon>
                <DownloadIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t(`music.player.download_${stem}`)}</ListItemText>
            </MenuItem>
          ))}
        <MenuItem
          onClick={() => {
            dismiss();
            onClose();
          }}
        >
          <ListItemIcon>
            <StopCircleOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('music.player.close')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
