import fs from 'node:fs';
import path from 'node:path';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { languages } from '../../../shared/languages';

const namespace = (language: string, name: string) => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../i18n', language, `${name}.json`), 'utf8'));

async function translator() {
  const i18n = createInstance();
  const resources = Object.fromEntries(languages.map((language) => [language, { points: namespace(language, 'points'), platform: namespace(language, 'platform') }]));
  await i18n.init({ lng: 'en', resources, interpolation: { escapeValue: false } });
  return i18n;
}

describe('the texts of moved points', () => {
  it('say "1 point transferred" and "3 points transferred", "1 M Point moved" and "2 M Points moved", with the count in every language', async () => {
    const i18n = await translator();
    expect([1, 3].map((count) => i18n.t('points:transfer.done', { count }))).toEqual(['1 point transferred', '3 points transferred']);
    expect([1, 2].map((count) => i18n.t('platform:devices.points.done', { count, name: 'Line 2' }))).toEqual(['1 M Point moved to Line 2', '2 M Points moved to Line 2']);
    for (const lng of languages) {
      for (const count of [1, 7]) {
        expect(i18n.t('points:transfer.done', { lng, count }), lng).toContain(String(count));
        expect(i18n.t('platform:devices.points.done', { lng, count, name: 'Line 2' }), lng).toMatch(new RegExp(`${count}.*Line 2|Line 2.*${count}`));
      }
    }
  });

  it("tell the trial applicant that a Chinese or Japanese character counts as 2 of the 500, as the field's validation message does", () => {
    const counted = { en: /counts as 2/, 'zh-TW': /以 2 個字元計/, 'zh-CN': /按 2 个字符计/, ja: /2 文字と数えます/ } as const;
    for (const language of languages) {
      const hint: string = namespace(language, 'points').trial.reasonHint;
      expect(hint, language).toContain('500');
      expect(hint, language).toMatch(counted[language]);
    }
  });
});
