import { uploadFile } from '@/client/lib/upload';
import { languages, type Language } from '@/shared/languages';

/** Language names as each language writes itself, for the per-language fieldsets of the content forms. */
export const languageNames: Record<Language, string> = { 'zh-TW': '繁體中文', en: 'English', 'zh-CN': '简体中文', ja: '日本語' };

/** The languages staff wrote in: zh-TW always (a blank one is refused in words by the server), others only when filled. */
export function writtenTexts<T extends object>(texts: Partial<Record<Language, T>>, empty: T): { 'zh-TW': T } & Partial<Record<Exclude<Language, 'zh-TW'>, T>> {
  const result: Partial<Record<Language, T>> = { 'zh-TW': texts['zh-TW'] ?? empty };
  for (const language of languages) {
    const text = texts[language];
    if (language !== 'zh-TW' && text && Object.values(text).some((value) => typeof value === 'string' && value.trim() !== '')) result[language] = text;
  }
  return result as { 'zh-TW': T } & Partial<Record<Exclude<Language, 'zh-TW'>, T>>;
}

/** Uploads a news, banner or body image (checked by its bytes on the server) and gives its address. */
export async function uploadContentImage(file: File): Promise<string> {
  const answer = (await uploadFile('/admin-files/content-images', file)) as { url: string };
  return answer.url;
}
