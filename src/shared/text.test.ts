import { describe, expect, it } from 'vitest';
import { wideLength } from './text';

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
