import { describe, expect, it } from 'vitest';
import { orderFilterOf } from './admin-order-filter';

const filterOf = (query: string) => orderFilterOf(new URLSearchParams(query), 20);

describe("the back office's order filter in the address", () => {
  it('takes a whole valid filter as it stands', () => {
    expect(filterOf('status=99&from=2026-01-01&to=2026-01-31&page=2&olderThan=M202601010001')).toEqual({
      input: { status: 99, from: '2026-01-01', to: '2026-01-31', olderThan: 'M202601010001', pageSize: 20 },
      errors: {},
    });
    expect(filterOf('')).toEqual({ input: { pageSize: 20 }, errors: {} });
    expect(filterOf('status=0&from=&to=')).toEqual({ input: { status: 0, pageSize: 20 }, errors: {} });
  });

  it('leaves out a date before 2000 with its message, and keeps the status and the other date', () => {
    expect(filterOf('status=99&from=1999-12-31')).toEqual({ input: { status: 99, pageSize: 20 }, errors: { from: 'validation.orders.date' } });
    expect(filterOf('status=10&from=2026-02-01&to=0001-01-01')).toEqual({
      input: { status: 10, from: '2026-02-01', pageSize: 20 },
      errors: { to: 'validation.orders.date' },
    });
    expect(filterOf('from=yesterday&to=2026-02-30')).toEqual({
      input: { pageSize: 20 },
      errors: { from: 'validation.orders.date', to: 'validation.orders.date' },
    });
  });

  it('leaves out an end before the start with its message, and keeps the start', () => {
    expect(filterOf('status=1&from=2026-12-31&to=2026-01-01')).toEqual({
      input: { status: 1, from: '2026-12-31', pageSize: 20 },
      errors: { to: 'validation.dateRange' },
    });
    expect(filterOf('from=2026-03-01&to=2026-03-01')).toEqual({ input: { from: '2026-03-01', to: '2026-03-01', pageSize: 20 }, errors: {} });
  });

  it('leaves out an unknown status with its message, and keeps the dates', () => {
    expect(filterOf('status=5&from=2026-01-01')).toEqual({ input: { from: '2026-01-01', pageSize: 20 }, errors: { status: 'validation.invalid' } });
    expect(filterOf('status=cancelled')).toEqual({ input: { pageSize: 20 }, errors: { status: 'validation.invalid' } });
  });

  it('starts at the first page of the same filter when a cursor is not an order number', () => {
    expect(filterOf('status=99&page=3&olderThan=DROP TABLE')).toEqual({ input: { status: 99, pageSize: 20 }, errors: {} });
    expect(filterOf('from=2026-01-01&page=2&newerThan=M1')).toEqual({ input: { from: '2026-01-01', pageSize: 20 }, errors: {} });
    expect(filterOf('page=2&newerThan=M202601010001')).toEqual({ input: { newerThan: 'M202601010001', pageSize: 20 }, errors: {} });
  });
});
