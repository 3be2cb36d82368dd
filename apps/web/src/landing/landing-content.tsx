import { useRef, useState, useTransition, type Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { track, type EventPayload } from '../analytics/analytics.ts';
import { paths } from '../navigation/route-paths.ts';
import { BetaBadge } from '../shell/beta-badge.tsx';
import {
  landingFeatures,
  landingTimings,
  parallaxFactors,
  previewPosterUrl,
  previewVideoUrl,
  type LandingFeature,
} from './landing-features.ts';
import { PreviewVideo } from './preview-video.tsx';
import { useParallax } from './use-parallax.ts';

const fadeIn = keyframes`
  from { opacity: 0; transform: translateY(12px); }
  to { opacity: 1; transform: none; }
`;

function FeatureSection({
  feature,
  index,
  sectionRef,
}: {
  feature: LandingFeature;
  index: number;
  sectionRef?: Ref<HTMLElement>;
}) {
  const { t } = useTranslation();
  const mediaRef = useRef<HTMLDivElement>(null);
  useParallax(mediaRef, parallaxFactors.preview);
  const mediaFirst = index % 2 === 0;
  return (
    <Box
      component="section"
      ref={sectionRef}
      id={`feature-${feature.media}`}
      data-testid="landing-feature"
      aria-labelledby={`feature-${feature.id}`}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        gap: { xs: 2, md: 6 },
        alignItems: 'center',
        py: { xs: 4, md: 8 },
        scrollMarginTop: 80,
      }}
    >
      <Box ref={mediaRef} sx={{ order: { xs: 0, md: mediaFirst ? 0 : 1 }, willChange: 'transform' }}>
        <PreviewVideo
          src={previewVideoUrl(feature)}
          poster={previewPosterUrl(feature)}
          label={t(`landing.features.${feature.id}.videoLabel`)}
        />
      </Box>
      <Box>
        <Typography variant="overline" color="primary" component="p">
          {t(`landing.features.${feature.id}.subtitle`)}
        </Typography>
        <Typography
          id={`feature-${feature.id}`}
          variant="h4"
          component="h2"
          sx={{ fontWeight: 700 }}
          gutterBottom
        >
          {t(`landing.features.${feature.id}.title`)}
        </Typography>
        <Typography color="text.secondary">{t(`landing.features.${feature.id}.description`)}</Typography>
      </Box>
    </Box>
  );
}

/**
 * The marketing landing (docs/PRODUCT.md#what-bops-does and #states): hero fading in, four feature previews alternating sides with parallax, and the
 * closing call. `eventPayload` rides along on the button events (the social landing adds its campaign there).
 */
export function LandingContent({
  eventPayload,
  onGetStarted,
}: {
  eventPayload?: EventPayload;
  onGetStarted?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const firstFeature = useRef<HTMLElement>(null);
  const hero = useRef<HTMLDivElement>(null);
  useParallax(hero, parallaxFactors.hero, { fromTop: true });
  const [signingIn, startSignIn] = useTransition();
  const [clicked, setClicked] = useState<'signIn' | 'journey' | null>(null);

  const goToSignIn = (button: 'signIn' | 'journey') => {
    track(button === 'signIn' ? 'sign_in_button' : 'start_your_journey_button', eventPayload);
    setClicked(button);
    // A transition keeps the landing on screen, with the button loading, while the sign-in page's code arrives.
    startSignIn(() => {
      void navigate(paths.signIn);
    });
  };

  const getStarted = () => {
    track('get_started_button', eventPayload);
    onGetStarted?.();
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    firstFeature.current?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  };

  return (
    <Box sx={{ overflowX: 'hidden' }}>
      <Box sx={{ position: 'relative' }}>
        <Container
          ref={hero}
          maxWidth="md"
          data-testid="landing-hero"
          sx={{
            textAlign: 'center',
            py: { xs: 8, md: 14 },
            animation: `${fadeIn} ${landingTimings.heroFadeMs}ms ease-out both`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        >
          <Typography variant="h2" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 44, md: 72 } }}>
            {t('app.title')} <BetaBadge size="medium" />
          </Typography>
          <Typography variant="h5" component="p" color="text.secondary" sx={{ mt: 2 }}>
            {t('app.slogan')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 2, maxWidth: 520, mx: 'auto' }}>
            {t('landing.lead')}
          </Typography>
          <Box
            sx={{
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              gap: 2,
              mt: 5,
              justifyContent: 'center',
            }}
          >
            <Button variant="contained" size="large" onClick={getStarted}>
              {t('landing.getStarted')}
            </Button>
            <Button
              variant="outlined"
              size="large"
              loading={signingIn && clicked === 'signIn'}
              loadingPosition="start"
              disabled={signingIn}
              onClick={() => goToSignIn('signIn')}
            >
              {t('landing.signIn')}
            </Button>
          </Box>
        </Container>
      </Box>
      <Container maxWidth="lg">
        {landingFeatures.map((feature, index) => (
          <FeatureSection
            key={feature.id}
            feature={feature}
            index={index}
            sectionRef={index === 0 ? firstFeature : undefined}
          />
        ))}
      </Container>
      <Container maxWidth="sm" sx={{ textAlign: 'center', py: { xs: 8, md: 12 } }}>
        <Typography variant="h3" component="h2" sx={{ fontWeight: 800 }} gutterBottom>
          {t('landing.youreTheStar')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {t('landing.closing')}
        </Typography>
        <Button
          variant="contained"
          size="large"
          loading={signingIn && clicked === 'journey'}
          loadingPosition="start"
          disabled={signingIn}
          onClick={() => goToSignIn('journey')}
        >
          {t('landing.startYourJourney')}
        </Button>
      </Container>
    </Box>
  );
}
