/** A keyset cursor of an order list (orderListOutput): the orders just older, or just newer, than one. */
export type OrderPageCursor = { olderThan: string } | { newerThan: string };

/** A page of an order list: its number, for reading, and the cursor of the orders it holds. */
export interface OrderPageAt {
  page: number;
  cursor?: OrderPageCursor;
}

/**
 * Where a pager's 'previous' and 'next' lead from page `page` of `list`: undefined at either end.
 * The first page holds the newest orders and needs no cursor, so the way back to it drops the cursor.
 */
export function neighbourPages(page: number, list: { newer: string | null; older: string | null }): { previous?: OrderPageAt; next?: OrderPageAt } {
  const at = (to: number, cursor: OrderPageCursor): OrderPageAt => (to > 1 ? { page: to, cursor } : { page: 1 });
  return {
    previous: list.newer ? at(page - 1, { newerThan: list.newer }) : undefined,
    next: list.older ? at(page + 1, { olderThan: list.older }) : undefined,
  };
}
