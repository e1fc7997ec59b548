import fs from 'node:fs';
import path from 'node:path';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';

const namespace = (language: string, name: string) => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, language, `${name}.json`), 'utf8'));
const errors = (language: string) => namespace(language, 'errors');

describe('counts in messages', () => {
  it('say "1 minute" and "2 minutes" in English, and read right in the other languages', async () => {
    const i18n = createInstance();
    await i18n.init({ lng: 'en', resources: { en: { errors: errors('en') }, ja: { errors: errors('ja') } }, interpolation: { escapeValue: false } });
    expect(i18n.t('errors:TooManyAttempts', { count: 1 })).toBe('Too many attempts. Please try again in 1 minute.');
    expect(i18n.t('errors:TooManyAttempts', { count: 2 })).toBe('Too many attempts. Please try again in 2 minutes.');
    expect(i18n.t('errors:TooManyAttempts', { lng: 'ja', count: 1 })).toBe('試行回数が多すぎます。1 分後にもう一度お試しください。');
  });

  it('say "1 record", "1 member", "1 point" and their plurals in English, the same words in Japanese', async () => {
    const i18n = createInstance();
    const resources = (language: string) => Object.fromEntries(['points', 'teams', 'pricing'].map((name) => [name, namespace(language, name)]));
    await i18n.init({ lng: 'en', resources: { en: resources('en'), ja: resources('ja') }, interpolation: { escapeValue: false } });
    expect([1, 21].map((count) => i18n.t('points:records.total', { count }))).toEqual(['1 record', '21 records']);
    expect([1, 3].map((count) => i18n.t('teams:list.members', { count }))).toEqual(['1 member', '3 members']);
    expect([1, 40].map((count) => i18n.t('pricing:points', { count }))).toEqual(['1 point', '40 points']);
    expect([1, 4].map((count) => i18n.t('pricing:bonus', { count, percent: 5 }))).toEqual(['+1 bonus point (5%)', '+4 bonus points (5%)']);
    expect(i18n.t('points:records.total', { lng: 'ja', count: 1 })).toBe(i18n.t('points:records.total', { lng: 'ja', count: 21 }).replace('21', '1'));
  });
});
