import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuthStore } from '../../state/auth.ts';
import { AuthAlert } from './AuthAlert.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { LoginForm } from './LoginForm.tsx';

/**
 * /login_refresh: signs in again (a fresh token) and returns to the stored route; the stored request
 * config goes along as navigation state `{ replay }` for the screen to repeat. Without a stored
 * route it says 'Bitte anmelden.' (SPEC §2).
 */
export default function LoginRefreshScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const username = useAuthStore((s) => s.username);
  const [storedRoute] = useState(() => useAuthStore.getState().storedRoute);

  const onSuccess = () => {
    const { storedRoute: route, storedConfig, clearReturn } = useAuthStore.getState();
    clearReturn();
    navigate(route ?? '/dashboard', { replace: true, state: { replay: storedConfig } });
  };

  return (
    <AuthLayout title={t('login.refreshTitle')}>
      {storedRoute ? (
        <p className="auth-intro auth-above-form">{t('login.refreshHint')}</p>
      ) : (
        <div className="auth-above-form">
          <AuthAlert type="error">{t('messages.pleaseLogin')}</AuthAlert>
        </div>
      )}
      <LoginForm onSuccess={onSuccess} defaultUsername={username} />
    </AuthLayout>
  );
}
