import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language, SUPPORTED_LANGUAGES } from '../../contract/constants.ts';
import type { RouteMeta } from '../../contract/routes.ts';
import { reapplyRouteMeta, setTitleTranslator } from '../route-meta.ts';
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

type TitledRoute = keyof typeof de.pageTitles;
const pageTitle = (label: string) => `${label} – ${de.common.productName}`;

/**
 * A route's page title in the UI language. Only a route's own title is translated: one a screen set
 * itself (a game's title) stays as it is, and so does every title in German.
 */
export function routeTitle(meta: RouteMeta, language: string = i18next.language): string {
  if (!Object.hasOwn(de.pageTitles, meta.name)) return meta.title;
  const key = meta.name as TitledRoute;
  if (meta.title !== pageTitle(de.pageTitles[key])) return meta.title;
  return pageTitle(i18next.t(`pageTitles.${key}`, { lng: language }));
}

setTitleTranslator((meta) => routeTitle(meta));
i18next.on('languageChanged', () => reapplyRouteMeta());

export function setLanguage(language: Language): void {
  writeStored(STORAGE_KEYS.language, language);
  void i18next.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export default i18next;
