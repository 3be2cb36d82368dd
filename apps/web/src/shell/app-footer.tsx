import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { footerNavItems } from '../navigation/nav-items.ts';
import { navLinkProps } from './nav-link-props.ts';

/** A footer link: secondary text, underlined on hover (plain styled links keep MUI's Link out of the first load). */
const linkSx = {
  color: 'text.secondary',
  fontSize: '0.875rem',
  lineHeight: 1.43,
  textDecoration: 'none',
  '&:hover': { textDecoration: 'underline' },
} as const;

/** Copyright with the current year and the legal links; the links stack on narrow screens (docs/PRODUCT.md#screens-and-routes). */
export function AppFooter({ year = new Date().getFullYear() }: { year?: number }) {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ px: 3, py: 3, borderTop: 1, borderColor: 'divider', mt: 'auto' }}>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: { xs: 1, sm: 3 },
          alignItems: { xs: 'flex-start', sm: 'center' },
          justifyContent: 'space-between',
        }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('footer.copyright', { year })}
        </Typography>
        <Box
          sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: { xs: 1, sm: 3 } }}
          data-testid="footer-links"
        >
          {footerNavItems.map((item) => (
            <Box key={item.id} sx={linkSx} {...navLinkProps(item, false)}>
              {t(item.title)}
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
