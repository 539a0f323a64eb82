import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../../contract/endpoints/index.ts';
import { ApiError } from '../../api/client.ts';
import { authorApi } from '../../api/clients.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { isAuthenticated, useAuthStore } from '../../state/auth.ts';
import { openInvitedDialog } from './invited-dialog.ts';
import { LoginForm } from './LoginForm.tsx';

/**
 * A mail's invitation link for an address that has an account: sign in (or keep the current session)
 * and accept through POST /api/accept_invitation_link, then open the dialog.
 */
export function InvitationLinkAccept({ token }: { token: string }) {
  const { t } = useTranslation();
  const signedIn = useAuthStore(isAuthenticated);
  const username = useAuthStore((s) => s.username);
  const [switching, setSwitching] = useState(false);
  const [state, setState] = useState<'idle' | 'accepting' | 'invalid' | 'failed'>('idle');
  const [failure, setFailure] = useState('');

  const accept = async () => {
    setState('accepting');
    try {
      const res = await authorApi.call(endpoints.acceptInvitationLink, { magic_link: token });
      await openInvitedDialog(res.survey_id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setState('invalid');
      else {
        setFailure(error instanceof ApiError ? error.msg || error.title : t('messages.genericError'));
        setState('failed');
      }
    }
  };

  if (state === 'accepting') return <PageLoading label={t('invitations.accepting')} />;
  if (state === 'invalid') {
    return (
      <Alert severity="error" role="alert">
        {t('messages.invalidMagicLink')}
      </Alert>
    );
  }
  return (
    <Stack spacing={2}>
      {state === 'failed' ? (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      ) : null}
      {signedIn && !switching ? (
        <>
          <Typography variant="body2">{t('invitations.linkSignedInAs', { username })}</Typography>
          <Button variant="contained" size="large" onClick={() => void accept()}>
            {t('invitations.linkAccept')}
          </Button>
          <Button onClick={() => setSwitching(true)}>{t('invitations.linkOtherAccount')}</Button>
        </>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            {t('invitations.linkSignIn')}
          </Typography>
          <LoginForm
            onSuccess={() => {
              setSwitching(false);
              void accept();
            }}
          />
        </>
      )}
    </Stack>
  );
}
