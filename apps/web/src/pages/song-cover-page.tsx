import { COVER_PROGRESS_COMPLETED, COVER_PROGRESS_PHASES } from '@bops/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '../navigation/route-paths.ts';
import { CreationProgressPanel, type ProgressTrack } from '../rap/rap-progress-view.tsx';
import { CoverResultView } from '../song-cover/cover-result-view.tsx';
import { SongCoverFormView } from '../song-cover/song-cover-form-view.tsx';
import { PageLayout } from './page-layout.tsx';

/** docs/PRODUCT.md#entities "Progress wording", remix track. */
const remixTrack: ProgressTrack = {
  phases: COVER_PROGRESS_PHASES,
  completed: COVER_PROGRESS_COMPLETED,
  textPrefix: 'songCover',
  restartPath: paths.songCover,
  result: (musicId) => <CoverResultView musicId={musicId} />,
};

/** Song cover / remix at /create/song-cover: the form, then (with `?task=`) the progress and the result. */
export default function SongCoverPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const taskId = params.get('task');
  if (taskId) {
    return (
      <PageLayout title={t('songCover.progress.title')}>
        <CreationProgressPanel key={taskId} taskId={taskId} track={remixTrack} />
      </PageLayout>
    );
  }
  return (
    <PageLayout title={t('pages.songCover.title')} subtitle={t('songCover.intro')}>
      <SongCoverFormView />
    </PageLayout>
  );
}
