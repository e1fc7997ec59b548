export const languages = ['zh-TW', 'en', 'zh-CN', 'ja'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'zh-TW';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}
