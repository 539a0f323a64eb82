import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { requestPasswordResetRequest } from '../../../contract/account.ts';
import { endpoints } from '../../../contract/endpoints/index.ts';
import { ApiError } from '../../api/client.ts';
import { authorApi } from '../../api/clients.ts';

type Values = z.input<typeof requestPasswordResetRequest>;

/** Asks for a reset link; the answer is the same whether or not the account exists. */
export function RequestResetForm() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(requestPasswordResetRequest),
    defaultValues: { username_or_email: '' },
  });

  const submit = async (values: Values) => {
    setError(null);
    try {
      await authorApi.call(endpoints.requestPasswordReset, values, { auth: false });
      setSent(true);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 429
          ? t('messages.loginTooManyAttempts')
          : t('messages.genericError'),
      );
    }
  };

  if (sent) {
    return (
      <Alert severity="success" role="status">
        {t('emailFlows.resetRequested')}
      </Alert>
    );
  }
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(submit)}>
      <Typography variant="body2" color="text.secondary">
        {t('emailFlows.resetIntro')}
      </Typography>
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      <TextField
        label={t('emailFlows.usernameOrEmail')}
        autoComplete="username"
        autoFocus
        error={!!errors.username_or_email}
        helperText={errors.username_or_email?.message}
        {...register('username_or_email')}
      />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
        {t('emailFlows.requestReset')}
      </Button>
    </Stack>
  );
}
