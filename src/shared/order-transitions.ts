import { orderStatus, type OrderAction, type OrderActorKind, type OrderStatusCode } from './orders';
import type { StaffPermission } from './staff';

/**
 * The order status machine (spec section 4) as one table in code: who may move an order from which
 * status to which, the mail each change sends, and the back office's buttons.
 */

export interface OrderTransition {
  action: OrderAction;
  from: OrderStatusCode;
  to: OrderStatusCode;
  /** Staff need this permission; undefined: no staff member may. */
  permission?: StaffPermission;
  /** The actors other than staff who may. */
  actors: readonly OrderActorKind[];
  /** Enabling: records the purchase as paid, sets the group paid, mails the group administrator. */
  enables: boolean;
}

const s = orderStatus;
/**
 * The order status machine of spec section 4: one row per allowed change, with who may make it.
 * Both readings of confirm payment are kept: 10 to 20, or straight to 15 or 1, which enables the
 * order at once; enable takes a paid order (20) to 15, or to 1 when asked. Anything not in this
 * table is refused. A virtual-account order gets its account (2 to 10) and the
 * provider's callback confirms its payment (10 to 20); an order closed unpaid a day after its
 * account's deadline (10 to 98, only by expire) is still paid by a payment the provider reports
 * later that was made by the deadline (98 to 20): the money was taken.
 */
export const orderTransitions: readonly OrderTransition[] = [
  { action: 'confirmOrder', from: s.awaitingConfirmation, to: s.awaitingPayment, permission: 'confirm_order', actors: [], enables: false },
  { action: 'cancel', from: s.awaitingConfirmation, to: s.cancelled, permission: 'confirm_order', actors: ['member'], enables: false },
  { action: 'confirmPayment', from: s.awaitingPayment, to: s.paymentConfirmed, permission: 'confirm_payment', actors: [], enables: false },
  { action: 'confirmPayment', from: s.awaitingPayment, to: s.awaitingFunds, permission: 'confirm_payment', actors: [], enables: true },
  { action: 'confirmPayment', from: s.awaitingPayment, to: s.complete, permission: 'confirm_payment', actors: [], enables: true },
  { action: 'enable', from: s.paymentConfirmed, to: s.awaitingFunds, permission: 'confirm_payment', actors: [], enables: true },
  { action: 'enable', from: s.paymentConfirmed, to: s.complete, permission: 'confirm_payment', actors: [], enables: true },
  { action: 'complete', from: s.awaitingFunds, to: s.complete, permission: 'confirm_payment', actors: [], enables: false },
  { action: 'issueVirtualAccount', from: s.paymentMethodNotChosen, to: s.awaitingPayment, actors: ['system'], enables: false },
  { action: 'providerPaid', from: s.awaitingPayment, to: s.paymentConfirmed, actors: ['provider'], enables: false },
  { action: 'expire', from: s.awaitingPayment, to: s.failed, actors: ['system'], enables: false },
  // A payment made by the deadline but reported after the sweep closed the order (10 -> 98): taken.
  { action: 'providerPaid', from: s.failed, to: s.paymentConfirmed, actors: ['provider'], enables: false },
];

/**
 * Order mails (to the customer, and to staff holding the next step's permission), sent when the
 * mail feature flag is on; the server's mail texts are in modules/orders/orders.mail.ts.
 */
export type OrderMailEvent = 'placed' | 'placedVirtualAccount' | 'virtualAccountIssued' | 'confirmed' | 'paymentConfirmed' | 'enabled' | 'cancelled' | 'expired';

/** Which mail a status change sends; none for the steps the customer does not need to hear about (15 -> 1 among them). */
export function mailEventOf({ action, to, enables }: Pick<OrderTransition, 'action' | 'to' | 'enables'>): OrderMailEvent | undefined {
  if (enables) return 'enabled';
  if (action === 'issueVirtualAccount') return 'virtualAccountIssued';
  if (action === 'expire') return 'expired';
  if (to === orderStatus.awaitingPayment) return 'confirmed';
  if (to === orderStatus.paymentConfirmed) return 'paymentConfirmed';
  if (to === orderStatus.cancelled) return 'cancelled';
  return undefined;
}

/** The transition of `action` from `from` (to `to`, or its first target); undefined when the table has none. */
export function findTransition(action: OrderAction, from: number, to?: number): OrderTransition | undefined {
  return orderTransitions.find((row) => row.action === action && row.from === from && (to === undefined || row.to === to));
}

/** What staff may do with an order in `status`: the buttons of the back office. */
export function staffActionsFrom(status: number): Array<{ action: OrderAction; to: OrderStatusCode; permission: StaffPermission }> {
  return orderTransitions.flatMap((row) => (row.from === status && row.permission ? [{ action: row.action, to: row.to, permission: row.permission }] : []));
}
