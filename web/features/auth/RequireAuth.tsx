import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { isAuthenticated, useAuthStore } from '../../state/auth.ts';
import { endAuthorSession } from '../../state/session.ts';
import { isAuthorSession, useVerifiedToken } from './verify.ts';

/** A failure that says nothing about the session: no response or a server-side problem. */
const isOutage = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);

/**
 * Route guard (SPEC §5): without a stored token to /login; with one, the token is verified by
 * POST /api/verify-token and a failure ends the session with 'Sie wurden abgemeldet. …'.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const username = useAuthStore((s) => s.username);
  const authenticated = useAuthStore(isAuthenticated);
  const setProfile = useAuthStore((s) => s.setProfile);
  const check = useVerifiedToken(username, authenticated);
  const rejected = check.isError ? !isOutage(check.error) : check.isSuccess && !isAuthorSession(check.data);

  useEffect(() => {
    if (rejected && isAuthenticated(useAuthStore.getState())) endAuthorSession(t('messages.loggedOut'));
  }, [rejected, t]);

  useEffect(() => {
    const data = check.data;
    if (!isAuthorSession(data) || !data) return;
    const s = useAuthStore.getState();
    if (s.username !== data.username || s.firstName !== data.firstName || s.lastName !== data.lastName) {
      setProfile({
        username: data.username,
        firstName: data.firstName,
        lastName: data.lastName,
        user_id: data.user_id,
      });
    }
  }, [check.data, setProfile]);

  if (!authenticated) return <Navigate to="/login" replace />;
  if (check.isError && isOutage(check.error)) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void check.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('guard.unavailable')}
      </Alert>
    );
  }
  if (!check.isSuccess || rejected) return <PageLoading label={t('guard.verifying')} />;
  return children;
}
