import { zodResolver } from '@hookform/resolvers/zod';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { magicLinkRegistrationRequest } from '../../../contract/auth.ts';
import { endpoints } from '../../../contract/endpoints/index.ts';
import { authorApi } from '../../api/clients.ts';
import { useAuthStore } from '../../state/auth.ts';
import { AuthForm, failureMessage, useAuthForm } from './AuthForm.tsx';
import { openInvitedDialog } from './invited-dialog.ts';
import { registrationErrorText } from './login-messages.ts';
import { startSession } from './start-session.ts';

const schema = magicLinkRegistrationRequest.omit({ magic_link: true });
type Values = { username: string; firstName: string; lastName: string; password: string };

/** Account creation through a magic link (POST /api/magic_link_registration). */
export function RegistrationForm({ magicLink, email }: { magicLink: string; email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const { handleSubmit, formState, field } = useAuthForm<Values>(zodResolver(schema), {
    username: '',
    firstName: '',
    lastName: '',
    password: '',
  });

  const submit = async (values: Values) => {
    setError(null);
    try {
      const res = await authorApi.call(
        endpoints.magicLinkRegistration,
        { ...values, magic_link: magicLink },
        { auth: false },
      );
      if (!res?.success) {
        setError(registrationErrorText(res) ?? t('messages.loginNoResponse'));
        return;
      }
      startSession(values.username, res);
      useAuthStore.getState().setGlobalError(null);
      if (res.survey_id) await openInvitedDialog(res.survey_id);
      else navigate('/dashboard', { replace: true });
    } catch (failure) {
      setError(registrationErrorText(failure) ?? t('messages.loginNoResponse'));
    }
  };

  return (
    <AuthForm
      onSubmit={handleSubmit(submit)}
      message={failureMessage(error)}
      submitLabel={t('magicLink.submit')}
      submitting={formState.isSubmitting}
    >
      <TextField label={t('magicLink.email')} value={email} disabled />
      {field('username', t('magicLink.username'), { autoComplete: 'username' })}
      {field('firstName', t('magicLink.firstName'), { autoComplete: 'given-name' })}
      {field('lastName', t('magicLink.lastName'), { autoComplete: 'family-name' })}
      {field('password', t('magicLink.password'), { type: 'password', autoComplete: 'new-password' })}
    </AuthForm>
  );
}
