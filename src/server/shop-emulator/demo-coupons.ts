import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emulatedCoupons } from './schema';

/** What a shop would already hold: a launch discount, a percent-off code and one customer's store credit. */
export async function addEmulatedCouponsIfNone(db: Db): Promise<void> {
  const [existing] = await db.select({ value: count() }).from(emulatedCoupons);
  if ((existing?.value ?? 0) > 0) return;
  await db
    .insert(emulatedCoupons)
    .values([
      { code: 'aoi-starter-1500', discountType: 'fixed_cart', amountMinor: 150_000, dateExpires: '2027-03-31T23:59:59', usageCount: 4 },
      { code: 'lens-kit-10off', discountType: 'percent', amountMinor: 1_000, dateExpires: null, usageCount: 11 },
      { code: 'sc-chenghong-credit', discountType: 'smart_coupon', amountMinor: 500_000, emailRestrictions: ['lin.zm@chenghong-parts.example'], dateExpires: '2027-06-30T23:59:59' },
    ])
    .onConflictDoNothing();
}
