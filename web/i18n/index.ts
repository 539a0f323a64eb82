import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language, SUPPORTED_LANGUAGES } from '../../contract/constants.ts';
import { readStored, STORAGE_KEYS, writeStored } from '../state/storage.ts';
import { de } from './de.ts';
import { en } from './en.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof de };
  }
}

export const resources = { de: { translation: de }, en: { translation: en } } as const;

function initialLanguage(): Language {
  const stored = readStored(STORAGE_KEYS.language);
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(stored ?? '')
    ? (stored as Language)
    : DEFAULT_LANGUAGE;
}

/** German first (SPEC §1); English as the second language of the author UI. */
void i18next.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = i18next.language;

export function setLanguage(language: Language): void {
  writeStored(STORAGE_KEYS.language, language);
  void i18next.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export default i18next;
