import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Runs a playlist change and keeps the reason it failed (the server's words, else a general one) to show. */
export function usePlaylistAction() {
  const { t } = useTranslation();
  const [failed, setFailed] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    setFailed(null);
    try {
      await action();
      return true;
    } catch (error) {
      const detail = (error as { detail?: string } | null)?.detail;
      setFailed(detail ?? t('manage.failed'));
      return false;
    }
  };
  return { run, failed, setFailed };
}
