import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../navigation/route-paths.ts';
import { showTutorialChanged } from '../store/account.slice.ts';
import { useAppDispatch } from '../store/hooks.ts';
import { markTutorialSeen } from '../tutorial/tutorial-seen.ts';
import { PageLayout } from './page-layout.tsx';

/** docs/PRODUCT.md#what-bops-does: three steps to a first song in the user's own voice, and a bonus rap step, each opening the real flow. */
export const tutorialSteps = [
  { id: 'aiSinger', to: paths.voiceCloningStep(1), bonus: false },
  { id: 'record', to: paths.voiceCloningStep(1), bonus: false },
  { id: 'remix', to: paths.songCover, bonus: false },
  { id: 'rap', to: paths.rapStep(1), bonus: true },
] as const;

export default function TutorialPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    markTutorialSeen();
    dispatch(showTutorialChanged(false));
  }, [dispatch]);
  return (
    <PageLayout title={t('pages.tutorial.title')} subtitle={t('tutorial.intro')}>
      <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {tutorialSteps.map((step, index) => (
          <Paper
            component="li"
            key={step.id}
            variant="outlined"
            data-testid="tutorial-step"
            aria-labelledby={`tutorial-${step.id}`}
            sx={{
              p: { xs: 2, md: 3 },
              borderRadius: 3,
              ...(step.bonus ? { borderColor: 'primary.main' } : {}),
            }}
          >
            <Chip
              size="small"
              color={step.bonus ? 'primary' : 'default'}
              label={step.bonus ? t('tutorial.bonus') : t('tutorial.step', { step: index + 1 })}
              sx={{ mb: 1 }}
            />
            <Typography id={`tutorial-${step.id}`} variant="h6" component="h2" sx={{ fontWeight: 700 }}>
              {t(`tutorial.steps.${step.id}.title`)}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
              {t(`tutorial.steps.${step.id}.body`)}
            </Typography>
            <Box>
              <Button variant={step.bonus ? 'contained' : 'outlined'} component={RouterLink} to={step.to}>
                {t(`tutorial.steps.${step.id}.action`)}
              </Button>
            </Box>
          </Paper>
        ))}
      </Stack>
      <Typography color="text.secondary" variant="body2" sx={{ mt: 3 }}>
        {t('tutorial.seen')}
      </Typography>
    </PageLayout>
  );
}
