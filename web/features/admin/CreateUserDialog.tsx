import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { createUserRequest } from '../../../contract/admin.ts';
import { EMAIL_PATTERN, SHARING_MESSAGES } from '../../../contract/sharing.ts';
import { Popup } from '../../components/Popup.tsx';
import { validationText } from '../../i18n/validation.ts';
import type { CreateUserInput } from './admin-api.ts';

/** The e-mail is optional: an empty field means none (the server's schema has the same pattern). */
const schema = createUserRequest.extend({
  email: z
    .string()
    .trim()
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), SHARING_MESSAGES.emailInvalid),
  is_admin: z.boolean(),
});
type Values = z.input<typeof schema>;
type Parsed = z.output<typeof schema>;
const EMPTY: Values = {
  username: '',
  first_name: '',
  last_name: '',
  email: '',
  password: '',
  is_admin: false,
};

/** The form of a new account (POST /api/admin/create_user). */
export function CreateUserDialog({
  open,
  onClose,
  onCreate,
}: {
  open: boolean;
  onClose(): void;
  /** Resolves true when the account was created. */
  onCreate(user: CreateUserInput): Promise<boolean>;
}) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Parsed>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const close = () => {
    reset(EMPTY);
    onClose();
  };
  const submit = async ({ email, ...rest }: Parsed) => {
    if (await onCreate({ ...rest, ...(email ? { email } : {}) })) close();
  };
  const field = (name: Exclude<keyof Values, 'is_admin'>, label: string, type = 'text') => (
    <TextField
      label={label}
      type={type}
      autoComplete="off"
      error={!!errors[name]}
      helperText={validationText(errors[name]?.message, t)}
      {...register(name)}
    />
  );

  return (
    <Popup open={open} onClose={close} titleId="create-user-title">
      <DialogTitle id="create-user-title">{t('admin.createTitle')}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id="create-user-form"
          spacing={2}
          sx={{ pt: 1 }}
          noValidate
          onSubmit={handleSubmit(submit)}
        >
          {field('username', t('admin.username'))}
          {field('first_name', t('admin.firstName'))}
          {field('last_name', t('admin.lastName'))}
          {field('email', t('admin.emailOptional'), 'email')}
          {field('password', t('admin.password'), 'password')}
          <FormControlLabel control={<Checkbox {...register('is_admin')} />} label={t('admin.adminFlag')} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button type="submit" form="create-user-form" variant="contained" disabled={isSubmitting}>
          {t('admin.create')}
        </Button>
      </DialogActions>
    </Popup>
  );
}
