import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { requestPasswordResetRequest } from '../../../contract/account.ts';
import { endpoints } from '../../../contract/endpoints/index.ts';
import { ApiError } from '../../api/client.ts';
import { authorApi } from '../../api/clients.ts';
import { AuthForm, failureMessage, useAuthForm } from './AuthForm.tsx';

type Values = z.input<typeof requestPasswordResetRequest>;

/** Asks for a reset link; the answer is the same whether or not the account exists. */
export function RequestResetForm() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { handleSubmit, formState, field } = useAuthForm<Values>(zodResolver(requestPasswordResetRequest), {
    username_or_email: '',
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
    <AuthForm
      onSubmit={handleSubmit(submit)}
      intro={t('emailFlows.resetIntro')}
      message={failureMessage(error)}
      submitLabel={t('emailFlows.requestReset')}
      submitting={formState.isSubmitting}
    >
      {field('username_or_email', t('emailFlows.usernameOrEmail'), {
        autoComplete: 'username',
        autoFocus: true,
      })}
    </AuthForm>
  );
}
