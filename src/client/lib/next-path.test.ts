import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path';

describe('the page to open after signing in', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(safeNextPath('?next=/management-center/security')).toBe('/management-center/security');
    expect(safeNextPath(`?next=${encodeURIComponent('/orders?page=2#latest')}`)).toBe('/orders?page=2#latest');
  });

  it('drops anything that leads to another site, however it is spelled', () => {
    for (const next of ['//evil.example', '/\\evil.example', '/\\/evil.example', 'https://evil.example', '/\n/evil.example', '\t//evil.example', 'javascript:alert(1)', '']) {
      expect(safeNextPath(`?next=${encodeURIComponent(next)}`)).toBeUndefined();
    }
    expect(safeNextPath('')).toBeUndefined();
  });
});
