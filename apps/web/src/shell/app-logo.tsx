import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../runtime/runtime-context.tsx';
import { defaultSignedInPath, paths } from '../navigation/route-paths.ts';
import { BetaBadge } from './beta-badge.tsx';

/** The Bops wordmark with its BETA badge (docs/PRODUCT.md#what-bops-does); it leads home. */
export function AppLogo() {
  const { t } = useTranslation();
  const { authenticated } = useSession();
  return (
    <Box
      component={RouterLink}
      to={authenticated ? defaultSignedInPath : paths.landing}
      aria-label={t('app.title')}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: 'text.primary',
        textDecoration: 'none',
      }}
    >
      <Box component="img" src="/favicon.svg" alt="" sx={{ width: 32, height: 32 }} />
      <Box component="span" sx={{ fontWeight: 800, fontSize: 22, letterSpacing: 0.5 }}>
        {t('app.name')}
      </Box>
      <BetaBadge />
    </Box>
  );
}
