import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ASSIGNABLE_ROLES } from '../../../contract/roles.ts';
import {
  EMPTY_INVITE,
  type InviteFormInput,
  type InviteFormValues,
  inviteFormSchema,
  validationKey,
} from './share-rules.ts';

export interface InviteFormProps {
  /** A sharing call (or the member list) is on its way: the button waits. */
  busy: boolean;
  /** This form's invitation is on its way: the button shows the spinner (SPEC §4). */
  inviting?: boolean;
  /** Resolves true when the invitation went out, so the form empties. */
  onInvite(values: InviteFormValues): Promise<boolean>;
}

/** E-mail and role of a new member (SPEC §5); the button stays disabled until both are valid. */
export function InviteForm({ busy, inviting = false, onInvite }: InviteFormProps) {
  const { t } = useTranslation();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isValid, isSubmitting },
  } = useForm<InviteFormInput, unknown, InviteFormValues>({
    resolver: zodResolver(inviteFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY_INVITE,
  });
  const text = (message: string | undefined) => {
    const key = validationKey(message);
    return key ? t(`share.validation.${key}`) : message;
  };

  const submit = async (values: InviteFormValues) => {
    if (await onInvite(values)) reset(EMPTY_INVITE);
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={1.5}
      onSubmit={handleSubmit(submit)}
      aria-label={t('share.invite')}
    >
      <TextField
        label={t('share.email')}
        type="email"
        size="small"
        autoComplete="off"
        error={!!errors.email}
        helperText={text(errors.email?.message)}
        fullWidth
        {...register('email')}
      />
      <Stack sx={{ alignItems: 'flex-start' }} direction="row" spacing={1}>
        <Controller
          name="role"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              select
              label={t('share.role')}
              size="small"
              error={!!fieldState.error}
              helperText={text(fieldState.error?.message)}
              sx={{ flex: 1, minWidth: 0 }}
              {...field}
            >
              {ASSIGNABLE_ROLES.map((role) => (
                <MenuItem key={role} value={role}>
                  {t(`share.roles.${role}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {/* isSubmitting is set as the submit begins (before the async check): a double click sends once. */}
        <Button
          type="submit"
          variant="contained"
          disabled={!isValid || busy || isSubmitting}
          loading={inviting || isSubmitting}
          loadingPosition="start"
          sx={{ flexShrink: 0, height: 40 }}
        >
          {t('share.invite')}
        </Button>
      </Stack>
    </Stack>
  );
}
