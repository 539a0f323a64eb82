export const DEFAULT_HELP_CENTER_URL = 'https://www.dialogwerk.de/hilfe';

/** The help center link; operators set VITE_HELP_CENTER_URL at build time. */
export const HELP_CENTER_URL: string = import.meta.env.VITE_HELP_CENTER_URL || DEFAULT_HELP_CENTER_URL;

/** Avatar initials: first letters of first and last name, or of the username without a first name. */
export function initials(firstName: string, lastName: string, username: string): string {
  const first = firstName.trim();
  if (first) return (first.charAt(0) + lastName.trim().charAt(0)).toUpperCase();
  return username.trim().charAt(0).toUpperCase();
}

export type UserMenuKey = 'account' | 'help' | 'privacy' | 'imprint' | 'terms' | 'admin' | 'logout' | 'login';

export type UserMenuEntry =
  | { key: UserMenuKey; kind: 'route'; to: string }
  | { key: UserMenuKey; kind: 'external'; href: string }
  | { key: 'logout'; kind: 'action' };

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/** SPEC §2 user menu: Admin only on localhost; Logout when signed in, Login otherwise. */
export function userMenuEntries(input: {
  authenticated: boolean;
  hostname: string;
  helpUrl?: string;
}): UserMenuEntry[] {
  const entries: UserMenuEntry[] = [
    { key: 'account', kind: 'route', to: '/account' },
    { key: 'help', kind: 'external', href: input.helpUrl ?? HELP_CENTER_URL },
    { key: 'privacy', kind: 'route', to: '/datenschutz' },
    { key: 'imprint', kind: 'route', to: '/impressum' },
    { key: 'terms', kind: 'route', to: '/agb' },
  ];
  if (LOCAL_HOSTS.has(input.hostname)) entries.push({ key: 'admin', kind: 'route', to: '/admin' });
  entries.push(
    input.authenticated ? { key: 'logout', kind: 'action' } : { key: 'login', kind: 'route', to: '/login' },
  );
  return entries;
}
