import { useTranslation } from 'react-i18next';
import { NotAvailableNotice, PageLayout, SkeletonSection } from './page-layout.tsx';

const titles = {
  communityGuidelines: 'nav.communityGuidelines',
  privacyPolicy: 'nav.privacyPolicy',
  termsAndConditions: 'nav.termsAndConditions',
} as const;

export default function LegalPage({ document }: { document: keyof typeof titles }) {
  const { t } = useTranslation();
  return (
    <PageLayout title={t(titles[document])}>
      <NotAvailableNotice />
      <SkeletonSection rows={6} height={20} />
    </PageLayout>
  );
}
