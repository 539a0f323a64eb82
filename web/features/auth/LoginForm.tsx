import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginRequest } from '../../../contract/auth.ts';
import { authorRoutes } from '../../../contract/endpoints/author-routes.ts';
import { authorApi } from '../../api/clients.ts';
import { navigateTo } from '../../navigation.ts';
import { useAuthStore } from '../../state/auth.ts';
import { AuthForm, failureMessage, lazyResolver, useAuthForm } from './AuthForm.tsx';
import { type LoginMessageKey, loginErrorKey } from './login-messages.ts';
import { startSession } from './start-session.ts';

const loginResolver = lazyResolver<LoginRequest>(() =>
  import('./login-resolver.ts').then((m) => m.loginResolver),
);

/** A link within the app, followed without a page load (on the first page too, web/main.tsx). */
function followLink(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigateTo(event.currentTarget.pathname);
}

/**
 * Username and password; success is judged by the response's `success` flag (SPEC §5). Shows the
 * message the session left behind (e.g. 'Sie wurden abgemeldet. …') until the next attempt.
 */
export function LoginForm({
  onSuccess,
  defaultUsername = '',
}: {
  onSuccess(): void;
  defaultUsername?: string;
}) {
  const { t } = useTranslation();
  const globalError = useAuthStore((s) => s.globalError);
  const [error, setError] = useState<string | null>(null);
  const [errorKey, setErrorKey] = useState<LoginMessageKey | null>(null);
  const { handleSubmit, formState, field } = useAuthForm<LoginRequest>(loginResolver, {
    username: defaultUsername,
    password: '',
  });

  const submit = async (values: LoginRequest) => {
    setError(null);
    setErrorKey(null);
    useAuthStore.getState().setGlobalError(null);
    try {
      const res = await authorApi.call(authorRoutes.login, values, { auth: false });
      if (!res?.success) {
        setError(t('messages.invalidCredentials'));
        return;
      }
      startSession(values.username, res);
      onSuccess();
    } catch (failure) {
      const key = loginErrorKey(failure);
      setErrorKey(key);
      setError(t(`messages.${key}`));
    }
  };

  return (
    <AuthForm
      onSubmit={handleSubmit(submit)}
      message={failureMessage(error) ?? globalError}
      submitLabel={t('login.submit')}
      submitting={formState.isSubmitting}
      after={
        <a className="auth-link" href="/reset_password" onClick={followLink}>
          {t('emailFlows.forgotPassword')}
        </a>
      }
    >
      {/* Outside the alert, so the alert's text stays the SPEC §8 message. */}
      {error && errorKey === 'loginPasswordExpired' ? (
        <a className="auth-button auth-button-outlined" href="/reset_password" onClick={followLink}>
          {t('emailFlows.resetPasswordLink')}
        </a>
      ) : null}
      {field('username', t('login.username'), { autoComplete: 'username', autoFocus: true })}
      {field('password', t('login.password'), { type: 'password', autoComplete: 'current-password' })}
    </AuthForm>
  );
}
