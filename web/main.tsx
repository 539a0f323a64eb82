import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoute } from '../contract/routes.ts';
import { i18nReady } from './i18n/index.ts';
import { setNavigator } from './navigation.ts';
import { queryClient } from './query-client.ts';
import { applyRouteMeta } from './route-meta.ts';
import { restoreAuthorSession } from './state/auth.ts';
import { restoreLiveSession } from './state/live-auth.ts';

// Automatic login from stored credentials, for authors and respondents alike (SPEC §4).
restoreAuthorSession();
restoreLiveSession();

// The sign-in page without MUI and router: /login (and every unknown path) loads only this.
const SignInPage = lazy(() => import('./SignInPage.tsx'));

const root = createRoot(document.getElementById('root')!);
const render = (ui: ReactNode) =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </StrictMode>,
  );

let appLoading: Promise<void> | null = null;
/** Replaces the sign-in page with the whole author app, once, at the address the history now has. */
function openApp(): Promise<void> {
  window.removeEventListener('popstate', followHistory);
  appLoading ??= import('./author-app.tsx').then((app) => render(app.authorApp()));
  return appLoading;
}

/** Back and forward on the sign-in page: to another route, the app opens there (its router follows on). */
function followHistory(): void {
  const meta = matchRoute(window.location.pathname);
  if (meta.name === 'Login') applyRouteMeta(meta);
  else void openApp();
}

/** Navigation from the sign-in page: every other route is the app's. */
function leaveSignIn(to: string, options?: { replace?: boolean }): void {
  if (options?.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  void openApp();
}

// After the texts of the stored language (English is fetched first), so no page shows in German first.
void i18nReady.then(() => {
  const meta = matchRoute(window.location.pathname);
  if (meta.name !== 'Login') return openApp();
  applyRouteMeta(meta);
  setNavigator(leaveSignIn);
  window.addEventListener('popstate', followHistory);
  render(<SignInPage />);
});
