import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { endpoints } from '../../../contract/endpoints/index.ts';
import { ApiError } from '../../api/client.ts';
import { authorApi } from '../../api/clients.ts';
import { type RepeatedPassword, repeatedPasswordSchema } from '../../lib/password-rules.ts';
import { useAuthStore } from '../../state/auth.ts';
import { AuthForm, failureMessage, useAuthForm } from './AuthForm.tsx';

/** Sets the new password with the link's token, then goes to /login with a success message. */
export function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const schema = useMemo(() => repeatedPasswordSchema(t('emailFlows.passwordsDiffer')), [t]);
  const { handleSubmit, formState, field } = useAuthForm<RepeatedPassword>(zodResolver(schema), {
    password: '',
    repeat: '',
  });

  const submit = async ({ password }: RepeatedPassword) => {
    setError(null);
    try {
      const res = await authorApi.call(endpoints.resetPassword, { token, password }, { auth: false });
      const auth = useAuthStore.getState();
      // The reset ended every session of that account, this browser's included.
      if (auth.username === res.username) auth.clearSession();
      auth.setGlobalError({ text: t('emailFlows.passwordReset'), type: 'success' });
      navigate('/login', { replace: true });
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 400
          ? failure.msg || t('messages.invalidMagicLink')
          : t('messages.genericError'),
      );
    }
  };

  return (
    <AuthForm
      onSubmit={handleSubmit(submit)}
      intro={t('emailFlows.newPasswordIntro')}
      message={failureMessage(error)}
      submitLabel={t('emailFlows.setPassword')}
      submitting={formState.isSubmitting}
    >
      {field('password', t('emailFlows.newPassword'), {
        type: 'password',
        autoComplete: 'new-password',
        autoFocus: true,
      })}
      {field('repeat', t('emailFlows.repeatPassword'), { type: 'password', autoComplete: 'new-password' })}
    </AuthForm>
  );
}
