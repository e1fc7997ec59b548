import { couponListInput, couponOutput, couponPageOutput, couponUpdateInput, smartCouponInput } from '../../../shared/shop';
import { router } from '../../trpc/init';
import { checked, staff, staffActor } from '../../trpc/procedures';
import { changeCoupon, createSmartCoupon, listCoupons } from './shop.service';

/** Shop coupons (issue 12 part 10): staff with points_management, who also grant bonus points and manage packages. */
export const shopRouter = router({
  coupons: staff('points_management')
    .input(couponListInput)
    .output(checked(couponPageOutput))
    .query(({ ctx, input }) => listCoupons(ctx.deps, input)),
  updateCoupon: staff('points_management')
    .input(couponUpdateInput)
    .output(checked(couponOutput))
    .mutation(({ ctx, input }) => changeCoupon(ctx.deps, staffActor(ctx), input)),
  createSmartCoupon: staff('points_management')
    .input(smartCouponInput)
    .output(checked(couponOutput))
    .mutation(({ ctx, input }) => createSmartCoupon(ctx.deps, staffActor(ctx), input)),
});
