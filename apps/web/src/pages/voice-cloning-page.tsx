import { useTranslation } from 'react-i18next';
import { NotAvailableNotice, PageLayout, SkeletonSection } from './page-layout.tsx';
import { StepRoute } from './step-route.tsx';

export default function VoiceCloningPage() {
  const { t } = useTranslation();
  return (
    <StepRoute>
      {(step) => (
        <PageLayout title={t('pages.voiceCloning.title')} subtitle={t('pages.voiceCloning.step', { step })}>
          <NotAvailableNotice />
          <SkeletonSection title={t('nav.voiceCloning')} rows={3} />
        </PageLayout>
      )}
    </StepRoute>
  );
}
