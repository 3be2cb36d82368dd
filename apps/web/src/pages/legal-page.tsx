import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/i18n.setup.ts';
import { enLegal, legalUpdated, type LegalDocument } from '../legal/en-legal.translation.ts';
import { TakedownNoticeForm } from '../legal/takedown-notice-form.tsx';
import { paths } from '../navigation/route-paths.ts';
import { PageLayout } from './page-layout.tsx';

// The long texts are their own namespace, added when this page's chunk loads instead of with every page.
i18n.addResourceBundle('en', 'legal', enLegal, true, true);

interface LegalSection {
  heading: string;
  paragraphs: string[];
}

const documentPaths: Record<LegalDocument, string> = {
  termsAndConditions: paths.termsAndConditions,
  privacyPolicy: paths.privacyPolicy,
  communityGuidelines: paths.communityGuidelines,
};

function sectionId(index: number) {
  return `section-${index + 1}`;
}

/** Terms, privacy policy and community guidelines (docs/PRODUCT.md#screens-and-routes): full texts, with the takedown form on the guidelines. */
export default function LegalPage({ document }: { document: LegalDocument }) {
  const { t } = useTranslation('legal');
  const { t: tApp } = useTranslation();
  const sections = t(`${document}.sections`, { returnObjects: true }) as unknown as LegalSection[];
  const updated = new Date(`${legalUpdated}T00:00:00Z`).toLocaleDateString('en', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <PageLayout title={t(`${document}.title`)} subtitle={tApp('legal.lastUpdated', { date: updated })}>
      <Typography sx={{ mb: 3 }}>{t(`${document}.intro`)}</Typography>
      <Box component="nav" aria-label={tApp('legal.contents')} sx={{ mb: 4 }}>
        <Typography variant="overline" component="h2" color="text.secondary">
          {tApp('legal.contents')}
        </Typography>
        <Box component="ol" sx={{ pl: 3, my: 0 }}>
          {sections.map((section, index) => (
            <li key={section.heading}>
              <Link href={`#${sectionId(index)}`}>{section.heading}</Link>
            </li>
          ))}
          {document === 'communityGuidelines' && (
            <li>
              <Link href="#takedown">{tApp('takedown.title')}</Link>
            </li>
          )}
        </Box>
      </Box>
      {sections.map((section, index) => (
        <Box
          component="section"
          key={section.heading}
          id={sectionId(index)}
          aria-labelledby={`${sectionId(index)}-title`}
          sx={{ mb: 4, scrollMarginTop: 80 }}
        >
          <Typography
            id={`${sectionId(index)}-title`}
            variant="h5"
            component="h2"
            sx={{ fontWeight: 700 }}
            gutterBottom
          >
            {index + 1}. {section.heading}
          </Typography>
          {section.paragraphs.map((paragraph) => (
            <Typography key={paragraph} sx={{ mb: 1.5 }}>
              {paragraph}
            </Typography>
          ))}
        </Box>
      ))}
      {document === 'communityGuidelines' && <TakedownNoticeForm />}
      <Divider sx={{ my: 4 }} />
      <Typography variant="overline" component="h2" color="text.secondary">
        {tApp('legal.otherDocuments')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }}>
        {(Object.keys(documentPaths) as LegalDocument[])
          .filter((other) => other !== document)
          .map((other) => (
            <Link key={other} component={RouterLink} to={documentPaths[other]}>
              {t(`${other}.title`)}
            </Link>
          ))}
      </Stack>
    </PageLayout>
  );
}
