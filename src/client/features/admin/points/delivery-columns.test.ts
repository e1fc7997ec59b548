import { describe, expect, it } from 'vitest';
import en from '../../../i18n/en/points.json';
import ja from '../../../i18n/ja/points.json';
import zhCN from '../../../i18n/zh-CN/points.json';
import zhTW from '../../../i18n/zh-TW/points.json';
import { deliveryColumns } from './delivery-columns';

/** The text of a dotted key in a translation file, as i18next reads it. */
function text(file: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], file);
}

describe("the platform deliveries table's headings", () => {
  it.each([
    ['zh-TW', zhTW, '重新送出'],
    ['en', en, 'Retry'],
    ['zh-CN', zhCN, '重新发送'],
    ['ja', ja, '再送'],
  ])('in %s, name the retry buttons\' column after them, not the trial screen\'s decision', (_language, file, retry) => {
    const headings = deliveryColumns.map((column) => text(file, column.key));
    expect(headings).toHaveLength(6);
    for (const heading of headings) expect(typeof heading).toBe('string');
    expect(headings.at(-1)).toBe(retry);
    expect(headings).not.toContain(text(file, 'admin.actions'));
  });
});
