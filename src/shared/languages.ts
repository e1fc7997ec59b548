export const languages = ['zh-TW', 'en', 'zh-CN', 'ja'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'zh-TW';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The language a link asks for with `?lang=` (mailed links carry the recipient's), if it is one of ours. */
export function languageFromQuery(search: string): Language | undefined {
  const asked = new URLSearchParams(search).get('lang');
  return isLanguage(asked) ? asked : undefined;
}
