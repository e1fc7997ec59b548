import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, isLanguage, languageFromQuery, languages, type Language } from '@/shared/languages';
import { loadTranslation, type Namespace } from './resources';

const storageKey = 'portal.language';

/** The language of a mailed link (`?lang=`), kept as the visitor's choice; else the stored one. */
function initialLanguage(): Language {
  const asked = languageFromQuery(window.location.search);
  if (!asked) return storedLanguage();
  persistLanguagePreference(asked);
  return asked;
}

function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(storageKey);
    return isLanguage(value) ? value : defaultLanguage;
  } catch {
    return defaultLanguage;
  }
}

/**
 * Keeps the visitor's language choice for the next visit. The accounts work will also store it as
 * the signed-in user's preference (spec section 1: the language is a user preference).
 */
export function persistLanguagePreference(language: Language): void {
  try {
    window.localStorage.setItem(storageKey, language);
  } catch {
    // Storage can be unavailable (private mode, blocked cookies); the choice then lasts for this page only.
  }
}

export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : defaultLanguage;
}

/** Resolves once the texts of the new language that are in use have arrived, then re-renders. */
export async function changeLanguage(language: Language): Promise<void> {
  persistLanguagePreference(language);
  await i18n.changeLanguage(language);
}

/** Namespaces a page needs, fetched alongside its code (see lazyPage) so that they do not wait for each other. */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  return i18n.loadNamespaces([...namespaces]);
}

/**
 * Starts fetching namespaces of the visitor's language before i18next is ready to take them: the
 * browser keeps the loaded chunks, so loadNamespaces finds them at once afterwards.
 */
export function prefetchNamespaces(namespaces: readonly Namespace[]): void {
  const language = i18n.resolvedLanguage ?? storedLanguage();
  if (!isLanguage(language)) return;
  for (const namespace of namespaces) void loadTranslation(language, namespace).catch(() => undefined);
}

const chunkBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (!isLanguage(language)) {
      callback(new Error(`Unsupported language ${language}`), false);
      return;
    }
    loadTranslation(language, namespace).then(
      (data) => callback(null, data),
      (error: Error) => callback(error, false),
    );
  },
};

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = isLanguage(language) ? language : defaultLanguage;
});

const language = initialLanguage();
// The common texts are asked for now, before the page's code (main.tsx), not when i18next gets to
// its backend after the entry has run; the backend then finds the chunk loaded.
void loadTranslation(language, 'common').catch(() => undefined);

/**
 * Resolves when the common texts of the visitor's language are loaded: the app renders then. Every
 * language has every key (i18n.test.ts), so there is no fallback language to fetch as well.
 */
export const i18nReady: Promise<unknown> = i18n
  .use(chunkBackend)
  .use(initReactI18next)
  .init({
    lng: language,
    fallbackLng: false,
    supportedLngs: [...languages],
    // Keep 'zh-TW' and 'zh-CN' apart: never fall back to a bare 'zh'.
    load: 'currentOnly',
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

export { i18n };
