import { useTranslation } from 'react-i18next';
import { NotAvailableNotice, PageLayout, SkeletonSection } from './page-layout.tsx';

export default function SharedPlaylistPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('pages.shared.title')}>
      <NotAvailableNotice />
      <SkeletonSection title={t('pages.myBops.playlists')} rows={4} height={64} />
    </PageLayout>
  );
}
