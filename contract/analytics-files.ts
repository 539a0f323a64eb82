/**
 * File names of the Analyse exports, made from a dialog's or game's name on the server (the response's
 * Content-Disposition) and in the web app (the download's name). Unicode letters, digits, dashes (the
 * en dash of 'Auf der Flucht – Demo-Krimi') and other harmless characters stay; what a file system
 * refuses or what could disguise the name does not.
 */

/** What Windows refuses in a file name; controls, surrogates, private and unassigned code points. */
const UNSAFE = /[<>:"/\\|?*\p{Cc}\p{Co}\p{Cn}\p{Cs}]+/gu;
/** Invisible format characters (right-to-left overrides can disguise an extension, joiners): dropped. */
const INVISIBLE = /\p{Cf}+/gu;
/** Names Windows reserves for devices, with or without an extension. */
const DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

export const FILE_NAME_MAX = 80;

/**
 * A safe file name (without extension) from `name`: runs of white space (line breaks, tabs) become one
 * space, unsafe characters '_'; no dots, spaces or '_' at either end (Windows drops trailing dots, a
 * leading dot hides a file); at most FILE_NAME_MAX characters (a device name gets a '_' more);
 * `fallback` when nothing is left.
 */
export function safeFileName(name: string, fallback: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(/\s+/gu, ' ')
    .replace(UNSAFE, '_')
    .replace(/^[\s._]+|[\s._]+$/gu, '');
  const cut = Array.from(cleaned)
    .slice(0, FILE_NAME_MAX)
    .join('')
    .replace(/[\s._]+$/u, '');
  if (cut === '') return fallback;
  return DEVICE.test(cut) ? `${cut}_` : cut;
}

/**
 * The ASCII form of a file name, for clients that do not read RFC 5987's filename*: accents dropped,
 * dashes as '-', typographic quotes as "'", anything else outside printable ASCII (and '"', '\', '%') as '_'.
 */
export function asciiFileName(fileName: string): string {
  return fileName
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/\p{Pd}/gu, '-')
    .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
}
