import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useVersionState } from '../../../api/versions-api.ts';

/**
 * The banner while a live dialog is edited: in 'Direkt' a change reaches new chats at once; in
 * 'Mit Veröffentlichen' it waits for 'Veröffentlichen'. Either way running chats keep their version.
 */
export function LiveBanner({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation();
  const { data: state } = useVersionState(surveyId);
  const running = state?.running_chats ?? 0;
  return (
    <Alert severity="info" sx={{ mb: 1 }} data-testid="live-banner">
      {state?.mode === 'publish' ? t('versions.banner.publish') : t('preflight.liveBanner')}
      {running > 0 ? ` ${t('versions.banner.running', { count: running })}` : ''}
    </Alert>
  );
}
