import { useTranslation } from 'react-i18next';
import { AiSingersSection } from '../voice-cloning/ai-singers-section.tsx';
import { NotAvailableNotice, PageLayout, SkeletonSection } from './page-layout.tsx';

export default function ManagePage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('pages.manage.title')}>
      <NotAvailableNotice />
      <AiSingersSection />
      <SkeletonSection title={t('pages.manage.playlists')} rows={3} height={64} />
    </PageLayout>
  );
}
