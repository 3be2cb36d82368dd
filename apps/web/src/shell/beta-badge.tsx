import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/**
 * The BETA badge of the logo and the landing title (docs/PRODUCT.md#what-bops-does): a small filled lime pill. Plain styled text rather than
 * a Chip, whose click, delete and focus handling the badge never uses and the first load then needn't carry.
 */
export function BetaBadge({ size = 'small' }: { size?: 'small' | 'medium' }) {
  const { t } = useTranslation();
  const small = size === 'small';
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        verticalAlign: 'middle',
        height: small ? 20 : 24,
        px: small ? 1 : 1.25,
        borderRadius: 10,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontSize: small ? 11 : 13,
        fontWeight: 700,
        lineHeight: 1,
        letterSpacing: 0.2,
        whiteSpace: 'nowrap',
      }}
    >
      {t('app.beta')}
    </Box>
  );
}
