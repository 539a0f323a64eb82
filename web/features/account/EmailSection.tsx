import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Account } from '../../../contract/account.ts';
import { endpoints } from '../../../contract/endpoints/index.ts';
import { emailAddressSchema } from '../../../contract/sharing.ts';
import { authorApi } from '../../api/clients.ts';
import { Section } from '../../components/Section.tsx';
import { validationText } from '../../i18n/validation.ts';
import { reportCallError } from '../../lib/report-error.ts';

const schema = z.object({ email: emailAddressSchema });
type Values = z.input<typeof schema>;

/**
 * The account's e-mail and whether it is confirmed. A new address only becomes the account's once its
 * link is opened (/email_validation); an unconfirmed current address can get its link again.
 */
export function EmailSection({ account }: { account: Account }) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { email: '' } });

  const request = async (email: string | undefined) => {
    setBusy(true);
    try {
      await authorApi.call(endpoints.requestEmailValidation, email ? { email } : {});
      setSentTo(email ? t('account.validationSent', { email }) : t('account.validationSentCurrent'));
      reset({ email: '' });
    } catch (failure) {
      reportCallError(t('account.failed'), failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title={t('account.email')}>
      <Stack spacing={2}>
        <Stack sx={{ alignItems: 'center', flexWrap: 'wrap' }} direction="row" spacing={1}>
          <Typography data-testid="account-email">{account.email ?? t('account.emailNone')}</Typography>
          {account.email ? (
            <Chip
              size="small"
              color={account.email_verified ? 'success' : 'warning'}
              label={account.email_verified ? t('account.emailVerified') : t('account.emailUnverified')}
            />
          ) : null}
          {account.email && !account.email_verified ? (
            <Button size="small" disabled={busy} onClick={() => void request(undefined)}>
              {t('account.requestValidation')}
            </Button>
          ) : null}
        </Stack>
        {sentTo ? (
          <Alert severity="success" role="status" onClose={() => setSentTo(null)}>
            {sentTo}
          </Alert>
        ) : null}
        <Stack
          sx={{ alignItems: { sm: 'flex-start' } }}
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          noValidate
          onSubmit={handleSubmit((v) => request(v.email))}
        >
          <TextField
            label={t('account.newEmail')}
            type="email"
            size="small"
            fullWidth
            error={!!errors.email}
            helperText={validationText(errors.email?.message, t)}
            {...register('email')}
          />
          <Button type="submit" variant="outlined" disabled={busy} sx={{ flexShrink: 0, height: 40 }}>
            {t('account.changeEmail')}
          </Button>
        </Stack>
      </Stack>
    </Section>
  );
}
