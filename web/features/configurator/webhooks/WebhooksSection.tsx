import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../../../contract/webhooks.ts';
import { CopyButton } from '../../../components/CopyButton.tsx';
import { SettingsSection, useActionFailure } from '../settings/SettingsSection.tsx';
import { DeliveryLog } from './DeliveryLog.tsx';
import { useWebhookActions, useWebhooks } from './webhooks-api.ts';

/** 'Webhooks' in the dialog's settings: add one (its secret shown once), switch, test, log, remove. */
export function WebhooksSection({ surveyId }: { surveyId: string }) {
  const { t } = useTranslation();
  const hooks = useWebhooks(surveyId);
  const actions = useWebhookActions(surveyId);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['chat.finished']);
  const [secret, setSecret] = useState<string | null>(null);
  const [openLog, setOpenLog] = useState<number | null>(null);
  const failure = useActionFailure(t('webhooks.failed'));
  const failed = failure.failed;

  const toggle = (event: WebhookEvent) =>
    setEvents((e) => (e.includes(event) ? e.filter((x) => x !== event) : [...e, event]));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    failure.clear();
    actions.create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (made) => {
          setSecret(made.secret);
          setUrl('');
        },
        onError: failed,
      },
    );
  };

  return (
    <SettingsSection title={t('webhooks.title')} intro={t('webhooks.intro')} failure={failure}>
      {secret ? (
        <Alert severity="success" onClose={() => setSecret(null)}>
          {t('webhooks.secretOnce')}
          <Typography
            component="code"
            sx={{ display: 'block', mt: 1, fontFamily: 'monospace', wordBreak: 'break-all' }}
          >
            {secret}
          </Typography>
          <CopyButton value={secret} label={t('webhooks.copySecret')} sx={{ mt: 1 }} />
        </Alert>
      ) : null}
      {hooks.data?.webhooks.map((hook) => (
        <Box key={hook.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
          <Typography sx={{ wordBreak: 'break-all' }}>{hook.url}</Typography>
          <Typography variant="body2" color="text.secondary">
            {hook.events.map((e) => t(`webhooks.events.${e}`)).join(', ')}
          </Typography>
          {hook.disabled_reason ? (
            <Alert severity="warning" sx={{ my: 1 }}>
              {hook.disabled_reason}
            </Alert>
          ) : null}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <FormControlLabel
              control={
                <Switch
                  checked={hook.enabled}
                  onChange={(_, enabled) =>
                    actions.update.mutate({ id: hook.id, enabled }, { onError: failed })
                  }
                />
              }
              label={t('webhooks.enabled')}
            />
            <Button size="small" onClick={() => actions.test.mutate(hook.id, { onError: failed })}>
              {t('webhooks.test')}
            </Button>
            <Button size="small" onClick={() => setOpenLog(openLog === hook.id ? null : hook.id)}>
              {t('webhooks.log')}
            </Button>
            <Button
              size="small"
              color="error"
              onClick={() => actions.remove.mutate(hook.id, { onError: failed })}
            >
              {t('webhooks.remove')}
            </Button>
          </Stack>
          {openLog === hook.id ? (
            <DeliveryLog
              surveyId={surveyId}
              id={hook.id}
              onResend={(deliveryId) => actions.resend.mutate(deliveryId, { onError: failed })}
            />
          ) : null}
        </Box>
      ))}
      <Stack component="form" spacing={1} onSubmit={submit}>
        <TextField
          label={t('webhooks.url')}
          placeholder="https://"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          size="small"
        />
        <FormGroup row aria-label={t('webhooks.eventsLabel')}>
          {WEBHOOK_EVENTS.map((event) => (
            <FormControlLabel
              key={event}
              control={<Checkbox checked={events.includes(event)} onChange={() => toggle(event)} />}
              label={t(`webhooks.events.${event}`)}
            />
          ))}
        </FormGroup>
        <Box>
          <Button type="submit" variant="outlined" disabled={!url.trim() || events.length === 0}>
            {t('webhooks.add')}
          </Button>
        </Box>
      </Stack>
    </SettingsSection>
  );
}
