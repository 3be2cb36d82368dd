import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../navigation/route-paths.ts';

const features = ['aiSinger', 'songRemix', 'playlist', 'rap'] as const;

/** The marketing landing (spec §1): hero, four feature sections alternating sides, closing call to action. */
export function LandingContent() {
  const { t } = useTranslation();
  const firstFeature = useRef<HTMLElement>(null);
  return (
    <Box>
      <Container maxWidth="md" sx={{ textAlign: 'center', py: { xs: 6, md: 10 } }}>
        <Typography variant="h2" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 44, md: 64 } }}>
          {t('app.title')}{' '}
          <Chip label={t('app.beta')} color="primary" size="small" sx={{ verticalAlign: 'middle' }} />
        </Typography>
        <Typography variant="h5" color="text.secondary" sx={{ mt: 2 }}>
          {t('app.slogan')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4, justifyContent: 'center' }}>
          <Button
            variant="contained"
            size="large"
            onClick={() => firstFeature.current?.scrollIntoView({ behavior: 'smooth' })}
          >
            {t('landing.getStarted')}
          </Button>
          <Button variant="outlined" size="large" component={RouterLink} to={paths.signIn}>
            {t('landing.signIn')}
          </Button>
        </Stack>
      </Container>
      <Container maxWidth="lg">
        {features.map((feature, index) => (
          <Box
            key={feature}
            component="section"
            ref={index === 0 ? firstFeature : undefined}
            aria-labelledby={`feature-${feature}`}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
              gap: { xs: 2, md: 6 },
              alignItems: 'center',
              py: { xs: 4, md: 6 },
            }}
          >
            <Box sx={{ order: { xs: 0, md: index % 2 === 0 ? 0 : 1 } }}>
              <Skeleton
                variant="rounded"
                animation={false}
                sx={{ width: '100%', height: 'auto', aspectRatio: '16 / 9', transform: 'none' }}
                aria-label={t('landing.previewSoon')}
                role="img"
              />
            </Box>
            <Box>
              <Typography variant="overline" color="primary">
                {t(`landing.features.${feature}.subtitle`)}
              </Typography>
              <Typography
                id={`feature-${feature}`}
                variant="h4"
                component="h2"
                sx={{ fontWeight: 700 }}
                gutterBottom
              >
                {t(`landing.features.${feature}.title`)}
              </Typography>
              <Typography color="text.secondary">{t(`landing.features.${feature}.description`)}</Typography>
            </Box>
          </Box>
        ))}
        <Typography color="text.secondary" variant="body2" sx={{ textAlign: 'center' }}>
          {t('landing.previewSoon')}
        </Typography>
      </Container>
      <Container maxWidth="sm" sx={{ textAlign: 'center', py: { xs: 6, md: 10 } }}>
        <Typography variant="h3" component="h2" sx={{ fontWeight: 800 }} gutterBottom>
          {t('landing.youreTheStar')}
        </Typography>
        <Button variant="contained" size="large" component={RouterLink} to={paths.signIn}>
          {t('landing.startYourJourney')}
        </Button>
      </Container>
    </Box>
  );
}

export default function LandingPage() {
  return <LandingContent />;
}
