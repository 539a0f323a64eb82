import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppThemeProvider } from './AppThemeProvider.tsx';
import { setNavigator } from './navigation.ts';
import { queryClient } from './query-client.ts';
import { appRoutes } from './router.tsx';
import { useAuthStore } from './state/auth.ts';
import { lightTheme } from './theme.ts';

/** What the tests' fetch stubs answer: the body as JSON with its status. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The JSON body a stubbed fetch was called with (undefined for a call without one). */
export function requestBody(init: RequestInit = {}): unknown {
  return typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
}

/** Anna, the author the web tests sign in as: the server's answer to verify-token for her session. */
export const ANNA_VERIFIED = {
  success: true,
  kind: 'author',
  user_id: 1,
  username: 'anna',
  firstName: 'Anna',
  lastName: 'Muster',
  is_admin: false,
};

/** The server's answer to Anna's successful login. */
export const ANNA_LOGIN = {
  success: true,
  firstName: 'Anna',
  lastName: 'Muster',
  token: 'T1',
  refresh_token: 'R1',
  user_id: 1,
};

/** Signs Anna in as the login would have (tokens T1 and R1). */
export function signInAnna(): void {
  useAuthStore.getState().setSession({
    username: 'anna',
    firstName: 'Anna',
    lastName: 'Muster',
    token: 'T1',
    refresh_token: 'R1',
    user_id: 1,
  });
}

/**
 * The whole author app at `path` on a memory router; navigation goes through it. With `syncWindow`
 * window.location follows, since the author client stores it as the route to return to.
 */
export function renderApp(path: string, { syncWindow = false } = {}) {
  if (syncWindow) window.history.replaceState(null, '', path);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  setNavigator((to, options) => {
    if (syncWindow) window.history.replaceState(null, '', to);
    void router.navigate(to, options);
  });
  render(
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <RouterProvider router={router} />
      </AppThemeProvider>
    </QueryClientProvider>,
  );
  return router;
}

/** One screen part under the app's theme with a fresh query client that does not retry. */
export function renderWithQueries(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AppThemeProvider>{ui}</AppThemeProvider>
    </QueryClientProvider>,
  );
}

/** A part that reads the route (links, the current dialog), alone on a memory router at '/' with the light theme. */
export function renderOnRoute(ui: ReactNode) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <ThemeProvider theme={lightTheme}>
          <QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>
        </ThemeProvider>
      ),
    },
  ]);
  return render(<RouterProvider router={router} />);
}
