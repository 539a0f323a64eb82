import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { endpoints } from '../../../contract/endpoints/index.ts';
import { liveApi } from '../../api/clients.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { InvitationLinkAccept } from './InvitationLinkAccept.tsx';
import { RegistrationForm } from './RegistrationForm.tsx';

/** /magic_link?token=…: checks the link (POST /api/magic_link, live client, no author token). */
export default function MagicLinkScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useQuery({
    queryKey: ['magic-link', token],
    queryFn: () => liveApi.call(endpoints.magicLink, { magic_link: token }, { auth: false }),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const toLogin = (
    <Link component={RouterLink} to="/login">
      {t('magicLink.toLogin')}
    </Link>
  );

  let body: React.ReactNode;
  if (token && check.isPending) body = <PageLoading label={t('magicLink.checking')} />;
  else if (!token || check.isError || !check.data?.success) {
    body = (
      <Stack spacing={2}>
        <Alert severity="error" role="alert">
          {t('messages.invalidMagicLink')}
        </Alert>
        {toLogin}
      </Stack>
    );
  } else if (check.data.purpose === 'invitation' && check.data.account_exists) {
    body = <InvitationLinkAccept token={token} />;
  } else {
    body = (
      <Stack spacing={2}>
        {check.data.account_exists ? (
          <Alert severity="info" action={toLogin}>
            {t('magicLink.accountExists')}
          </Alert>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('magicLink.intro')}
          </Typography>
        )}
        <RegistrationForm magicLink={token} email={check.data.email} />
      </Stack>
    );
  }
  const invitation = check.data?.success ? check.data.invitation : null;
  return (
    <AuthLayout title={t('magicLink.title')}>
      {/* Who invites to which dialog, before anything is asked of the invitee. */}
      {invitation ? (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="invitation-from">
          {t('magicLink.invitedBy', { name: invitation.invited_by, dialog: invitation.survey_name })}
          {invitation.role_label ? (
            <>
              <br />
              {t('magicLink.invitedRole', { role: invitation.role_label })}
            </>
          ) : null}
        </Alert>
      ) : null}
      {body}
    </AuthLayout>
  );
}
