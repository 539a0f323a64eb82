import type { Locale } from 'date-fns';
import { format as formatFns } from 'date-fns/format';
import { de } from 'date-fns/locale/de';
// The instance index.ts set up; importing index.ts would make date-en.ts's chunk reach the entry's modules.
import i18next from 'i18next';
import type { Language } from '../../contract/constants.ts';

/** German's; English's is added with the English texts (date-en.ts), before a page switches to English. */
const LOCALES: Partial<Record<Language, Locale>> = { de };

export function addDateLocale(language: Language, locale: Locale): void {
  LOCALES[language] = locale;
}

/** The date-fns locale of a language (SPEC §9: German and English); German when unknown. */
export function dateLocale(language: string = i18next.language): Locale {
  return LOCALES[language as Language] ?? de;
}

/** Formats a date in the UI language, e.g. formatDate(d, 'PPp'). */
export function formatDate(date: Date | number, pattern: string, language?: string): string {
  return formatFns(date, pattern, { locale: dateLocale(language) });
}
