import { useEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { track, type EventPayload } from '../analytics/analytics.ts';
import {
  buildInAppLink,
  inAppTimings,
  instructionSetsFor,
  linkDeviceOf,
  linkPlatformOf,
} from './in-app-browser.ts';
import { inAppAppNames, type BrowserContext } from '../platform/browser-detection.ts';
import { copyText } from '../platform/clipboard.ts';
import { browserRedirectEnvironment, openInBrowser, type RedirectEnvironment } from './open-in-browser.ts';

type View = 'main' | 'instructions';

/**
 * docs/PRODUCT.md#states: a modal 1.5 s after the social landing shows inside an in-app browser, helping the visitor to a real
 * browser, by redirect or by instructions and a copied link.
 */
export function InAppBrowserModal({
  context,
  sessionId,
  eventPayload,
  redirectEnvironment = browserRedirectEnvironment(),
  now = () => new Date(),
}: {
  context: BrowserContext;
  sessionId: string;
  eventPayload?: EventPayload;
  redirectEnvironment?: RedirectEnvironment;
  now?: () => Date;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<View>('main');
  const [opening, setOpening] = useState(false);
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const timers = useRef<number[]>([]);
  const later = (callback: () => void, delayMs: number) => {
    timers.current.push(window.setTimeout(callback, delayMs));
  };

  useEffect(() => {
    const pending = timers.current;
    const show = window.setTimeout(() => setOpen(true), inAppTimings.modalDelayMs);
    return () => {
      window.clearTimeout(show);
      for (const timer of pending) window.clearTimeout(timer);
    };
  }, []);

  const payload: EventPayload = {
    contentName: 'welcome',
    ...eventPayload,
    device: linkDeviceOf(context.app),
    platform: linkPlatformOf(context.platform),
    session_id: sessionId,
  };
  const link = (source: 'inapp' | 'inapp_copy') =>
    buildInAppLink(window.location.href, { source, context, sessionId, now: now() });

  const copy = async (text: string): Promise<boolean> => {
    try {
      await copyText(text);
      track('link_copied', payload);
      return true;
    } catch {
      return false;
    }
  };

  const openBrowser = async () => {
    track('open_in_browser', payload);
    setOpening(true);
    later(() => setOpening(false), inAppTimings.openingMs);
    const target = link('inapp');
    try {
      const method = openInBrowser(target, context, redirectEnvironment, () => setView('instructions'));
      track('redirect_attempt', { ...payload, description: method });
    } catch (error) {
      track('redirect_failed', { ...payload, description: error instanceof Error ? error.message : '' });
      await copy(link('inapp_copy'));
      window.alert(t('inApp.redirectFailed'));
    }
  };

  const showInstructions = () => {
    track('manual_instructions', payload);
    setView('instructions');
  };

  const copyButton = async () => {
    track('copy_link', payload);
    setCopyFailed(false);
    if (await copy(link('inapp_copy'))) {
      setCopied(true);
      later(() => setCopied(false), inAppTimings.copiedMs);
    } else {
      setCopyFailed(true);
    }
  };

  const appName = context.app ? inAppAppNames[context.app] : null;
  return (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      aria-labelledby="in-app-title"
      data-testid="in-app-modal"
      data-view={view}
      slotProps={{ paper: { sx: { width: 384, maxWidth: '90vw', m: 2 } } }}
    >
      <DialogTitle id="in-app-title" sx={{ fontWeight: 700 }}>
        {view === 'main' ? t('inApp.title') : t('inApp.instructionsTitle')}
      </DialogTitle>
      {view === 'main' ? (
        <>
          <DialogContent>
            <Typography color="text.secondary">
              {appName ? t('inApp.introNamed', { app: appName }) : t('inApp.intro')}
            </Typography>
          </DialogContent>
          <DialogActions sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1, px: 3, pb: 3 }}>
            <Button variant="contained" size="large" disabled={opening} onClick={() => void openBrowser()}>
              {opening ? t('inApp.opening') : t('inApp.openInBrowser')}
            </Button>
            <Button variant="outlined" size="large" onClick={showInstructions} sx={{ ml: '0 !important' }}>
              {t('inApp.showInstructions')}
            </Button>
            <Button size="small" onClick={() => setOpen(false)} sx={{ ml: '0 !important' }}>
              {t('inApp.close')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogContent sx={{ maxHeight: '55vh' }}>
            <Stack spacing={2}>
              {instructionSetsFor(context).map((set) => (
                <section key={set} aria-labelledby={`in-app-${set}`} data-testid={`instructions-${set}`}>
                  <Typography
                    id={`in-app-${set}`}
                    variant="subtitle1"
                    component="h3"
                    sx={{ fontWeight: 700 }}
                  >
                    {t(`inApp.instructions.${set}.title`)}
                  </Typography>
                  <Typography component="ol" sx={{ pl: 2.5, my: 0.5 }} color="text.secondary">
                    {(
                      t(`inApp.instructions.${set}.steps`, { returnObjects: true }) as unknown as string[]
                    ).map((step) => (
                      <li key={step}>{step}</li>
                    ))}
                  </Typography>
                </section>
              ))}
            </Stack>
            {copyFailed && (
              <Typography color="error" variant="body2" role="alert" sx={{ mt: 2 }}>
                {t('inApp.copyFailed')}
              </Typography>
            )}
          </DialogContent>
          <DialogActions sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1, px: 3, pb: 3 }}>
            <Button variant="contained" size="large" onClick={() => void copyButton()}>
              {copied ? t('inApp.copied') : t('inApp.copyLink')}
            </Button>
            <Button variant="outlined" onClick={() => setView('main')} sx={{ ml: '0 !important' }}>
              {t('inApp.back')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
