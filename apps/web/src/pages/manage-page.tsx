import { useTranslation } from 'react-i18next';
import { NotAvailableNotice, PageLayout, SkeletonSection } from './page-layout.tsx';

export default function ManagePage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('pages.manage.title')}>
      <NotAvailableNotice />
      <SkeletonSection title={t('pages.manage.aiSingers')} rows={2} height={64} />
      <SkeletonSection title={t('pages.manage.playlists')} rows={3} height={64} />
    </PageLayout>
  );
}
