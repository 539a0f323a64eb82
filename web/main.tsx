import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppThemeProvider } from './AppThemeProvider.tsx';
import { i18nReady } from './i18n/index.ts';
import { setNavigator } from './navigation.ts';
import { queryClient } from './query-client.ts';
import { createAppRouter } from './router.tsx';
import { restoreAuthorSession } from './state/auth.ts';
import { restoreLiveSession } from './state/live-auth.ts';

// Automatic login from stored credentials, for authors and respondents alike (SPEC §4).
restoreAuthorSession();
restoreLiveSession();

const router = createAppRouter();
setNavigator((to, options) => void router.navigate(to, options));

// After the texts of the stored language (English is fetched first), so no page shows in German first.
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppThemeProvider>
          <RouterProvider router={router} />
        </AppThemeProvider>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
