import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthLayout } from './AuthLayout.tsx';
import { NewPasswordForm } from './NewPasswordForm.tsx';
import { RequestResetForm } from './RequestResetForm.tsx';

/** /reset_password: request a link by username or e-mail; with ?token=… set the new password. */
export default function ResetPasswordScreen() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  return (
    <AuthLayout title={t('emailFlows.resetTitle')}>
      <Stack spacing={2}>
        {token ? <NewPasswordForm token={token} /> : <RequestResetForm />}
        <Link component={RouterLink} to="/login">
          {t('emailFlows.toLogin')}
        </Link>
      </Stack>
    </AuthLayout>
  );
}
