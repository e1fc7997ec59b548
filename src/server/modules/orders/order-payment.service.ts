import type { ProviderPaymentOutcome } from '../../../shared/order-payments';
import { memberPaymentTypes, orderStatus, paymentType, type MemberPaymentType } from '../../../shared/orders';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { Tx } from '../../db/client';
import { scheduleDelivery, type Queued } from '../notifications/outbox.service';
import { queueUnappliedPaymentNotice } from './order-notices.service';
import { changeOrderStatus, changeOrderStatusIn } from './order-status.service';
import { hasValidSignature, paymentCallbackBody } from './payment-provider';
import { claimPaymentCallback, findOrderById, ordersAwaitingVirtualAccount, ordersPastVirtualAccountDeadline, setPaymentCallbackOutcome, type OrderRow } from './orders.repository';

/** How long a virtual account may be paid. */
export const VIRTUAL_ACCOUNT_DAYS = 3;
const PROVIDER = 'NEWEBPAY';

/** The payment types a member may choose now: a virtual account only when a provider (or, outside a deployment, the emulator) issues them. */
export function availablePaymentTypes(deps: Pick<Deps, 'payments'>): MemberPaymentType[] {
  return memberPaymentTypes.filter((type) => type !== paymentType.virtualAccount || deps.payments !== undefined);
}

/**
 * Asks the provider for the order's virtual account and moves the order from 2 to 10 with the
 * account, its bank code and deadline. A provider failure leaves the order at 2 (logged), and
 * sweepVirtualAccounts asks again.
 */
export async function issueVirtualAccount(deps: Deps, orderId: string): Promise<OrderRow> {
  const order = await findOrderById(deps.db, orderId);
  if (!order) throw new AppError('NotFound');
  if (order.paymentType !== paymentType.virtualAccount || order.status !== orderStatus.paymentMethodNotChosen) throw new AppError('OrderStatusConflict', { status: order.status, action: 'issueVirtualAccount' });
  if (!deps.payments) throw new Error('no virtual-account payment provider configured');
  const expiresAt = new Date(deps.clock().getTime() + VIRTUAL_ACCOUNT_DAYS * 86_400_000);
  const account = await deps.payments.issueVirtualAccount({ orderId: order.id, amountMinor: order.totalMinor, expiresAt });
  return changeOrderStatus(
    deps,
    { orderId: order.id, action: 'issueVirtualAccount' },
    { kind: 'system', name: PROVIDER },
    { vaccBankCode: account.bankCode, vaccAccount: account.account, vaccExpiresAt: account.expiresAt },
  );
}

/** How long after placing an order at 2 the sweep asks the provider again: placing asks first. */
export const VIRTUAL_ACCOUNT_RETRY_AFTER_MS = 60_000;
/**
 * How long after its deadline an unpaid virtual account's order is closed (10 -> 98): a payment made
 * before the deadline may be reported later (the provider retries its callback), and is still taken.
 */
export const VIRTUAL_ACCOUNT_GRACE_MS = 24 * 60 * 60_000;
const SWEEP_BATCH = 100;

/**
 * The job of virtual-account orders (every minute): asks the provider again for the account of an
 * order whose first request failed, and closes an order whose account was not paid by its deadline
 * (with the grace above), mailing the customer. Each order on its own: one failure does not hold up
 * the others, and a payment or a staff action that got there first wins (OrderStatusConflict).
 * With no provider (virtual accounts off) it asks for no account, and still closes orders past
 * their deadline (accounts issued while a provider was configured).
 */
export async function sweepVirtualAccounts(deps: Deps): Promise<{ issued: number; expired: number; failed: number }> {
  const now = deps.clock().getTime();
  const result = { issued: 0, expired: 0, failed: 0 };
  const awaiting = deps.payments ? await ordersAwaitingVirtualAccount(deps.db, new Date(now - VIRTUAL_ACCOUNT_RETRY_AFTER_MS), SWEEP_BATCH) : [];
  for (const order of awaiting) {
    try {
      await issueVirtualAccount(deps, order.id);
      result.issued++;
    } catch (error) {
      result.failed++;
      deps.log.warn({ err: error, orderId: order.id }, 'virtual account still not issued');
    }
  }
  for (const order of await ordersPastVirtualAccountDeadline(deps.db, new Date(now - VIRTUAL_ACCOUNT_GRACE_MS), SWEEP_BATCH)) {
    try {
      await changeOrderStatus(deps, { orderId: order.id, action: 'expire' }, { kind: 'system', name: PROVIDER });
      result.expired++;
    } catch (error) {
      if (error instanceof AppError && error.code === 'OrderStatusConflict') continue;
      result.failed++;
      deps.log.warn({ err: error, orderId: order.id }, 'order past its virtual account deadline not closed');
    }
  }
  return result;
}

export type CallbackOutcome = ProviderPaymentOutcome | 'forged' | 'malformed' | 'replayed' | 'noProvider';

/**
 * The provider's callback (spec: NEWEBPAY_VACC). Verified by its HMAC signature, then claimed by
 * its trade number (kept in payment_callbacks with the amount, account and time it reports) and
 * applied in one transaction: a replay of a processed callback (or a duplicate arriving meanwhile,
 * which waits for the first) changes nothing, while a callback whose application failed (its claim
 * rolled back with it) is processed again when the provider retries. A payment made by the deadline
 * moves the order to paid, also when the sweep closed the order meanwhile (98). An order that does
 * not match (account, amount), a payment after the account's deadline, or an order no longer
 * awaiting payment changes nothing either; the provider still took that money, so the staff holding
 * confirm_payment are told in the same transaction, and the back office lists it on the order.
 * Every callback that is not 'paid' is logged with its outcome (never the key or the signature).
 * With no provider configured (virtual accounts off) nothing is accepted.
 */
export async function handlePaymentCallback(deps: Deps, rawBody: Buffer, signature: string | undefined): Promise<CallbackOutcome> {
  if (!deps.payments) {
    deps.log.warn({ bytes: rawBody.length }, 'payment callback refused: no payment provider configured');
    return 'noProvider';
  }
  if (!hasValidSignature(deps.payments.callbackKey, rawBody, signature)) {
    deps.log.warn({ bytes: rawBody.length }, 'payment callback refused: bad signature');
    return 'forged';
  }
  let parsed;
  try {
    parsed = paymentCallbackBody.safeParse(JSON.parse(rawBody.toString('utf8')));
  } catch {
    parsed = undefined;
  }
  if (!parsed?.success) {
    deps.log.warn('payment callback refused: malformed body');
    return 'malformed';
  }
  const callback = parsed.data;
  const { outcome, queued } = await deps.db.transaction(async (tx): Promise<{ outcome: CallbackOutcome; queued?: Queued }> => {
    // A duplicate sent meanwhile waits here on the trade number until this transaction ends.
    const claimed = await claimPaymentCallback(tx, {
      tradeNo: callback.tradeNo,
      orderId: callback.orderId,
      outcome: 'received',
      receivedAt: deps.clock(),
      amountMinor: callback.amountMinor,
      account: callback.account,
      paidAt: callback.paidAt,
    });
    if (!claimed) return { outcome: 'replayed' };
    const applied = await applyPayment(deps, tx, callback);
    await setPaymentCallbackOutcome(tx, callback.tradeNo, applied.outcome);
    if (applied.outcome === 'paid') return applied;
    return { outcome: applied.outcome, queued: await queueUnappliedPaymentNotice(deps, tx, { ...callback, outcome: applied.outcome }, applied.order) };
  });
  if (queued) await scheduleDelivery(deps, queued);
  if (outcome === 'paid') deps.log.info({ tradeNo: callback.tradeNo, orderId: callback.orderId }, 'virtual account paid');
  else if (outcome === 'replayed') deps.log.warn({ tradeNo: callback.tradeNo, orderId: callback.orderId }, 'payment callback ignored: replayed');
  else deps.log.warn({ tradeNo: callback.tradeNo, orderId: callback.orderId, outcome }, 'payment callback changed nothing');
  return outcome;
}

type Applied = { outcome: 'paid'; queued: Queued } | { outcome: Exclude<ProviderPaymentOutcome, 'paid'>; order?: OrderRow };

/** Applies a verified payment: 10 (or 98, closed by the sweep) to 20 when it matches the order and was made by the deadline. */
async function applyPayment(deps: Deps, tx: Tx, callback: { orderId: string; account: string; amountMinor: number; paidAt: Date }): Promise<Applied> {
  const order = await findOrderById(tx, callback.orderId);
  if (!order || order.paymentType !== paymentType.virtualAccount) return { outcome: 'unknownOrder', order };
  if (order.vaccAccount !== callback.account || order.totalMinor !== callback.amountMinor) return { outcome: 'mismatch', order };
  if (!order.vaccExpiresAt || callback.paidAt > order.vaccExpiresAt) return { outcome: 'late', order };
  try {
    const { queued } = await changeOrderStatusIn(deps, tx, { orderId: order.id, action: 'providerPaid' }, { kind: 'provider', name: PROVIDER }, { paymentTime: callback.paidAt });
    return { outcome: 'paid', queued };
  } catch (error) {
    // Refused before anything was written (the order's status): the claim still commits.
    if (error instanceof AppError && error.code === 'OrderStatusConflict') return { outcome: 'conflict', order };
    throw error;
  }
}
