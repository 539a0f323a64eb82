/**
 * End redirects (issue 22): every end of a dialog (an end block, and the dialog's ending in its
 * settings) may send the respondent on to an http(s) address after the last message, with {{name}}
 * placeholders (hidden fields, answer variables) filled in URL-encoded: typically a panel's
 * `https://panel.example/complete?id={{pid}}`. Zod-free: the respondent pages import nothing of it but
 * the types, the server fills the address.
 */

/** The longest wait before the redirect; the button 'Weiter' is there from the first moment on. */
export const REDIRECT_DELAY_MAX = 60;
export const REDIRECT_URL_MAX = 2000;

/** What a finished chat's response carries: where to go, and after how many seconds (0: at once). */
export interface EndRedirect {
  url: string;
  delay_s: number;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;
/** The scheme and host of the address: placeholders may follow them, never be part of them. */
const ORIGIN = /^https?:\/\/[^/?#{}\s]+(?=[/?#]|$)/i;

/**
 * Whether an address may be a redirect: http(s), a fixed host, placeholders only in the path, query or
 * fragment, no spaces (the browser would encode them silently), and an address once they are filled.
 */
export function isRedirectTemplate(template: string): boolean {
  if (!ORIGIN.test(template) || /\s/.test(template)) return false;
  try {
    const url = new URL(template.replace(PLACEHOLDER, 'x'));
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Lone surrogates cannot be URL-encoded (encodeURIComponent throws): they become U+FFFD. */
const wellFormed = (value: string) =>
  value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/**
 * The address with each {{name}} replaced by its value, URL-encoded (so a value can never add a
 * parameter, a path or a fragment of its own); a name without a value becomes empty.
 */
export function fillRedirect(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (_, name: string) =>
    Object.hasOwn(values, name) ? encodeURIComponent(wellFormed(values[name]!)) : '',
  );
}
