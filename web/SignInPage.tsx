import { lazy, Suspense, useState } from 'react';
import LoginScreen from './features/auth/LoginScreen.tsx';
import { useBannerStore } from './state/banner.ts';
import { useErrorStore } from './state/error.ts';

// The banner and the error dialog of the app's frame (AppShell) need MUI: fetched when one first shows.
const SignInOverlays = lazy(() => import('./shell/SignInOverlays.tsx'));

/**
 * /login as the first page, without the app's frame, theme and router (web/main.tsx); the page's main
 * landmark as the frame (AppShell) has it.
 */
export default function SignInPage() {
  const banner = useBannerStore((s) => s.show);
  const error = useErrorStore((s) => s.show);
  const [overlays, setOverlays] = useState(false);
  if ((banner || error) && !overlays) setOverlays(true);
  return (
    <>
      {overlays ? (
        <Suspense fallback={null}>
          <SignInOverlays />
        </Suspense>
      ) : null}
      <main>
        <LoginScreen />
      </main>
    </>
  );
}
