import type { ReactNode } from 'react';
import { productLogo } from '../../components/logo.ts';
import { useLogoSrc } from '../../components/use-logo-src.ts';
import { useThemeModeStore } from '../../state/theme-mode.ts';
import './auth.css';

/**
 * The centred card of the sign-in screens (no top bar, no content padding). Plain elements styled by
 * auth.css in the look of the app's theme: the login is the first page and must not need MUI.
 */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const mode = useThemeModeStore((s) => s.mode);
  const logo = useLogoSrc(productLogo(mode));
  return (
    <div className="auth-page" data-mode={mode}>
      <div className="auth-card">
        <div className="auth-logo">
          {logo.src ? <img src={logo.src} alt="Dialogwerk" onError={logo.onError} /> : null}
        </div>
        <h1 className="auth-title">{title}</h1>
        {children}
      </div>
    </div>
  );
}
