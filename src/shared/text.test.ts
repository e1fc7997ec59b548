import { describe, expect, it } from 'vitest';
import { formatBytes, requiredText, wideLength } from './text';

describe('wideLength', () => {
  it('counts ASCII as one each', () => {
    expect(wideLength('Inspectra 2026')).toBe(14);
  });
  it('counts CJK, kana, full-width and emoji as two each', () => {
    expect(wideLength('瑕疵檢測')).toBe(8);
    expect(wideLength('かな')).toBe(4);
    expect(wideLength('ＡＢ')).toBe(4);
    expect(wideLength('ok👍')).toBe(4);
  });
  it('counts a mixed string by its characters, not its UTF-16 units', () => {
    expect(wideLength('AOI 檢測 v2')).toBe(11);
  });
});

describe('formatBytes', () => {
  it('keeps bytes whole and gives larger sizes 2 decimals in steps of 1024, up to YB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.50 KB');
    expect(formatBytes(5 * 1024 ** 3, 1)).toBe('5.0 GB');
    expect(formatBytes(2 * 1024 ** 9)).toBe('2048.00 YB');
  });
});

describe('requiredText', () => {
  const name = requiredText(40);
  it('refuses half of a UTF-16 pair alone, and takes a whole pair', () => {
    expect(name.safeParse('AOI \ud800 line').error?.issues.map((issue) => issue.message)).toEqual(['validation.controlCharacter']);
    expect(name.safeParse('AOI \udfff').success).toBe(false);
    expect(name.parse('AOI 🔍 line')).toBe('AOI 🔍 line');
  });

  it('takes text of invisible characters only as empty, and keeps them inside visible text', () => {
    expect(name.safeParse('\u200b\u2060\ufeff ').error?.issues.map((issue) => issue.message)).toEqual(['validation.required']);
    expect(name.parse('瑕疵\u200d檢測')).toBe('瑕疵\u200d檢測');
  });
});
