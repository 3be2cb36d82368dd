import Badge from '@mui/material/Badge';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useGetProcessCountQuery } from '../api/bops.api.ts';
import { useAppSelector } from '../store/hooks.ts';

/** Spec §2: the tooltip waits this long before showing again after leaving another. */
export const processTooltipEnterNextDelayMs = 200;
/** A running creation finishes in minutes; a quarter-minute poll keeps the badge honest without load. */
const pollIntervalMs = 15_000;

/** The number of creation processes in progress; nothing at all when there are none. */
export function ProcessIndicatorView({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  const label = t('processes.count', { count });
  return (
    <Tooltip title={label} enterNextDelay={processTooltipEnterNextDelayMs}>
      <Box
        role="status"
        aria-label={label}
        tabIndex={0}
        data-testid="process-indicator"
        sx={{ display: 'inline-flex', alignItems: 'center', mx: 1 }}
      >
        <Badge badgeContent={count} color="secondary" max={99}>
          <CircularProgress size={24} thickness={5} color="primary" aria-hidden />
        </Badge>
      </Box>
    </Tooltip>
  );
}

/** Fed by the server's count while signed in; the creation area holds it for the rest of the app. */
export function ProcessIndicator() {
  const authenticated = useAppSelector((state) => state.account.authenticated);
  useGetProcessCountQuery(undefined, { skip: !authenticated, pollingInterval: pollIntervalMs });
  const count = useAppSelector((state) => state.creation.processCount);
  if (!authenticated) return null;
  return <ProcessIndicatorView count={count} />;
}
