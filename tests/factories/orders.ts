import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../src/server/db/client';
import type { Deps } from '../../src/server/deps';
import { groups, users } from '../../src/server/db/schema';
import { addStandardPackagesIfNone } from '../../src/server/modules/packages/standard-packages';
import { packagesOnSale } from '../../src/server/modules/packages/packages.service';
import type { PlaceOrderForm } from '../../src/shared/orders';
import { callerFor } from '../fixtures/services';
import { makeMember, type MemberOptions } from './members';

/** A group administrator whose profile is complete, so that they may buy points. */
export async function makeBuyer(db: Executor, options: MemberOptions = {}) {
  const member = await makeMember(db, options);
  await db
    .update(groups)
    .set({ contactPersonName: '王小美', contactPersonTel: '04-2359-1234', contactPersonEmail: 'purchasing@chenghong-parts.example', companyAddress: '台中市西屯區工業區一路 1 號' })
    .where(eq(groups.id, member.groupId));
  await db.update(users).set({ businessCardKey: `business-card/${member.id}` }).where(eq(users.id, member.id));
  return member;
}

/** The seeded plans: basic (40 points) and advanced (80 points). */
export async function plans(db: Executor) {
  await addStandardPackagesIfNone(db);
  const [basic, advanced] = await packagesOnSale({ db });
  return { basic: basic!, advanced: advanced! };
}

export function orderForm(packageId: number, quantity = 1, overrides: Partial<PlaceOrderForm> = {}): PlaceOrderForm {
  return { items: [{ packageId, quantity }], paymentType: 'REMITTANCE', invoiceType: 'PERSONAL', idempotencyKey: randomUUID(), ...overrides };
}

/** A buyer's order of one `packageId` by virtual account, placed and issued its account (the emulator's, in tests). */
export async function placeVirtualAccountOrder(deps: Deps, packageId: number) {
  const buyer = await makeBuyer(deps.db);
  const member = callerFor(deps, { kind: 'member', userId: buyer.id });
  const { orderId } = await member.orders.place(orderForm(packageId, 1, { paymentType: 'NEWEBPAY_VACC' }));
  const order = await member.orders.show({ orderId });
  return { buyer, member, orderId, account: order.virtualAccount!.account, expiresAt: order.virtualAccount!.expiresAt };
}
