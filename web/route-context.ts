import { useMatches } from 'react-router';
import { FALLBACK_ROUTE, type RouteMeta } from '../contract/routes.ts';
import type { ApiClient } from './api/client.ts';
import { apiFor } from './api/clients.ts';

function isRouteMeta(handle: unknown): handle is RouteMeta {
  return typeof handle === 'object' && handle !== null && 'name' in handle && 'navbar' in handle;
}

/** The meta (contract/routes.ts) of the route being shown; unknown paths are the login route. */
export function useRouteMeta(): RouteMeta {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteMeta(handle)) return handle;
  }
  return FALLBACK_ROUTE;
}

/** The API client of the current route: live routes use the live client, others the author client. */
export function useApi(): ApiClient {
  return apiFor(useRouteMeta().navbar);
}
