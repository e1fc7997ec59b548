import { orderStatus, type OrderAction } from '../../../shared/orders';
import { findTransition, mailEventOf, orderTransitions, type OrderTransition } from '../../../shared/order-transitions';
import type { Executor, Tx } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { groupAdminOf, userById } from '../accounts/users.service';
import { recordStaffAction } from '../audit/audit.service';
import { enableOrder } from './order-enable.service';
import { scheduleDelivery, type Queued } from '../notifications/outbox.service';
import { requireStaffPermission } from '../staff/permissions.service';
import { queueOrderMails } from './order-notices.service';
import { insertOrderLog, lockOrder, updateOrderRow, type OrderRow } from './orders.repository';

/** Who changes an order: a member (their own group's order), staff (by permission), the payment provider or a job. */
export type OrderActor = { kind: 'member'; userId: string } | { kind: 'staff'; staffId: string; address?: string | null } | { kind: 'provider'; name: string } | { kind: 'system'; name: string };

/** The staff permission an action needs, whatever the order's status (spec section 6). */
function permissionOf(action: OrderAction) {
  return orderTransitions.find((row) => row.action === action && row.permission)?.permission;
}

/**
 * Checks that `actor` may take `action` on `order`, and names them for the log. Staff are checked
 * before the status, so that staff without the permission learn nothing about the order.
 */
async function authorize(tx: Executor, action: OrderAction, actor: OrderActor, order: OrderRow): Promise<{ id: string; name: string; email?: string }> {
  switch (actor.kind) {
    case 'staff': {
      const permission = permissionOf(action);
      if (!permission) throw new AppError('Unauthorized', { action, reason: 'missingPermission' });
      const member = await requireStaffPermission(tx, actor.staffId, permission);
      return { id: member.id, name: member.name, email: member.email };
    }
    case 'member': {
      const user = await userById(tx, actor.userId);
      // Another group's order does not exist, as far as a member can tell.
      if (!user || user.groupId !== order.groupId) throw new AppError('NotFound');
      if (!user.isGroupAdmin) throw new AppError('Unauthorized', { action, reason: 'notGroupAdmin' });
      return { id: user.id, name: user.name };
    }
    default:
      return { id: actor.name, name: actor.name };
  }
}

function allows(transition: OrderTransition, actor: OrderActor): boolean {
  return actor.kind === 'staff' ? Boolean(transition.permission) : transition.actors.includes(actor.kind);
}

export interface StatusChange {
  orderId: string;
  action: OrderAction;
  /** The target, where the table offers more than one (confirm payment: 20, 15 or 1). */
  to?: number;
}

/**
 * Moves an order along the status table (spec section 4), under the order's row lock: of two staff
 * acting at once, the second finds the new status and is refused (OrderStatusConflict). Writes the
 * log entry and queues the mails in the same transaction.
 */
export async function changeOrderStatus(deps: Deps, change: StatusChange, actor: OrderActor, extra: StatusExtra = {}): Promise<OrderRow> {
  const { order, queued } = await deps.db.transaction((tx) => changeOrderStatusIn(deps, tx, change, actor, extra));
  await scheduleDelivery(deps, queued);
  deps.log.info({ orderId: order.id, action: change.action, status: order.status, actor: actor.kind }, 'order status changed');
  return order;
}

type StatusExtra = Partial<Pick<OrderRow, 'paymentTime' | 'vaccBankCode' | 'vaccAccount' | 'vaccExpiresAt'>>;

/**
 * changeOrderStatus inside the caller's transaction `tx`, for a change that must commit with
 * something else (the payment callback's claim); the caller schedules the queued mails after commit.
 */
export async function changeOrderStatusIn(deps: Deps, tx: Tx, change: StatusChange, actor: OrderActor, extra: StatusExtra = {}): Promise<{ order: OrderRow; queued: Queued }> {
  const now = deps.clock();
  const current = await lockOrder(tx, change.orderId);
  if (!current) throw new AppError('NotFound');
  const who = await authorize(tx, change.action, actor, current);
  const transition = findTransition(change.action, current.status, change.to);
  if (!transition || !allows(transition, actor)) throw new AppError('OrderStatusConflict', { status: current.status, action: change.action });
  const paid = transition.to === orderStatus.paymentConfirmed || transition.enables;
  if (transition.enables) await enableOrder(tx, current, who.name, now);
  const order = await updateOrderRow(tx, current.id, {
    ...extra,
    status: transition.to,
    paymentTime: extra.paymentTime ?? (paid ? (current.paymentTime ?? now) : current.paymentTime),
    modifiedBy: who.id,
    updatedAt: now,
  });
  await insertOrderLog(tx, { orderId: order.id, origStatus: current.status, chgStatus: transition.to, actorKind: actor.kind, actorId: who.id, actorName: who.name, createdAt: now });
  if (actor.kind === 'staff') {
    await recordStaffAction(tx, {
      staffId: who.id,
      staffEmail: who.email ?? '',
      address: actor.address ?? null,
      action: 'order.status',
      target: `order:${order.id}`,
      before: { status: current.status },
      after: { status: order.status, action: change.action },
    });
  }
  const event = mailEventOf(transition);
  // Mails go to the group administrator (spec section 4), who placed the order.
  const customer = event ? ((await groupAdminOf(tx, order.groupId)) ?? (await userById(tx, order.createdBy))) : undefined;
  const queued = event && customer ? await queueOrderMails(deps, tx, event, order, customer) : { mailIds: [], noticeIds: [] };
  return { order, queued };
}
