import { signedOutOutput } from '../../../shared/auth';
import { staffProfileOutput, staffSessionOutput, staffSignInInput, staffSignInOutput } from '../../../shared/staff';
import { router } from '../../trpc/init';
import { publicProcedure } from '../../trpc/procedures';
import { signInStaff, signOutStaff, staffProfile, staffSession } from './staff-sign-in.service';

export const staffRouter = router({
  signIn: publicProcedure.input(staffSignInInput).output(staffSignInOutput).mutation(({ ctx, input }) => signInStaff(ctx.deps, input, ctx, ctx.cookies)),
  signOut: publicProcedure.output(signedOutOutput).mutation(({ ctx }) => signOutStaff(ctx.deps, ctx.cookies)),
  session: publicProcedure.output(staffSessionOutput).query(({ ctx }) => staffSession(ctx.deps, ctx.actor.kind === 'staff' ? ctx.actor.staffId : undefined)),
  me: publicProcedure.output(staffProfileOutput).query(({ ctx }) => staffProfile(ctx.deps, ctx.actor.kind === 'staff' ? ctx.actor.staffId : undefined)),
});
