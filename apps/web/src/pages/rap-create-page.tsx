import { useTranslation } from 'react-i18next';
import { NotAvailableNotice, PageLayout, SkeletonSection } from './page-layout.tsx';
import { StepRoute } from './step-route.tsx';

export default function RapCreatePage() {
  const { t } = useTranslation();
  return (
    <StepRoute>
      {(step) => (
        <PageLayout title={t('pages.rap.title')} subtitle={t('pages.rap.step', { step })}>
          <NotAvailableNotice />
          <SkeletonSection title={t('nav.rap')} rows={5} />
        </PageLayout>
      )}
    </StepRoute>
  );
}
