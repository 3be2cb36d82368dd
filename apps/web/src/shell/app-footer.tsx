import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { footerNavItems } from '../navigation/nav-items.ts';
import { navLinkProps } from './nav-link-props.ts';

/** Copyright with the current year and the legal links; the links stack on narrow screens (spec §2). */
export function AppFooter({ year = new Date().getFullYear() }: { year?: number }) {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ px: 3, py: 3, borderTop: 1, borderColor: 'divider', mt: 'auto' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1, sm: 3 }}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('footer.copyright', { year })}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }} data-testid="footer-links">
          {footerNavItems.map((item) => (
            <Link
              key={item.id}
              color="text.secondary"
              underline="hover"
              variant="body2"
              {...navLinkProps(item, false)}
            >
              {t(item.title)}
            </Link>
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
