import { isProjectType } from '../../../shared/points';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { markGroupPaid } from '../accounts/users.service';
import { recordPurchase } from '../points/ledger.service';
import { findOrderDetails, type OrderRow } from './orders.repository';

/**
 * Enabling an order (spec section 4 'Enable order'), inside the status change's transaction: the
 * points of each project type are recorded as a paid purchase in the points ledger (once per
 * order, however often this runs), and the group becomes paid. The caller writes the log entry
 * and queues the mail to the group administrator.
 */
export async function enableOrder(tx: Executor, order: OrderRow, by: string, now: Date): Promise<void> {
  const pointsByType = new Map<number, number>();
  for (const detail of await findOrderDetails(tx, order.id)) {
    pointsByType.set(detail.projectType, (pointsByType.get(detail.projectType) ?? 0) + detail.unitPointsTenths * detail.quantity);
  }
  for (const [projectType, points] of pointsByType) {
    if (!isProjectType(projectType)) throw new AppError('IncorrectProjectType');
    await recordPurchase(tx, { groupId: order.groupId, orderId: order.id, projectType, points, by, at: now });
  }
  await markGroupPaid(tx, order.groupId, now);
}
