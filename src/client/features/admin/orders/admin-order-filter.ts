// Relative, not '@/shared': the unit tests that load this file have no '@' alias.
import { staffOrderListInput, type StaffOrderListInput } from '../../../../shared/orders';

/** The fields of the filter form, whose refused values are shown on them. */
export type OrderFilterField = 'status' | 'from' | 'to';

export interface OrderFilter {
  /** The list's input: every value of the address its schema takes; a refused one is left out, the others still apply. */
  input: StaffOrderListInput;
  /** The message (validation.…) of each filter value the address has and the schema refuses. */
  errors: Partial<Record<OrderFilterField, string>>;
}

/**
 * The filter and page as they stand in the address (?status=&from=&to=, and ?page=&olderThan= or
 * &newerThan= for the keyset page). Each value is checked on its own by the list's schema: a bad
 * date or status, or an end before the start, is left out with its message for its field, and a
 * bad cursor (which has no field) is left out silently, so the list starts at its first page.
 */
export function orderFilterOf(params: URLSearchParams, pageSize: number): OrderFilter {
  const fields = staffOrderListInput.shape;
  const input: StaffOrderListInput = { pageSize };
  const errors: OrderFilter['errors'] = {};
  const status = params.get('status');
  if (status) {
    const parsed = fields.status.safeParse(Number(status));
    if (parsed.success) input.status = parsed.data;
    else errors.status = parsed.error.issues[0]?.message;
  }
  for (const name of ['from', 'to'] as const) {
    const value = params.get(name);
    if (!value) continue;
    const parsed = fields[name].safeParse(value);
    if (parsed.success) input[name] = parsed.data;
    else errors[name] = parsed.error.issues[0]?.message;
  }
  // A range that ends before it begins: the end is left out, with the schema's message.
  const range = staffOrderListInput.safeParse(input).error?.issues.find((issue) => issue.path[0] === 'to');
  if (range) {
    errors.to = range.message;
    delete input.to;
  }
  for (const name of ['olderThan', 'newerThan'] as const) {
    const parsed = fields[name].safeParse(params.get(name) || undefined);
    if (parsed.success && parsed.data) input[name] = parsed.data;
  }
  return { input, errors };
}
