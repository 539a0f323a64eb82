import type { Locale } from 'date-fns';
import { format as formatFns } from 'date-fns/format';
import { de } from 'date-fns/locale/de';
import { enUS } from 'date-fns/locale/en-US';
import type { Language } from '../../contract/constants.ts';
import i18next from './index.ts';

const LOCALES: Record<Language, Locale> = { de, en: enUS };

/** The date-fns locale of a language (SPEC §9: German and English); German when unknown. */
export function dateLocale(language: string = i18next.language): Locale {
  return LOCALES[language as Language] ?? de;
}

/** Formats a date in the UI language, e.g. formatDate(d, 'PPp'). */
export function formatDate(date: Date | number, pattern: string, language?: string): string {
  return formatFns(date, pattern, { locale: dateLocale(language) });
}
