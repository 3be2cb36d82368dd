import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

/** docs/PRODUCT.md#screens-and-routes: the tooltip waits this long before showing again after leaving another. */
const processTooltipEnterNextDelayMs = 200;

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
