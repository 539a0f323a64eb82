import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type Account, updateAccountRequest } from '../../../contract/account.ts';
import { type Language, SUPPORTED_LANGUAGES } from '../../../contract/constants.ts';
import { endpoints } from '../../../contract/endpoints/index.ts';
import { ACCOUNT_KEY } from '../../api/account-api.ts';
import { authorApi } from '../../api/clients.ts';
import { Section } from '../../components/Section.tsx';
import { setLanguage } from '../../i18n/index.ts';
import { validationText } from '../../i18n/validation.ts';
import { reportCallError } from '../../lib/report-error.ts';
import { useAuthStore } from '../../state/auth.ts';

const schema = updateAccountRequest.required();
type Values = z.input<typeof schema>;

/** The names and the language also change what this browser holds (user menu initials, UI language). */
function applyLocally(account: Account): Promise<void> {
  const auth = useAuthStore.getState();
  auth.setSession({
    username: auth.username,
    firstName: account.first_name,
    lastName: account.last_name,
    token: auth.token,
    refresh_token: auth.refresh_token,
    user_id: auth.user_id,
  });
  return setLanguage(account.language);
}

/** First and last name and the UI language (POST /api/update_account). */
export function ProfileSection({ account, onSaved }: { account: Account; onSaved(text: string): void }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isDirty },
    reset,
  } = useForm<Values>({
    resolver: zodResolver(schema),
    values: { first_name: account.first_name, last_name: account.last_name, language: account.language },
  });

  const submit = async (values: Values) => {
    try {
      const saved = await authorApi.call(endpoints.updateAccount, values);
      client.setQueryData(ACCOUNT_KEY, saved);
      await applyLocally(saved);
      reset({ first_name: saved.first_name, last_name: saved.last_name, language: saved.language });
      // `t` is still the one of the language before saving: say it in the language just chosen.
      onSaved(i18n.t('account.saved', { lng: saved.language }));
    } catch (failure) {
      reportCallError(t('account.failed'), failure);
    }
  };

  return (
    <Section title={t('account.profile')}>
      <Stack component="form" spacing={2} noValidate onSubmit={handleSubmit(submit)}>
        <TextField label={t('account.username')} value={account.username} disabled />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('account.firstName')}
            fullWidth
            error={!!errors.first_name}
            helperText={validationText(errors.first_name?.message, t)}
            {...register('first_name')}
          />
          <TextField
            label={t('account.lastName')}
            fullWidth
            error={!!errors.last_name}
            helperText={validationText(errors.last_name?.message, t)}
            {...register('last_name')}
          />
        </Stack>
        <TextField
          select
          label={t('account.language')}
          defaultValue={account.language}
          slotProps={{ select: { native: true } }}
          {...register('language')}
        >
          {SUPPORTED_LANGUAGES.map((lang: Language) => (
            <option key={lang} value={lang}>
              {t(`account.languages.${lang}`)}
            </option>
          ))}
        </TextField>
        <Button
          type="submit"
          variant="contained"
          disabled={isSubmitting || !isDirty}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('account.save')}
        </Button>
      </Stack>
    </Section>
  );
}
