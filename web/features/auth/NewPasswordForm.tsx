import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { endpoints } from '../../../contract/endpoints/index.ts';
import { ApiError } from '../../api/client.ts';
import { authorApi } from '../../api/clients.ts';
import { type RepeatedPassword, repeatedPasswordSchema } from '../../lib/password-rules.ts';
import { useAuthStore } from '../../state/auth.ts';

/** Sets the new password with the link's token, then goes to /login with a success message. */
export function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const schema = useMemo(() => repeatedPasswordSchema(t('emailFlows.passwordsDiffer')), [t]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RepeatedPassword>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', repeat: '' },
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
    <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(submit)}>
      <Typography variant="body2" color="text.secondary">
        {t('emailFlows.newPasswordIntro')}
      </Typography>
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      <TextField
        label={t('emailFlows.newPassword')}
        type="password"
        autoComplete="new-password"
        autoFocus
        error={!!errors.password}
        helperText={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label={t('emailFlows.repeatPassword')}
        type="password"
        autoComplete="new-password"
        error={!!errors.repeat}
        helperText={errors.repeat?.message}
        {...register('repeat')}
      />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
        {t('emailFlows.setPassword')}
      </Button>
    </Stack>
  );
}
