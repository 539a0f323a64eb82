import { useSyncExternalStore } from 'react';
import { LIVE_ENTRY_ROUTES, matchRoute } from '../../contract/routes.ts';

/**
 * Navigation of the light respondent entry without a router library: respondent routes change the URL
 * in place (history API), any other path is a full page load of the author app.
 */
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

export function liveNavigate(to: string, options?: { replace?: boolean }): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin || !LIVE_ENTRY_ROUTES.has(matchRoute(url.pathname).name)) {
    window.location.assign(url.href);
    return;
  }
  const target = url.pathname + url.search + url.hash;
  if (options?.replace) window.history.replaceState(null, '', target);
  else window.history.pushState(null, '', target);
  for (const listener of listeners) listener();
}

export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

/** The :params of a route path ('/dialog/:survey_id') taken from a matching pathname. */
export function routeParams(pattern: string, pathname: string): Record<string, string> {
  const names = pattern.split('/');
  const values = pathname.replace(/\/$/, '').split('/');
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    const value = values[i];
    if (name.startsWith(':') && value !== undefined) {
      try {
        params[name.slice(1)] = decodeURIComponent(value);
      } catch {
        params[name.slice(1)] = value;
      }
    }
  });
  return params;
}
