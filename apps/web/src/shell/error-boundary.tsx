import { Component, type ErrorInfo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Translation } from 'react-i18next';
import type { CrashReport } from '@bops/shared/api/shell';
import { reportCrash } from '../api/crash-report.ts';

interface Props {
  children: ReactNode;
  report?: (report: CrashReport) => unknown;
}

/** Catches rendering crashes, shows the product's fallback and reports what happened (docs/PRODUCT.md#errors). */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const send = this.props.report ?? reportCrash;
    void send({
      message: error instanceof Error ? error.message : String(error),
      componentStack: info.componentStack ?? '',
      url: window.location.href,
      userAgent: window.navigator.userAgent,
    });
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <Translation>
        {(t) => (
          <Box
            role="alert"
            sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 3 }}
          >
            <Box>
              <Typography variant="h3" component="h1" gutterBottom>
                {t('crash.title')}
              </Typography>
              <Typography color="text.secondary">{t('crash.message')}</Typography>
            </Box>
          </Box>
        )}
      </Translation>
    );
  }
}
