import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function PageLayout({
  title,
  subtitle,
  children,
  maxWidth = 'md',
}: {
  title: string;
  subtitle?: string;
  children?: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 3, md: 5 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }} gutterBottom>
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {subtitle}
        </Typography>
      )}
      {children}
    </Container>
  );
}

/** Says plainly that a page's feature has not arrived yet. */
export function NotAvailableNotice() {
  const { t } = useTranslation();
  return (
    <Alert severity="info" variant="outlined" sx={{ my: 3 }} data-testid="not-available">
      <AlertTitle>{t('app.notAvailable')}</AlertTitle>
      {t('app.notAvailableDetail')}
    </Alert>
  );
}

/** A titled block of placeholder rows standing where the feature's content will go. */
export function SkeletonSection({
  title,
  rows = 3,
  height = 48,
}: {
  title?: string;
  rows?: number;
  height?: number;
}) {
  return (
    <Box component="section" sx={{ my: 3 }}>
      {title && (
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
      )}
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={height} sx={{ mb: 1 }} animation={false} />
      ))}
    </Box>
  );
}
