import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '../navigation/route-paths.ts';
import { VoiceBuildStep } from '../voice-cloning/voice-build-step.tsx';
import { VoiceCaptureStep } from '../voice-cloning/voice-capture-step.tsx';
import { PageLayout } from './page-layout.tsx';
import { StepRoute } from './step-route.tsx';

const totalSteps = 2;

/** docs/PRODUCT.md#screens-and-routes `/create/voice-cloning/step-{n}`: 1 captures the voice, 2 follows the build. */
export default function VoiceCloningPage() {
  const { t } = useTranslation();
  return (
    <StepRoute>
      {(step) =>
        step > totalSteps ? (
          <Navigate to={paths.voiceCloningStep(1)} replace />
        ) : (
          <PageLayout
            title={t('voiceCloning.title')}
            subtitle={`${t('voiceCloning.stepOf', { step, total: totalSteps })} · ${t(`voiceCloning.stepNames.${step}`)}`}
          >
            {step === 1 ? <VoiceCaptureStep /> : <VoiceBuildStep />}
          </PageLayout>
        )
      }
    </StepRoute>
  );
}
