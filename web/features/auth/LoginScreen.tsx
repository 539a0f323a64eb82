import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { isAuthenticated, useAuthStore } from '../../state/auth.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { LoginForm } from './LoginForm.tsx';
import { isAuthorSession, useVerifiedToken } from './verify.ts';

/** /login and every unknown path. With a valid stored token it goes straight to the dashboard. */
export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const username = useAuthStore((s) => s.username);
  const authenticated = useAuthStore(isAuthenticated);
  const check = useVerifiedToken(username, authenticated);
  if (authenticated && isAuthorSession(check.data)) return <Navigate to="/dashboard" replace />;
  return (
    <AuthLayout title={t('login.title')}>
      <LoginForm onSuccess={() => navigate('/dashboard', { replace: true })} />
    </AuthLayout>
  );
}
