import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../../navigation.ts';
import { isAuthenticated, useAuthStore } from '../../state/auth.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { LoginForm } from './LoginForm.tsx';
import { isAuthorSession, useVerifiedToken } from './verify.ts';

const toDashboard = () => navigateTo('/dashboard', { replace: true });

/**
 * /login and every unknown path. With a valid stored token it goes straight to the dashboard. Without
 * router and MUI: it is also the first page of web/main.tsx, where navigation opens the whole app.
 */
export default function LoginScreen() {
  const { t } = useTranslation();
  const username = useAuthStore((s) => s.username);
  const authenticated = useAuthStore(isAuthenticated);
  const check = useVerifiedToken(username, authenticated);
  const verified = authenticated && isAuthorSession(check.data);
  useEffect(() => {
    if (verified) toDashboard();
  }, [verified]);
  if (verified) return null;
  return (
    <AuthLayout title={t('login.title')}>
      <LoginForm onSuccess={toDashboard} />
    </AuthLayout>
  );
}
