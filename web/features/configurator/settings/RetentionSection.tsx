import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { retentionDaysSchema } from '../../../../contract/retention.ts';
import { ApiError } from '../../../api/client.ts';
import { useRetention, useSetRetention } from '../../../api/retention-api.ts';

const DEFAULT_DAYS = 180;

/**
 * 'Antworten löschen nach N Tagen' in the dialog's settings: off (answers kept) by default; only the
 * owner may change it (the server refuses others), the other members see it.
 */
export function RetentionSection({ surveyId, isOwner }: { surveyId: string; isOwner: boolean }) {
  const { t } = useTranslation();
  const stored = useRetention(surveyId);
  const save = useSetRetention(surveyId);
  const [on, setOn] = useState(false);
  const [days, setDays] = useState(String(DEFAULT_DAYS));
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    if (stored.data === undefined) return;
    setOn(stored.data !== null);
    if (stored.data !== null) setDays(String(stored.data));
  }, [stored.data]);

  const parsed = retentionDaysSchema.safeParse(Number(days));
  const error =
    on && (!/^\d+$/.test(days.trim()) || !parsed.success) ? parsed.error?.issues[0]?.message : null;
  const wanted = on ? Number(days) : null;
  const changed = stored.data !== undefined && wanted !== stored.data;
  const submit = () => {
    setNotice(null);
    save.mutate(wanted, {
      onSuccess: () => setNotice({ ok: true, text: t('audit.retention.saved') }),
      onError: (failure) =>
        setNotice({
          ok: false,
          text: `${t('audit.retention.failed')}${failure instanceof ApiError && failure.msg ? `: ${failure.msg}` : ''}`,
        }),
    });
  };

  return (
    <Stack spacing={1} component="section" aria-label={t('audit.retention.title')}>
      <Typography variant="subtitle1" component="h3">
        {t('audit.retention.title')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <FormControlLabel
          label={t('audit.retention.switch')}
          control={
            <Switch
              checked={on}
              disabled={!isOwner || stored.data === undefined}
              onChange={(e) => setOn(e.target.checked)}
            />
          }
        />
        {on ? (
          <TextField
            size="small"
            label={t('audit.retention.days')}
            value={days}
            disabled={!isOwner}
            onChange={(e) => setDays(e.target.value)}
            error={Boolean(error)}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ width: 120 }}
          />
        ) : null}
        {isOwner ? (
          <Button variant="outlined" onClick={submit} disabled={!changed || Boolean(error) || save.isPending}>
            {t('audit.retention.save')}
          </Button>
        ) : null}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {isOwner ? t('audit.retention.hint') : t('audit.retention.ownerOnly')}
      </Typography>
      {notice ? (
        <Alert severity={notice.ok ? 'success' : 'error'} onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      ) : null}
    </Stack>
  );
}
