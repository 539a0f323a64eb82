import { createBrowserRouter, type RouteObject } from 'react-router';
import { FALLBACK_ROUTE, ROUTES, type RouteMeta } from '../contract/routes.ts';
import { RouteError } from './components/RouteError.tsx';
import { prefetchFirstPage, RouteScreen } from './screens.tsx';
import { AppShell } from './shell/AppShell.tsx';

/**
 * The route table of SPEC §2, built from contract/routes.ts (the server uses the same table for the
 * first page's meta tags). Each route carries its meta as `handle`; unknown paths show the login.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      ...ROUTES.map((meta) => ({ path: meta.path, handle: meta, element: <RouteScreen meta={meta} /> })),
      { path: '*', handle: FALLBACK_ROUTE, element: <RouteScreen meta={FALLBACK_ROUTE} /> },
    ],
  },
];

/** The app's router; what its first page needs is asked for at once (prefetchFirstPage). */
export function createAppRouter() {
  const router = createBrowserRouter(appRoutes);
  const { matches, location } = router.state;
  const page = matches.at(-1);
  if (page) prefetchFirstPage(page.route.handle as RouteMeta, page.params.survey_id, location.key);
  return router;
}
