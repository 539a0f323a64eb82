import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useVersionState } from '../../../api/versions-api.ts';

/**
 * The banner's text: the mode's text, then the running chats as a sentence of its own. The 'Direkt'
 * text is a phrase without a full stop, so it gets one before the next sentence.
 */
export function liveBannerText(modeText: string, runningText: string | null): string {
  if (!runningText) return modeText;
  return `${/[.!?…]$/.test(modeText) ? modeText : `${modeText}.`} ${runningText}`;
}

/**
 * The banner while a live dialog is edited: in 'Direkt' a change reaches new chats at once; in
 * 'Mit Veröffentlichen' it waits for 'Veröffentlichen'. Either way running chats keep their version.
 */
export function LiveBanner({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation();
  const { data: state } = useVersionState(surveyId);
  const running = state?.running_chats ?? 0;
  const mode = state?.mode === 'publish' ? t('versions.banner.publish') : t('preflight.liveBanner');
  return (
    <Alert severity="info" sx={{ mb: 1 }} data-testid="live-banner">
      {liveBannerText(mode, running > 0 ? t('versions.banner.running', { count: running }) : null)}
    </Alert>
  );
}
