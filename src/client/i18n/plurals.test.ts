import fs from 'node:fs';
import path from 'node:path';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';

const errors = (language: string) => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, language, 'errors.json'), 'utf8'));

describe('counts in messages', () => {
  it('say "1 minute" and "2 minutes" in English, and read right in the other languages', async () => {
    const i18n = createInstance();
    await i18n.init({ lng: 'en', resources: { en: { errors: errors('en') }, ja: { errors: errors('ja') } }, interpolation: { escapeValue: false } });
    expect(i18n.t('errors:TooManyAttempts', { count: 1 })).toBe('Too many attempts. Please try again in 1 minute.');
    expect(i18n.t('errors:TooManyAttempts', { count: 2 })).toBe('Too many attempts. Please try again in 2 minutes.');
    expect(i18n.t('errors:TooManyAttempts', { lng: 'ja', count: 1 })).toBe('試行回数が多すぎます。1 分後にもう一度お試しください。');
  });
});
