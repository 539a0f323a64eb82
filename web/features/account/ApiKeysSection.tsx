import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_KEY_SCOPES, type ApiKey, type ApiKeyScope } from '../../../contract/api-keys.ts';
import { ItemConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { Section } from '../../components/Section.tsx';
import { formatDate } from '../../i18n/date.ts';
import { failureText } from '../../lib/failure-text.ts';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api-keys-api.ts';

const EXPIRY_DAYS = [30, 90, 365] as const;

/** 'API-Schlüssel': create a key (its secret shown once), list keys with their last use, revoke. */
export function ApiKeysSection() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read']);
  const [days, setDays] = useState<number>(90);
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const failed = (error: unknown) => setFailure(failureText(t('apiKeys.failed'), error));

  const toggle = (scope: ApiKeyScope) =>
    setScopes((s) => (s.includes(scope) ? s.filter((x) => x !== scope) : [...s, scope]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    create.mutate(
      { name: name.trim(), scopes, expires_in_days: days },
      {
        onSuccess: (made) => {
          setSecret(made.secret);
          setName('');
        },
        onError: failed,
      },
    );
  };

  const status = (key: ApiKey) => {
    if (key.revoked_at !== null) return t('apiKeys.revoked');
    if (key.expires_at <= Date.now()) return t('apiKeys.expired');
    return t('apiKeys.expires', { date: formatDate(key.expires_at, 'P') });
  };

  return (
    <Section title={t('apiKeys.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('apiKeys.intro')}
      </Typography>
      {failure ? (
        <Alert severity="error" onClose={() => setFailure(null)} sx={{ mb: 2 }}>
          {failure}
        </Alert>
      ) : null}
      {secret ? (
        <Alert severity="success" onClose={() => setSecret(null)} sx={{ mb: 2 }}>
          {t('apiKeys.created')}
          <Typography
            component="code"
            sx={{ display: 'block', mt: 1, fontFamily: 'monospace', wordBreak: 'break-all' }}
          >
            {secret}
          </Typography>
          <CopyButton value={secret} label={t('apiKeys.copy')} sx={{ mt: 1 }} />
        </Alert>
      ) : null}
      <Stack component="form" spacing={1.5} onSubmit={submit} sx={{ mb: 2 }}>
        <TextField
          label={t('apiKeys.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          size="small"
        />
        <FormGroup row aria-label={t('apiKeys.scopes')}>
          {API_KEY_SCOPES.map((scope) => (
            <FormControlLabel
              key={scope}
              control={<Checkbox checked={scopes.includes(scope)} onChange={() => toggle(scope)} />}
              label={t(`apiKeys.scope.${scope}`)}
            />
          ))}
        </FormGroup>
        <TextField
          select
          label={t('apiKeys.expiry')}
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
          size="small"
          sx={{ maxWidth: 200 }}
        >
          {EXPIRY_DAYS.map((d) => (
            <MenuItem key={d} value={d}>
              {t('apiKeys.days', { count: d })}
            </MenuItem>
          ))}
        </TextField>
        <div>
          <Button
            type="submit"
            variant="contained"
            disabled={!name.trim() || scopes.length === 0 || create.isPending}
          >
            {t('apiKeys.create')}
          </Button>
        </div>
      </Stack>
      {keys.data && keys.data.keys.length === 0 ? (
        <Typography variant="body2">{t('apiKeys.none')}</Typography>
      ) : null}
      <List dense>
        {keys.data?.keys.map((key) => (
          // The revoke button is part of the row, not a secondary action: that one reserves a fixed
          // 48 px, and on a phone the button's German label lay over the key's dates.
          <ListItem key={key.id} data-testid="api-key-row" sx={{ gap: 1 }}>
            <ListItemText
              primary={`${key.name} (${key.hint}…)`}
              secondary={[
                key.scopes.map((s) => t(`apiKeys.scope.${s}`)).join(', '),
                status(key),
                key.last_used_at === null
                  ? t('apiKeys.neverUsed')
                  : t('apiKeys.lastUsed', { date: formatDate(key.last_used_at, 'Pp') }),
              ].join(' · ')}
            />
            {key.revoked_at === null ? (
              <Button color="error" size="small" onClick={() => setRevoking(key)} sx={{ flexShrink: 0 }}>
                {t('apiKeys.revoke')}
              </Button>
            ) : null}
          </ListItem>
        ))}
      </List>
      <ItemConfirmDialog
        item={revoking}
        onClose={() => setRevoking(null)}
        onConfirm={(key) => revoke.mutate(key.id, { onError: failed })}
        title={t('apiKeys.revoke')}
        text={t('apiKeys.revokeText', { name: revoking?.name ?? '' })}
        confirmLabel={t('apiKeys.revoke')}
      />
    </Section>
  );
}
