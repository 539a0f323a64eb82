import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language, SUPPORTED_LANGUAGES } from '../../contract/constants.ts';
import type { RouteMeta } from '../../contract/routes.ts';
import { reapplyRouteMeta, setTitleTranslator } from '../route-meta.ts';
import { readStored, STORAGE_KEYS, writeStored } from '../state/storage.ts';
import type { de } from './de.ts';
import { deCore } from './de-core.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof de };
  }
}

/** The entry's German texts; the other screens' texts are registered when they load (feature-texts.ts). */
export const resources = { de: { translation: deCore } } as const;

/**
 * English is fetched when it is first needed (a stored choice, or the account's language): German is
 * every page's language unless chosen otherwise, and the English texts would double the translations in
 * the app's first download. i18next waits for them before it switches (changeLanguage resolves then),
 * and so for English's date locale (date-en.ts), which comes with them.
 */
const englishOnDemand: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (language !== 'en') return callback(null, {});
    Promise.all([import('./en.ts'), import('./date-en.ts')]).then(
      ([module]) => callback(null, module.en),
      (failure: Error) => callback(failure, false),
    );
  },
};

function initialLanguage(): Language {
  const stored = readStored(STORAGE_KEYS.language);
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(stored ?? '')
    ? (stored as Language)
    : DEFAULT_LANGUAGE;
}

/**
 * German first (SPEC §1); English as the second language of the author UI. Resolves when the initial
 * language's texts are there (at once for German; the app renders after it, web/main.tsx).
 */
export const i18nReady = i18next
  .use(englishOnDemand)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    lng: initialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
  });

if (typeof document !== 'undefined') document.documentElement.lang = i18next.language;

type TitledRoute = keyof typeof deCore.pageTitles;
const pageTitle = (label: string) => `${label} – ${deCore.common.productName}`;

/**
 * A route's page title in the UI language. Only a route's own title is translated: one a screen set
 * itself (a game's title) stays as it is, and so does every title in German.
 */
export function routeTitle(meta: RouteMeta, language: string = i18next.language): string {
  if (!Object.hasOwn(deCore.pageTitles, meta.name)) return meta.title;
  const key = meta.name as TitledRoute;
  if (meta.title !== pageTitle(deCore.pageTitles[key])) return meta.title;
  return pageTitle(i18next.t(`pageTitles.${key}`, { lng: language }));
}

setTitleTranslator((meta) => routeTitle(meta));
i18next.on('languageChanged', () => reapplyRouteMeta());

/** Resolves when the page speaks the language (English may have to be fetched first). */
export async function setLanguage(language: Language): Promise<void> {
  writeStored(STORAGE_KEYS.language, language);
  await i18next.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export default i18next;
