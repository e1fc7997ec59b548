import { describe, expect, it } from 'vitest';
import { languageFromQuery } from './languages';

describe('the language a mailed link asks for', () => {
  it('is taken from ?lang= when it is one of the four', () => {
    expect(languageFromQuery('?lang=en')).toBe('en');
    expect(languageFromQuery('?next=%2Forders&lang=zh-CN')).toBe('zh-CN');
  });

  it('is ignored when missing or unknown', () => {
    expect(languageFromQuery('')).toBeUndefined();
    expect(languageFromQuery('?lang=fr')).toBeUndefined();
    expect(languageFromQuery('?lang=zh')).toBeUndefined();
  });
});
