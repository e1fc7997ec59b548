// Relative, not '@/shared': the unit tests that load this file have no '@' alias.
import { orderStatus, type OrderAction } from '../../../shared/orders';
import { findTransition, mailEventOf } from '../../../shared/order-transitions';

/** Statuses of a virtual-account order whose payment has been received (20, then 15 or 1 once its points are enabled). */
const receivedStatuses: readonly number[] = [orderStatus.paymentConfirmed, orderStatus.awaitingFunds, orderStatus.complete];

/**
 * What the virtual-account section says of an issued account (`orders` keys): pay it while the order
 * awaits payment, received once paid, closed once its deadline passed unpaid (98); nothing otherwise.
 */
export function virtualAccountNoteKey(status: number): 'vacc.lead' | 'vacc.paid' | 'vacc.expired' | undefined {
  if (status === orderStatus.awaitingPayment) return 'vacc.lead';
  if (receivedStatuses.includes(status)) return 'vacc.paid';
  if (status === orderStatus.failed) return 'vacc.expired';
  return undefined;
}

/** Why an order file upload was refused (`orders` keys): an empty file, one over 5 MB, one of another type; undefined for any other refusal. */
export function uploadRefusalKey(code: string | undefined, fileBytes: number): 'upload.empty' | 'upload.tooLarge' | 'upload.wrongType' | undefined {
  if (code === 'InvalidParameterType') return 'upload.wrongType';
  if (code === 'OutOfRange') return fileBytes === 0 ? 'upload.empty' : 'upload.tooLarge';
  return undefined;
}

/**
 * The staff confirm dialog's text of a transition (`orders` keys), from the status table: one that
 * enables the points says so; otherwise it promises the customer a mail only when the change sends one.
 */
export function confirmBodyKey(action: OrderAction, from: number, to: number): 'admin.confirmBodyEnable' | 'admin.confirmBody' | 'admin.confirmBodyNoMail' {
  const transition = findTransition(action, from, to);
  if (transition?.enables) return 'admin.confirmBodyEnable';
  return transition && mailEventOf(transition) ? 'admin.confirmBody' : 'admin.confirmBodyNoMail';
}
