import { useState, type ChangeEvent } from 'react';
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

/**
 * Uploads the image chosen in a file input (a news cover, a body image, a banner; checked by its bytes
 * on the server) and hands its address to `use`; `uploading` and `error` tell the form what happens.
 */
export function useImageUpload() {
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  async function upload(event: ChangeEvent<HTMLInputElement>, use: (url: string) => void): Promise<void> {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    setUploading(true);
    try {
      const answer = (await uploadFile('/admin-files/content-images', file)) as { url: string };
      use(answer.url);
    } catch (failure) {
      setError(failure);
    } finally {
      setUploading(false);
    }
  }
  return { uploading, error, upload };
}
