import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { magicLinkRegistrationRequest } from '../../../contract/auth.ts';
import { endpoints } from '../../../contract/endpoints/index.ts';
import { authorApi } from '../../api/clients.ts';
import { useAuthStore } from '../../state/auth.ts';
import { openInvitedDialog } from './invited-dialog.ts';
import { registrationErrorText } from './login-messages.ts';

const schema = magicLinkRegistrationRequest.omit({ magic_link: true });
type Values = { username: string; firstName: string; lastName: string; password: string };

/** Account creation through a magic link (POST /api/magic_link_registration). */
export function RegistrationForm({ magicLink, email }: { magicLink: string; email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', firstName: '', lastName: '', password: '' },
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
      useAuthStore.getState().setSession({
        username: values.username.trim(),
        firstName: res.firstName,
        lastName: res.lastName,
        token: res.token,
        refresh_token: res.refresh_token,
        user_id: res.user_id,
      });
      useAuthStore.getState().setGlobalError(null);
      if (res.survey_id) await openInvitedDialog(res.survey_id);
      else navigate('/dashboard', { replace: true });
    } catch (failure) {
      setError(registrationErrorText(failure) ?? t('messages.loginNoResponse'));
    }
  };

  const field = (name: keyof Values, label: string, extra: Record<string, string> = {}) => (
    <TextField
      label={label}
      error={!!errors[name]}
      helperText={errors[name]?.message}
      {...extra}
      {...register(name)}
    />
  );

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(submit)}>
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      <TextField label={t('magicLink.email')} value={email} disabled />
      {field('username', t('magicLink.username'), { autoComplete: 'username' })}
      {field('firstName', t('magicLink.firstName'), { autoComplete: 'given-name' })}
      {field('lastName', t('magicLink.lastName'), { autoComplete: 'family-name' })}
      {field('password', t('magicLink.password'), { type: 'password', autoComplete: 'new-password' })}
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
        {t('magicLink.submit')}
      </Button>
    </Stack>
  );
}
