import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../pages/page-layout.tsx';
import { lastFormStep, rapSteps } from './rap-form.ts';

/** The title, step indicator and back/next bar every form step shares. */
export function RapStepFrame({
  step,
  children,
  onBack,
  onNext,
  nextLabel,
  nextDisabled = false,
  nextIcon,
}: {
  step: number;
  children: ReactNode;
  onBack?: () => void;
  onNext: () => void;
  nextLabel?: string;
  nextDisabled?: boolean;
  nextIcon?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('pages.rap.title')} subtitle={t('rap.stepOf', { step, total: lastFormStep })}>
      <Stepper activeStep={step - 1} alternativeLabel sx={{ mb: 4, display: { xs: 'none', sm: 'flex' } }}>
        {rapSteps.map(({ step: number }) => (
          <Step key={number} completed={number < step}>
            <StepLabel>{t(`rap.stepNames.${number}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Box
        component="form"
        noValidate
        aria-label={t(`rap.stepNames.${step}`)}
        onSubmit={(event) => {
          event.preventDefault();
          onNext();
        }}
      >
        <Box component="h2" sx={{ typography: 'h6', mt: 0, mb: 2 }}>
          {t(`rap.stepNames.${step}`)}
        </Box>
        {children}
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 4 }}>
          {onBack ? (
            <Button variant="outlined" onClick={onBack}>
              {t('rap.back')}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" variant="contained" size="large" disabled={nextDisabled} startIcon={nextIcon}>
            {nextLabel ?? t('rap.next')}
          </Button>
        </Box>
      </Box>
    </PageLayout>
  );
}
