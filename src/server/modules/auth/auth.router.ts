import { changePasswordInput, confirmTotpInput, emailOnlyInput, resetPasswordInput, signInInput, signupInput, verifyEmailInput } from '../../../shared/auth';
import { router } from '../../trpc/init';
import { publicProcedure, signedInMemberProcedure } from '../../trpc/procedures';
import { getSecuritySettings } from '../settings/settings.service';
import { changePassword, requestPasswordReset, resetPassword } from './password.service';
import { currentSession, signIn, signOut } from './sign-in.service';
import { resendVerification, signUp, verifyEmail } from './signup.service';
import { beginTotpEnrolment, confirmTotpEnrolment, totpStatus } from './two-factor.service';

export const authRouter = router({
  session: publicProcedure.query(({ ctx }) => currentSession(ctx.deps, ctx.actor.kind === 'member' ? ctx.actor.userId : undefined, ctx.cookies)),
  passwordPolicy: publicProcedure.query(async ({ ctx }) => ({ passwordStrength: (await getSecuritySettings(ctx.deps.db)).passwordStrength })),
  signUp: publicProcedure.input(signupInput).mutation(({ ctx, input }) => signUp(ctx.deps, input, ctx)),
  resendVerification: publicProcedure.input(emailOnlyInput).mutation(({ ctx, input }) => resendVerification(ctx.deps, input, ctx)),
  verifyEmail: publicProcedure.input(verifyEmailInput).mutation(({ ctx, input }) => verifyEmail(ctx.deps, input)),
  signIn: publicProcedure.input(signInInput).mutation(({ ctx, input }) => signIn(ctx.deps, input, ctx, ctx.cookies)),
  signOut: publicProcedure.mutation(({ ctx }) => signOut(ctx.deps, ctx.cookies)),
  requestPasswordReset: publicProcedure.input(emailOnlyInput).mutation(({ ctx, input }) => requestPasswordReset(ctx.deps, input, ctx)),
  resetPassword: publicProcedure.input(resetPasswordInput).mutation(({ ctx, input }) => resetPassword(ctx.deps, input)),
  changePassword: signedInMemberProcedure.input(changePasswordInput).mutation(({ ctx, input }) => changePassword(ctx.deps, ctx.userId, input)),
  totp: router({
    status: signedInMemberProcedure.query(({ ctx }) => totpStatus(ctx.deps, ctx.userId)),
    begin: signedInMemberProcedure.mutation(({ ctx }) => beginTotpEnrolment(ctx.deps, ctx.userId)),
    confirm: signedInMemberProcedure.input(confirmTotpInput).mutation(({ ctx, input }) => confirmTotpEnrolment(ctx.deps, ctx.userId, input)),
  }),
});
