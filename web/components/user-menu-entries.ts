export const DEFAULT_HELP_CENTER_URL = 'https://www.dialogwerk.de/hilfe';

/** The help center link; operators set VITE_HELP_CENTER_URL at build time. */
export const HELP_CENTER_URL: string = import.meta.env.VITE_HELP_CENTER_URL || DEFAULT_HELP_CENTER_URL;

const graphemes =
  typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/**
 * The first character of a text as a reader sees it: a whole grapheme cluster (an emoji with its
 * modifiers, a letter with its combining accent), never half a surrogate pair; '' for an empty text.
 */
export function firstCharacter(text: string): string {
  if (graphemes) {
    for (const { segment } of graphemes.segment(text)) return segment;
    return '';
  }
  // Without Intl.Segmenter: at least a whole code point.
  return text.codePointAt(0) === undefined ? '' : String.fromCodePoint(text.codePointAt(0)!);
}

/** Avatar initials: first characters of first and last name, or of the username without a first name. */
export function initials(firstName: string, lastName: string, username: string): string {
  const first = firstName.trim();
  if (first) return (firstCharacter(first) + firstCharacter(lastName.trim())).toUpperCase();
  return firstCharacter(username.trim()).toUpperCase();
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
