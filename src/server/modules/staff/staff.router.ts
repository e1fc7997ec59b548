import { staffSignInInput } from '../../../shared/staff';
import { router } from '../../trpc/init';
import { publicProcedure } from '../../trpc/procedures';
import { AppError } from '../../errors';
import { signInStaff, signOutStaff, staffProfile, staffSessionMaxAgeMs, STAFF_COOKIE } from './staff-sign-in.service';

export const staffRouter = router({
  signIn: publicProcedure.input(staffSignInInput).mutation(async ({ ctx, input }) => {
    const { token, staff } = await signInStaff(ctx.deps, input);
    ctx.cookies.set(STAFF_COOKIE, token, staffSessionMaxAgeMs);
    return staffProfile(ctx.deps, staff.id);
  }),
  signOut: publicProcedure.mutation(async ({ ctx }) => {
    await signOutStaff(ctx.deps, ctx.cookies.get(STAFF_COOKIE));
    ctx.cookies.clear(STAFF_COOKIE);
    return { signedOut: true };
  }),
  me: publicProcedure.query(({ ctx }) => {
    if (ctx.actor.kind !== 'staff') throw new AppError('MissingAuthentication');
    return staffProfile(ctx.deps, ctx.actor.staffId);
  }),
});
