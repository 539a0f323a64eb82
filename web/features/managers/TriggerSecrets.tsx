import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Manager } from '../../../contract/managers.ts';
import { parseTrigger } from '../../../contract/triggers.ts';
import {
  logManagerFailure,
  useBlockNames,
  useManagerTriggers,
  useResetTriggerSecret,
} from '../../api/managers-api.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { CopyField } from '../../components/CopyField.tsx';
import { inboundCall } from './manager-form.ts';

/**
 * The waitAPI triggers of a manager: how an external system continues a chat (the inbound call is built
 * with the multi-chat runtime) and a new secret per trigger, shown once with a copy button.
 */
export function TriggerSecrets({
  manager,
  onFailure,
}: {
  manager: Manager;
  onFailure(detail: string): void;
}) {
  const { t } = useTranslation();
  const triggers = useManagerTriggers(manager.dialog_manager_id);
  const reset = useResetTriggerSecret();
  const [confirming, setConfirming] = useState<number | null>(null);
  const [secrets, setSecrets] = useState<Record<number, string>>({});
  const waiting = (triggers.data ?? []).flatMap((trigger) => {
    const parsed = parseTrigger(trigger.trigger);
    return parsed.ok && parsed.trigger.type === 'waitAPI' ? [{ trigger, target: parsed.trigger }] : [];
  });
  // Blocks are named from the dialogs the caller may view (connected_surveys lists only those); a trigger
  // may also join a dialog she only knows by its id (she configures another live one): that one and its
  // blocks are named as not hers to see, never by raw ids.
  const viewable = new Map(manager.connected_surveys.map((s) => [s.survey_id, s.survey_name]));
  const named = [
    ...new Set(waiting.flatMap(({ trigger, target }) => [trigger.survey_id, target.survey_id])),
  ].filter((id) => viewable.has(id));
  const blockNames = useBlockNames(named);
  const place = (surveyId: string, blockId: string) => {
    const dialog = viewable.get(surveyId);
    if (dialog === undefined) return t('managers.secrets.hiddenDialog');
    const names = blockNames.get(surveyId);
    const block = names ? (names.get(blockId) ?? t('managers.secrets.deletedBlock')) : '…';
    return `${dialog}, ${block}`;
  };

  const confirmReset = () => {
    const id = confirming;
    setConfirming(null);
    if (id === null) return;
    reset.mutate(id, {
      onSuccess: (res) => setSecrets((s) => ({ ...s, [res.id]: res.api_secret })),
      onError: (error) => onFailure(logManagerFailure('reset_trigger_secret', error)),
    });
  };

  return (
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h3">
        {t('managers.secrets.title')}
      </Typography>
      {triggers.isError ? <Alert severity="warning">{t('managers.managerLoadFailed')}</Alert> : null}
      {triggers.isSuccess && waiting.length === 0 ? (
        <Typography color="text.secondary">{t('managers.secrets.none')}</Typography>
      ) : null}
      {waiting.length > 0 ? <Typography variant="body2">{t('managers.secrets.doc')}</Typography> : null}
      {waiting.map(({ trigger, target }) => {
        const secret = secrets[trigger.id];
        const call = inboundCall(
          window.location.origin,
          trigger.id,
          secret ?? t('managers.secrets.placeholder'),
        );
        return (
          <Paper key={trigger.id} variant="outlined" sx={{ p: 1.5 }}>
            <Stack spacing={1}>
              <Typography variant="body2">
                {t('managers.secrets.trigger', {
                  id: trigger.id,
                  place: place(trigger.survey_id, trigger.unique_question_id),
                  target: place(target.survey_id, target.question_id),
                })}
              </Typography>
              <CopyField
                label={t('managers.secrets.url')}
                value={call.url}
                copyLabel={t('managers.links.copy')}
              />
              {secret ? (
                <CopyField
                  label={t('managers.secrets.secret')}
                  value={secret}
                  copyLabel={t('managers.links.copy')}
                />
              ) : null}
              <CopyField
                label={t('managers.secrets.example')}
                value={call.example}
                copyLabel={t('managers.links.copy')}
                multiline
              />
              <Button
                size="small"
                variant="outlined"
                disabled={reset.isPending}
                onClick={() => setConfirming(trigger.id)}
                sx={{ alignSelf: 'flex-start' }}
              >
                {t('managers.secrets.reset')}
              </Button>
            </Stack>
          </Paper>
        );
      })}
      <ConfirmDialog
        open={confirming !== null}
        title={t('managers.secrets.resetTitle')}
        text={t('managers.secrets.resetText')}
        confirmLabel={t('managers.secrets.reset')}
        onCancel={() => setConfirming(null)}
        onConfirm={confirmReset}
      />
    </Stack>
  );
}
