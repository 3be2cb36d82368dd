import { useTranslation } from 'react-i18next';
import { NotAvailableNotice, PageLayout, SkeletonSection } from './page-layout.tsx';

export default function TutorialPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('pages.tutorial.title')}>
      <NotAvailableNotice />
      <SkeletonSection title={t('nav.voiceCloning')} rows={2} />
      <SkeletonSection title={t('nav.songCover')} rows={2} />
      <SkeletonSection title={t('nav.rap')} rows={2} />
    </PageLayout>
  );
}
