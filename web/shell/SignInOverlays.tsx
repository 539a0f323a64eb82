import { AppThemeProvider } from '../AppThemeProvider.tsx';
import { ErrorDialog } from '../components/ErrorDialog.tsx';
import { GlobalBanner } from '../components/GlobalBanner.tsx';

/** The frame's banner and error dialog over the sign-in page, which has no theme of its own. */
export default function SignInOverlays() {
  return (
    <AppThemeProvider>
      <GlobalBanner />
      <ErrorDialog />
    </AppThemeProvider>
  );
}
