import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { endpoints } from '../../../contract/endpoints/index.ts';
import { authorApi } from '../../api/clients.ts';
import { Section } from '../../components/Section.tsx';
import { validationText } from '../../i18n/validation.ts';
import { repeatedPasswordSchema } from '../../lib/password-rules.ts';
import { reportCallError } from '../../lib/report-error.ts';
import { useAuthStore } from '../../state/auth.ts';

type Values = { current: string; password: string; repeat: string };

/**
 * Password change with the current password. The server ends every session and answers with a new
 * token pair, which this browser keeps so it stays signed in.
 */
export function PasswordSection({ onSaved }: { onSaved(text: string): void }) {
  const { t } = useTranslation();
  const schema = useMemo(
    () =>
      z
        .object({ current: z.string().min(1, t('account.currentPasswordRequired')) })
        .and(repeatedPasswordSchema(t('emailFlows.passwordsDiffer'))),
    [t],
  );
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { current: '', password: '', repeat: '' },
  });

  const submit = async (v: Values) => {
    try {
      const res = await authorApi.call(endpoints.changePassword, {
        current_password: v.current,
        new_password: v.password,
      });
      useAuthStore.getState().setTokens(res.token, res.refresh_token);
      reset();
      onSaved(t('account.passwordChanged'));
    } catch (failure) {
      reportCallError(t('account.failed'), failure);
    }
  };

  const field = (name: keyof Values, label: string, autoComplete: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      error={!!errors[name]}
      helperText={validationText(errors[name]?.message, t)}
      {...register(name)}
    />
  );
  return (
    <Section title={t('account.password')}>
      <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(submit)}>
        {field('current', t('account.currentPassword'), 'current-password')}
        {field('password', t('emailFlows.newPassword'), 'new-password')}
        {field('repeat', t('emailFlows.repeatPassword'), 'new-password')}
        <Button type="submit" variant="contained" disabled={isSubmitting} sx={{ alignSelf: 'flex-start' }}>
          {t('account.changePassword')}
        </Button>
      </Stack>
    </Section>
  );
}
