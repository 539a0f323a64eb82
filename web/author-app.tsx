import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppThemeProvider } from './AppThemeProvider.tsx';
import { setNavigator } from './navigation.ts';
import { createAppRouter } from './router.tsx';

/**
 * The whole author app (MUI theme, router, screens) from the current address on; its own chunk, so the
 * sign-in page (web/main.tsx) does not download it. Navigation outside React goes through its router.
 */
export function authorApp(): ReactNode {
  const router = createAppRouter();
  setNavigator((to, options) => void router.navigate(to, options));
  return (
    <AppThemeProvider>
      <RouterProvider router={router} />
    </AppThemeProvider>
  );
}
