import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuthStore } from '../../state/auth.ts';
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
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('login.refreshHint')}
        </Typography>
      ) : (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('messages.pleaseLogin')}
        </Alert>
      )}
      <LoginForm onSuccess={onSuccess} defaultUsername={username} />
    </AuthLayout>
  );
}
