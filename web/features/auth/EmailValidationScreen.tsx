import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { endpoints } from '../../../contract/endpoints/index.ts';
import { ApiError } from '../../api/client.ts';
import { authorApi } from '../../api/clients.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { isAuthenticated, useAuthStore } from '../../state/auth.ts';
import { AuthLayout } from './AuthLayout.tsx';

/** /email_validation?token=…: confirms an address by its link (POST /api/confirm_email, no login needed). */
export default function EmailValidationScreen() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  const signedIn = useAuthStore(isAuthenticated);
  const check = useQuery({
    queryKey: ['confirm-email', token],
    queryFn: () => authorApi.call(endpoints.confirmEmail, { token }, { auth: false }),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const next = signedIn ? (
    <Link component={RouterLink} to="/account">
      {t('emailFlows.toAccount')}
    </Link>
  ) : (
    <Link component={RouterLink} to="/login">
      {t('emailFlows.toLogin')}
    </Link>
  );

  let body: React.ReactNode;
  if (token && check.isPending) body = <PageLoading label={t('emailFlows.validating')} />;
  else if (check.data?.success) {
    body = (
      <Alert severity="success" role="status">
        {t('emailFlows.validated', { email: check.data.email })}
      </Alert>
    );
  } else {
    const reason = check.error instanceof ApiError ? check.error.msg : '';
    body = (
      <Alert severity="error" role="alert">
        {t('emailFlows.validationFailed')}
        {reason ? ` ${reason}` : ''}
      </Alert>
    );
  }
  return (
    <AuthLayout title={t('emailFlows.validationTitle')}>
      <Stack spacing={2}>
        {body}
        {next}
      </Stack>
    </AuthLayout>
  );
}
