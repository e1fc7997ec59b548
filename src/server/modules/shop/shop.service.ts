import { couponListInput, type Coupon, type CouponPage, type CouponUpdate, type SmartCoupon } from '../../../shared/shop';
import type { Deps } from '../../deps';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';

const PER_PAGE = 20;

export async function listCoupons(deps: Pick<Deps, 'shop'>, query: { page?: number }): Promise<CouponPage> {
  const { page } = couponListInput.parse(query);
  const result = await deps.shop.listCoupons({ page, perPage: PER_PAGE });
  return { ...result, page, emulated: deps.shop.mode === 'emulator' };
}

/**
 * Takes the parsed input (amounts already in cents) of the shared schemas.
 * Changes a coupon's amount and expiry in the shop, then records it in the audit log. The shop is
 * not ours, so the two cannot share a transaction: the audit row is written only once the shop has
 * answered, and says what the shop answered.
 */
export async function changeCoupon(deps: Pick<Deps, 'shop' | 'db'>, actor: StaffActor, change: CouponUpdate): Promise<Coupon> {
  const coupon = await deps.shop.updateCoupon(change.couponId, { amountMinor: change.amount, expiresOn: change.expiresOn });
  await deps.db.transaction((tx) =>
    recordStaffAction(tx, { ...actor, action: 'coupon.update', target: `coupon:${coupon.id}`, after: { amountMinor: coupon.amountMinor, expiresOn: coupon.expiresOn } }),
  );
  return coupon;
}

/** Creates a smart coupon (store credit) for the given addresses in the shop, then records it in the audit log. */
export async function createSmartCoupon(deps: Pick<Deps, 'shop' | 'db'>, actor: StaffActor, input: SmartCoupon): Promise<Coupon> {
  const coupon = await deps.shop.createSmartCoupon({ amountMinor: input.amount, emails: input.emails, expiresOn: input.expiresOn });
  await deps.db.transaction((tx) =>
    recordStaffAction(tx, { ...actor, action: 'coupon.create', target: `coupon:${coupon.id}`, after: { code: coupon.code, amountMinor: coupon.amountMinor, emails: coupon.emailRestrictions, expiresOn: coupon.expiresOn } }),
  );
  return coupon;
}
