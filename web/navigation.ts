/**
 * Navigation for code outside React (API clients, session actions). The router registers itself at
 * start; before that (or in tests) a full page load is used.
 */
type Navigate = (to: string, options?: { replace?: boolean; state?: unknown }) => void;

let navigator: Navigate | null = null;

export function setNavigator(fn: Navigate | null): void {
  navigator = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean; state?: unknown }): void {
  if (navigator) navigator(to, options);
  else if (typeof window !== 'undefined') window.location.assign(to);
}

/** The current in-app location (path and query), e.g. to return to after re-login. */
export function currentRoute(): string {
  if (typeof window === 'undefined') return '/';
  return window.location.pathname + window.location.search;
}
