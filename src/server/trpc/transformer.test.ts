import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { transformer } from './transformer';

class Money {
  constructor(readonly minor: number) {}
}

const deep = (levels: number): unknown => (levels === 0 ? { end: new Date(0) } : { next: deep(levels - 1) });

/** Values shaped like the portal's answers, and values only superjson knows how to carry. */
const corpus: Record<string, unknown> = {
  'a page of orders': {
    rows: [
      { id: 'M202611260001', status: 10, createdAt: new Date('2026-11-26T01:02:03.004Z'), paidAt: null, note: undefined, names: { 'zh-TW': '一般方案', en: 'General' } },
      { id: 'M202611260002', status: 0, createdAt: new Date('2026-11-25T23:59:59.999Z'), paidAt: new Date(0), note: 'rush', names: {} },
    ],
    total: 100_005,
    empty: [],
  },
  'keys with dots and backslashes': { 'a.b': new Date(1), 'c\\d': { 'e.f\\g': new Date(2) }, plain: 1 },
  'undefined and dates in arrays': [undefined, new Date(3), null, [undefined, new Date(4)], 'x', 0, false],
  'a date alone': new Date('2026-01-01T00:00:00Z'),
  'undefined alone': undefined,
  'null alone': null,
  'a string alone': '誠宏精密',
  'no special value': { ok: true, list: [1, 2, { three: 'three' }] },
  'an object without a prototype': Object.assign(Object.create(null) as object, { at: new Date(5) }),
  'a Map and a Set': { byType: new Map([[9, 1.5]]), seen: new Set(['a']) },
  'a bigint': { big: 10n },
  'numbers JSON cannot carry': { nan: Number.NaN, infinite: Number.POSITIVE_INFINITY, negativeZero: -0 },
  'an invalid date': { at: new Date(Number.NaN) },
  'a class instance': { price: new Money(500_000) },
  'a value nested deeper than the fast path goes': deep(80),
};

describe('the API answer serializer', () => {
  for (const [name, value] of Object.entries(corpus)) {
    it(`sends ${name} exactly as superjson would, and the web app reads it back`, () => {
      const wire = JSON.stringify(transformer.serialize(value));
      const superjsonWire = JSON.stringify(superjson.serialize(value));
      expect(wire).toBe(superjsonWire);
      expect(transformer.deserialize(JSON.parse(wire) as never)).toEqual(superjson.deserialize(JSON.parse(superjsonWire) as never));
    });
  }
});
