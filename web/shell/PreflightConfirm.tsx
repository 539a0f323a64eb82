import { useTranslation } from 'react-i18next';
import { needsAttention } from '../../contract/preflight.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { PreflightList } from '../components/PreflightList.tsx';
import { useDialogStore } from '../state/dialog.ts';
import { useLiveSwitchStore } from './live-switch.ts';

/**
 * What the pre-flight check found when the author switched the dialog live: errors keep 'Trotzdem live
 * schalten' disabled; warnings can be confirmed; with info items only (the end redirects' addresses) the
 * button is 'Live schalten'. A followed link closes it. Open while the live switch holds issues.
 */
export function PreflightConfirm({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const issues = useLiveSwitchStore((s) => s.issues);
  const dismiss = useLiveSwitchStore((s) => s.dismiss);
  const confirmLive = useLiveSwitchStore((s) => s.confirmLive);
  const surveyId = useDialogStore((s) => s.dialog?.survey_id ?? '');
  return (
    <ConfirmDialog
      open={open}
      title={t('preflight.title')}
      text=""
      cancelLabel={t('preflight.close')}
      confirmLabel={t(issues?.some(needsAttention) ? 'preflight.goLive' : 'preflight.goLiveNow')}
      confirmDisabled={issues?.some((i) => i.severity === 'error') ?? true}
      onCancel={dismiss}
      onConfirm={() => void confirmLive()}
    >
      <PreflightList surveyId={surveyId} issues={issues ?? []} onNavigate={dismiss} />
    </ConfirmDialog>
  );
}
