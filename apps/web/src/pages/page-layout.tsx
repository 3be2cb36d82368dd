import type { ReactNode } from 'react';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

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
