import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FILL_NAMESPACE, LIBRARY_NAMESPACE } from './namespaces';

export const languages = [
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
] as const;

export type LanguageCode = (typeof languages)[number]['code'];

export const LANGUAGE_KEY = 'language';

const supported = new Set<string>(languages.map((language) => language.code));

/**
 * Each language is split in small files, fetched only when that language and that part of the app
 * are used: `translation` for what every screen needs, `library` for the signed-in library, `fill`
 * for the dialog that fills a template's blanks.
 */
export { FILL_NAMESPACE, LIBRARY_NAMESPACE };

type Loader = () => Promise<{ default: Record<string, unknown> }>;

const loaders: Record<LanguageCode, Record<string, Loader>> = {
  en: {
    translation: () => import('./en.json'),
    [LIBRARY_NAMESPACE]: () => import('./en.library.json'),
    [FILL_NAMESPACE]: () => import('./en.fill.json'),
  },
  de: {
    translation: () => import('./de.json'),
    [LIBRARY_NAMESPACE]: () => import('./de.library.json'),
    [FILL_NAMESPACE]: () => import('./de.fill.json'),
  },
};

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    const load = loaders[language as LanguageCode]?.[namespace];
    if (!load) return callback(new Error(`No translations for ${language}/${namespace}`), false);
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

/** Fetches the library's translations of the user's language now, before the screen asks for them. */
export function preloadLibraryTranslations(): void {
  void loaders[detectLanguage()][LIBRARY_NAMESPACE]!().catch(() => undefined);
}

/** The language picked in the menu, else the browser's first supported one, else English. */
export function detectLanguage(): LanguageCode {
  const chosen = window.localStorage.getItem(LANGUAGE_KEY);
  if (chosen && supported.has(chosen)) return chosen as LanguageCode;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0];
    if (supported.has(base)) return base as LanguageCode;
  }
  return 'en';
}

/** Resolves once the user's language is loaded, so the first render already speaks it. */
export async function initI18n(): Promise<typeof i18n> {
  await i18n
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: detectLanguage(),
      // Both locales are complete (a unit test holds them to the same keys), so no fallback file is fetched.
      fallbackLng: false,
      ns: ['translation'],
      defaultNS: 'translation',
      // Keys of the library part ('library.…', 'billing.…') and of the fill dialog
      // ('templates.fill.…') are found once their file has loaded.
      fallbackNS: [LIBRARY_NAMESPACE, FILL_NAMESPACE],
      supportedLngs: [...supported],
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
  const apply = (language: string) => {
    document.documentElement.lang = language;
  };
  apply(i18n.language);
  i18n.on('languageChanged', (language) => {
    apply(language);
    window.localStorage.setItem(LANGUAGE_KEY, language);
  });
  return i18n;
}
