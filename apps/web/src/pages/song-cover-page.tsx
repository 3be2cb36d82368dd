import { useTranslation } from 'react-i18next';
import { NotAvailableNotice, PageLayout, SkeletonSection } from './page-layout.tsx';

export default function SongCoverPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('pages.songCover.title')}>
      <NotAvailableNotice />
      <SkeletonSection title={t('nav.songCover')} rows={3} />
    </PageLayout>
  );
}
