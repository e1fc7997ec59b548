import { randomUUID } from 'node:crypto';
import { taipeiDay } from '../../../shared/money';
import { invoiceType, orderStatus, paymentType, type OrderStatusCode } from '../../../shared/orders';
import type { Executor } from '../../db/client';
import { packagesOnSale } from '../packages/packages.service';
import { enableOrder } from './order-enable.service';
import { orderIdOf } from './order-placement.service';
import { countOrders, insertOrder, insertOrderDetails, insertOrderLog, nextDaySequence } from './orders.repository';

interface DemoBuyer {
  groupId: string;
  userId: string;
  name: string;
  companyName: string;
}

/** The path each demo order took, oldest change first; staff are named as the demo staff. */
const demoPaths: Array<{ daysAgo: number; quantity: number; advanced: boolean; steps: OrderStatusCode[]; digits?: string; virtualAccount?: boolean }> = [
  // The two orders whose points the demo account holds (enabled: their purchases are in its point records).
  { daysAgo: 55, quantity: 1, advanced: false, steps: [orderStatus.awaitingConfirmation, orderStatus.awaitingPayment, orderStatus.complete], digits: '40213' },
  { daysAgo: 20, quantity: 1, advanced: true, steps: [orderStatus.awaitingConfirmation, orderStatus.awaitingPayment, orderStatus.awaitingFunds, orderStatus.complete], digits: '57102' },
  { daysAgo: 21, quantity: 1, advanced: false, steps: [orderStatus.awaitingConfirmation, orderStatus.cancelled] },
  { daysAgo: 9, quantity: 1, advanced: true, steps: [orderStatus.awaitingConfirmation, orderStatus.awaitingPayment, orderStatus.paymentConfirmed], digits: '40213' },
  { daysAgo: 3, quantity: 2, advanced: false, steps: [orderStatus.awaitingConfirmation, orderStatus.awaitingPayment], digits: '57102' },
  { daysAgo: 1, quantity: 1, advanced: true, steps: [orderStatus.paymentMethodNotChosen, orderStatus.awaitingPayment], virtualAccount: true },
  { daysAgo: 0, quantity: 1, advanced: false, steps: [orderStatus.awaitingConfirmation] },
];

/** Demo orders of the demo member in several states, so that /member-order and the back office show something. */
export async function addDemoOrders(tx: Executor, buyer: DemoBuyer, now: Date): Promise<void> {
  if ((await countOrders(tx)) > 0) return;
  const [basic, advanced] = await packagesOnSale({ db: tx });
  if (!basic || !advanced) return;
  for (const path of demoPaths) {
    const placedAt = new Date(now.getTime() - path.daysAgo * 86_400_000);
    const day = taipeiDay(placedAt);
    const pkg = path.advanced ? advanced : basic;
    const status = path.steps.at(-1)!;
    const id = orderIdOf(day, await nextDaySequence(tx, day));
    const vacc = path.virtualAccount ? { vaccBankCode: '812', vaccAccount: `9${id.slice(1)}`, vaccExpiresAt: new Date(placedAt.getTime() + 3 * 86_400_000) } : {};
    const order = await insertOrder(tx, {
      ...vacc,
      id,
      groupId: buyer.groupId,
      createdBy: buyer.userId,
      idempotencyKey: randomUUID(),
      status,
      paymentType: path.virtualAccount ? paymentType.virtualAccount : paymentType.remittance,
      totalMinor: pkg.priceMinor * path.quantity,
      pointsTenths: pkg.pointsTenths * path.quantity,
      bonusTenths: pkg.bonusTenths * path.quantity,
      companyName: buyer.companyName,
      language: 'zh-TW',
      invoiceType: invoiceType.company,
      invoiceCompanyName: buyer.companyName,
      invoiceTaxId: '24536806',
      accountDigits: path.digits ?? null,
      paymentTime: status === orderStatus.paymentConfirmed ? new Date(placedAt.getTime() + 2 * 86_400_000) : null,
      createdAt: placedAt,
      updatedAt: placedAt,
    });
    await insertOrderDetails(tx, [{ orderId: order.id, packageId: pkg.id, names: pkg.names, projectType: pkg.projectType, quantity: path.quantity, unitPriceMinor: pkg.priceMinor, unitPointsTenths: pkg.pointsTenths }]);
    let previous: OrderStatusCode | null = null;
    for (const [index, step] of path.steps.entries()) {
      const byMember = index === 0;
      const byProvider = !byMember && path.virtualAccount;
      await insertOrderLog(tx, {
        orderId: order.id,
        origStatus: previous,
        chgStatus: step,
        actorKind: byMember ? 'member' : byProvider ? 'system' : 'staff',
        actorId: byMember ? buyer.userId : byProvider ? 'NEWEBPAY' : 'admin@inspectra.example',
        actorName: byMember ? buyer.name : byProvider ? 'NEWEBPAY' : '系統管理員',
        createdAt: new Date(placedAt.getTime() + index * 86_400_000),
      });
      previous = step;
      // The step that enabled it (the first at 15 or 1), as staff enable an order: its points recorded
      // as a paid purchase in the ledger and queued for the platform.
      if (index === path.steps.findIndex((code) => code === orderStatus.awaitingFunds || code === orderStatus.complete)) {
        await enableOrder(tx, order, '系統管理員', new Date(placedAt.getTime() + index * 86_400_000));
      }
    }
  }
}
