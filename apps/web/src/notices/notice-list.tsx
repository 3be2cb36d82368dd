import CloseIcon from '@mui/icons-material/Close';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { Notice } from '@bops/shared/api/notice';
import { useGetNoticesQuery, useMarkNoticeReadMutation } from '../api/notice.api.ts';

const severityOf = (notice: Notice): AlertColor => (notice.kind.endsWith('_ready') ? 'success' : 'info');

/** Only links inside the app are followed (a path, not another site). */
const appPath = (link: string) => (link.startsWith('/') && !link.startsWith('//') ? link : null);

/**
 * The signed-in person's unread notices ("Your AI singer … is ready."), each dismissible. Loaded afresh whenever a
 * page shows them, so a notice written while the person was elsewhere appears on the next visit.
 */
export function NoticeList() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: notices } = useGetNoticesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [markRead] = useMarkNoticeReadMutation();
  if (!notices || notices.length === 0) return null;
  return (
    <Stack component="section" aria-label={t('notices.label')} spacing={1} sx={{ mb: 3 }}>
      {notices.map((notice) => {
        const link = appPath(notice.link);
        return (
          <Alert
            key={notice.id}
            severity={severityOf(notice)}
            // MUI leaves out its own close button when there is an action, so both are given here.
            action={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                {link && link !== pathname && (
                  <Button color="inherit" size="small" component={RouterLink} to={link}>
                    {t('notices.open')}
                  </Button>
                )}
                <IconButton
                  color="inherit"
                  size="small"
                  aria-label={t('notices.dismiss')}
                  title={t('notices.dismiss')}
                  onClick={() => void markRead(notice.id)}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Stack>
            }
          >
            {notice.text}
          </Alert>
        );
      })}
    </Stack>
  );
}
