import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, isLanguage, languages, type Language } from '@/shared/languages';
import { namespaces, resources } from './resources';

const storageKey = 'portal.language';

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

export async function changeLanguage(language: Language): Promise<void> {
  persistLanguagePreference(language);
  await i18n.changeLanguage(language);
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = isLanguage(language) ? language : defaultLanguage;
});

// The resources are bundled, so initialisation can finish synchronously before the first render.
void i18n.use(initReactI18next).init({
  initAsync: false,
  resources,
  lng: storedLanguage(),
  fallbackLng: defaultLanguage,
  supportedLngs: [...languages],
  // Keep 'zh-TW' and 'zh-CN' apart: never fall back to a bare 'zh'.
  load: 'currentOnly',
  ns: [...namespaces],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
});

export { i18n };
