import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type LoginRequest, loginRequest } from '../../../contract/auth.ts';
import { endpoints } from '../../../contract/endpoints/index.ts';
import { authorApi } from '../../api/clients.ts';
import { useAuthStore } from '../../state/auth.ts';
import { type LoginMessageKey, loginErrorKey } from './login-messages.ts';

/**
 * Username and password; success is judged by the response's `success` flag (SPEC §5). Shows the
 * message the session left behind (e.g. 'Sie wurden abgemeldet. …') until the next attempt.
 */
export function LoginForm({
  onSuccess,
  defaultUsername = '',
}: {
  onSuccess(): void;
  defaultUsername?: string;
}) {
  const { t } = useTranslation();
  const globalError = useAuthStore((s) => s.globalError);
  const [error, setError] = useState<string | null>(null);
  const [errorKey, setErrorKey] = useState<LoginMessageKey | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequest),
    defaultValues: { username: defaultUsername, password: '' },
  });

  const submit = async (values: LoginRequest) => {
    setError(null);
    setErrorKey(null);
    useAuthStore.getState().setGlobalError(null);
    try {
      const res = await authorApi.call(endpoints.login, values, { auth: false });
      if (!res?.success) {
        setError(t('messages.invalidCredentials'));
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
      onSuccess();
    } catch (failure) {
      const key = loginErrorKey(failure);
      setErrorKey(key);
      setError(t(`messages.${key}`));
    }
  };

  const shown = error ? { text: error, type: 'error' as const } : globalError;
  return (
    <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(submit)}>
      {shown ? (
        <Alert severity={shown.type} role="alert">
          {shown.text}
        </Alert>
      ) : null}
      {/* Outside the alert, so the alert's text stays the SPEC §8 message. */}
      {error && errorKey === 'loginPasswordExpired' ? (
        <Button component={RouterLink} to="/reset_password" variant="outlined">
          {t('emailFlows.resetPasswordLink')}
        </Button>
      ) : null}
      <TextField
        label={t('login.username')}
        autoComplete="username"
        autoFocus
        error={!!errors.username}
        helperText={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        error={!!errors.password}
        helperText={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
        {t('login.submit')}
      </Button>
      <Link component={RouterLink} to="/reset_password" variant="body2" sx={{ alignSelf: 'center' }}>
        {t('emailFlows.forgotPassword')}
      </Link>
    </Stack>
  );
}
