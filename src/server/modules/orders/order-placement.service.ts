import { randomInt } from 'node:crypto';
import { taipeiDay } from '../../../shared/money';
import { initialOrderStatus, invoiceType, paymentType, placeOrderInput, type PlaceOrderForm } from '../../../shared/orders';
import { MINIMUM_PURCHASE_TENTHS, packageBonus, packageStatus } from '../../../shared/packages';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { memberProfile } from '../accounts/accounts.service';
import { packagesForOrder } from '../packages/packages.service';
import { findOrderByIdempotencyKey, insertOrder, insertOrderDetails, insertOrderLog, nextDaySequence, type OrderRow } from './orders.repository';
import { queueOrderMails } from './order-notices.service';
import { availablePaymentTypes, issueVirtualAccount } from './order-payment.service';
import { scheduleDelivery, type Queued } from '../notifications/outbox.service';

/** Spec section 2 'Purchase on iOS': checked from the request's browser, on the server too. */
export function isIosUserAgent(userAgent: string | undefined): boolean {
  return /\b(iPhone|iPad|iPod)\b/.test(userAgent ?? '');
}

/** 'M' + YYYYMMDD (Taipei) + three-digit daily sequence + one random digit (spec section 3). */
export function orderIdOf(day: string, sequence: number): string {
  return `M${day}${String(sequence).padStart(3, '0')}${randomInt(10)}`;
}

const MAX_DAILY_ORDERS = 999;

function refusedItems(message: string): AppError<'InvalidInput'> {
  return new AppError('InvalidInput', { fieldErrors: { items: [message] } });
}

export interface PlacementClient {
  userAgent?: string;
}

function isIdempotencyConflict(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause;
  return cause?.code === '23505' && cause.constraint === 'orders_idempotency_idx';
}

/**
 * Places an order for the signed-in group administrator. Totals, points and bonus come from the
 * packages in the database, never from the client. The day's sequence row is locked first, so
 * a second request with the same idempotency key waits and then finds the first one's order.
 * Anything refused leaves nothing behind: it all happens in one transaction.
 */
export async function placeOrder(deps: Deps, userId: string, form: PlaceOrderForm, client: PlacementClient = {}) {
  const input = placeOrderInput.parse(form);
  if (isIosUserAgent(client.userAgent)) throw new AppError('PurchaseOnIos');
  // Virtual accounts are off (a deployment without a payment provider): refused before anything is created.
  if (!availablePaymentTypes(deps).includes(input.paymentType)) throw new AppError('InvalidInput', { fieldErrors: { paymentType: ['validation.orders.paymentTypeUnavailable'] } });
  const existing = await findOrderByIdempotencyKey(deps.db, userId, input.idempotencyKey);
  if (existing) return { orderId: existing.id, status: existing.status, created: false };
  const profile = await memberProfile(deps, userId);
  if (!profile.user.isGroupAdmin) throw new AppError('Unauthorized', { action: 'placeOrder', reason: 'notGroupAdmin' });
  if (!profile.complete) throw new AppError('ProfileIncomplete', { missing: profile.missing });

  let placed: { order: OrderRow; created: boolean; queued: Queued };
  try {
    placed = await deps.db.transaction(async (tx) => {
      const now = deps.clock();
      const day = taipeiDay(now);
      const sequence = await nextDaySequence(tx, day);
      const again = await findOrderByIdempotencyKey(tx, userId, input.idempotencyKey);
      if (again) return { order: again, created: false, queued: { mailIds: [], noticeIds: [] } };
      if (sequence > MAX_DAILY_ORDERS) throw new AppError('OutOfRange', { min: 1, max: MAX_DAILY_ORDERS });

      const packages = await packagesForOrder(tx, input.items.map((item) => item.packageId));
      const lines = input.items.map((item) => {
        const row = packages.find((candidate) => candidate.id === item.packageId);
        if (!row || row.status !== packageStatus.active || row.type !== 'general') throw refusedItems('validation.orders.packageUnavailable');
        return { row, quantity: item.quantity };
      });
      const totalMinor = lines.reduce((sum, line) => sum + line.row.priceMinor * line.quantity, 0);
      const pointsTenths = lines.reduce((sum, line) => sum + line.row.pointsTenths * line.quantity, 0);
      if (pointsTenths < MINIMUM_PURCHASE_TENTHS) throw refusedItems('validation.orders.minimum');
      const language = profile.user.language;
      const status = initialOrderStatus(input.paymentType);
      const order = await insertOrder(tx, {
        id: orderIdOf(day, sequence),
        groupId: profile.group.id,
        createdBy: userId,
        idempotencyKey: input.idempotencyKey,
        status,
        paymentType: input.paymentType,
        totalMinor,
        pointsTenths,
        bonusTenths: packageBonus(pointsTenths, totalMinor).bonusTenths,
        companyName: profile.group.companyName,
        remark: input.remark,
        language,
        invoiceType: input.invoiceType,
        invoiceCompanyName: input.invoiceType === invoiceType.company ? input.invoiceCompanyName : '',
        invoiceTaxId: input.invoiceType === invoiceType.company ? input.invoiceTaxId : '',
        modifiedBy: userId,
        createdAt: now,
        updatedAt: now,
      });
      await insertOrderDetails(
        tx,
        lines.map((line) => ({ orderId: order.id, packageId: line.row.id, names: line.row.names, projectType: line.row.projectType, quantity: line.quantity, unitPriceMinor: line.row.priceMinor, unitPointsTenths: line.row.pointsTenths })),
      );
      await insertOrderLog(tx, { orderId: order.id, origStatus: null, chgStatus: status, actorKind: 'member', actorId: userId, actorName: profile.user.name, createdAt: now });
      const queued = await queueOrderMails(deps, tx, order.paymentType === paymentType.virtualAccount ? 'placedVirtualAccount' : 'placed', order, { email: profile.user.email, name: profile.user.name, language });
      return { order, created: true, queued };
    });
  } catch (error) {
    if (!isIdempotencyConflict(error)) throw error;
    const winner = await findOrderByIdempotencyKey(deps.db, userId, input.idempotencyKey);
    if (!winner) throw error;
    return { orderId: winner.id, status: winner.status, created: false };
  }
  await scheduleDelivery(deps, placed.queued);
  if (placed.created) deps.log.info({ orderId: placed.order.id, totalMinor: placed.order.totalMinor }, 'order placed');
  let status = placed.order.status;
  if (placed.created && placed.order.paymentType === paymentType.virtualAccount) {
    // The account is issued after the order is committed: a provider failure leaves a placed order at 2, issued later.
    try {
      status = (await issueVirtualAccount(deps, placed.order.id)).status;
    } catch (error) {
      deps.log.error({ err: error, orderId: placed.order.id }, 'virtual account not issued');
    }
  }
  return { orderId: placed.order.id, status, created: placed.created };
}
