import type { Language } from '../../../contract/constants.ts';

/**
 * A typed number as respondents write it, read by the dialog's language. Each language has its own
 * decimal mark (',' in German, '.' in English). The other mark groups thousands when exactly three
 * digits follow it, and is a decimal mark otherwise: German 1.200 and 12.345.678 are thousands,
 * English 1,200 too, but people type 1.5 in a German dialog and 1,5 in an English one and mean a
 * fraction. Spaces and apostrophes group thousands in both languages (1 200, 1'200).
 *
 * Where the marks leave the reading open the answer is refused and the respondent asked again rather
 * than a guess stored: German 0.250 and 1234.567 (three digits after the point make it a thousands
 * mark, but what comes before it is no group of thousands), 1 200.000 (two kinds of group mark),
 * 1.200.5, 1,200.5.
 */

const DECIMAL_MARK: Record<Language, string> = { de: ',', en: '.' };
/** The mark that groups thousands in the language, or is a decimal mark when not followed by three digits. */
const OTHER_MARK: Record<Language, string> = { de: '.', en: ',' };
/** Group marks of both languages: spaces (also the no-break ones numbers are printed with) and apostrophes. */
const GROUP_MARKS = [' ', '\u00a0', '\u202f', "'", '\u2019'];

const DIGITS = /^\d+$/;
const escapeRegExp = (mark: string) => mark.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Digits grouped by threes with `mark`: the first group 1 to 3 digits, not led by a 0. */
const groupedBy = (mark: string) => new RegExp(`^[1-9]\\d{0,2}(?:${escapeRegExp(mark)}\\d{3})+$`);
const GROUPED = new Map([...GROUP_MARKS, ...Object.values(OTHER_MARK)].map((m) => [m, groupedBy(m)]));

/** The digits of an integer part: plain, or grouped throughout by one of `marks`; null if neither. */
function integerDigits(text: string, marks: readonly string[]): string | null {
  if (DIGITS.test(text)) return text;
  const mark = marks.find((m) => text.includes(m));
  if (mark === undefined || !GROUPED.get(mark)!.test(text)) return null;
  return text.replaceAll(mark, '');
}

/** Where the decimal mark of an unsigned number is, or -1 when it has none. */
function decimalAt(body: string, language: Language): number {
  if (body.includes(DECIMAL_MARK[language])) return body.indexOf(DECIMAL_MARK[language]);
  const other = OTHER_MARK[language];
  const at = body.indexOf(other);
  // The other mark once and not before exactly three digits: a decimal mark as people type it.
  return at !== -1 && at === body.lastIndexOf(other) && !/^\d{3}$/.test(body.slice(at + 1)) ? at : -1;
}

/** Integer part, fraction (null without a decimal mark) and the marks that may group the integer part. */
function split(body: string, language: Language) {
  const at = decimalAt(body, language);
  const other = OTHER_MARK[language];
  if (at === -1) return { int: body, fraction: null, marks: [...GROUP_MARKS, other] };
  // The other mark as the decimal one cannot group the same number's thousands.
  const marks = body[at] === other ? GROUP_MARKS : [...GROUP_MARKS, other];
  return { int: body.slice(0, at), fraction: body.slice(at + 1), marks };
}

/** The number in `text` read the way of the dialog's language (see above), or null. */
export function parseNumber(text: string, language: Language): number | null {
  const s = text.trim();
  const sign = s.startsWith('-') ? '-' : '';
  const body = s.startsWith('-') || s.startsWith('+') ? s.slice(1) : s;
  const { int, fraction, marks } = split(body, language);
  if (fraction !== null && !DIGITS.test(fraction)) return null;
  // '.5' and ',5' have no integer part; a bare mark or sign is no number.
  const digits = int === '' && fraction !== null ? '0' : integerDigits(int, marks);
  if (digits === null) return null;
  const n = Number(`${sign}${digits}${fraction === null ? '' : `.${fraction}`}`);
  return Number.isFinite(n) ? n : null;
}
