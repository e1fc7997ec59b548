import {
  changePasswordInput,
  confirmTotpInput,
  emailOnlyInput,
  emailOutput,
  passwordChangedOutput,
  passwordPolicyOutput,
  passwordResetSentOutput,
  recoveryCodesOutput,
  resendVerificationOutput,
  resetPasswordInput,
  sessionOutput,
  signedOutOutput,
  signInInput,
  signInOutput,
  signupInput,
  totpEnrolmentOutput,
  totpStatusOutput,
  verifyEmailInput,
  verifyEmailOutput,
} from '../../../shared/auth';
import { router } from '../../trpc/init';
import { MEMBER_COOKIE } from './member-session.service';
import { checked, publicProcedure, signedInMemberProcedure } from '../../trpc/procedures';
import { changePassword, passwordPolicy, requestPasswordReset, resetPassword } from './password.service';
import { currentSession, signIn, signOut } from './sign-in.service';
import { resendVerification, signUp, verifyEmail } from './signup.service';
import { beginTotpEnrolment, confirmTotpEnrolment, totpStatus } from './two-factor.service';

export const authRouter = router({
  session: publicProcedure.output(checked(sessionOutput)).query(({ ctx }) => currentSession(ctx.deps, ctx.actor.kind === 'member' ? ctx.actor.userId : undefined, ctx.cookies)),
  passwordPolicy: publicProcedure.output(checked(passwordPolicyOutput)).query(({ ctx }) => passwordPolicy(ctx.deps)),
  signUp: publicProcedure.input(signupInput).output(checked(emailOutput)).mutation(({ ctx, input }) => signUp(ctx.deps, input, ctx)),
  resendVerification: publicProcedure.input(emailOnlyInput).output(checked(resendVerificationOutput)).mutation(({ ctx, input }) => resendVerification(ctx.deps, input, ctx)),
  verifyEmail: publicProcedure.input(verifyEmailInput).output(checked(verifyEmailOutput)).mutation(({ ctx, input }) => verifyEmail(ctx.deps, input)),
  signIn: publicProcedure.input(signInInput).output(checked(signInOutput)).mutation(({ ctx, input }) => signIn(ctx.deps, input, ctx, ctx.cookies)),
  signOut: publicProcedure.output(checked(signedOutOutput)).mutation(({ ctx }) => signOut(ctx.deps, ctx.cookies)),
  requestPasswordReset: publicProcedure.input(emailOnlyInput).output(checked(passwordResetSentOutput)).mutation(({ ctx, input }) => requestPasswordReset(ctx.deps, input, ctx)),
  resetPassword: publicProcedure.input(resetPasswordInput).output(checked(emailOutput)).mutation(({ ctx, input }) => resetPassword(ctx.deps, input)),
  changePassword: signedInMemberProcedure.input(changePasswordInput).output(checked(passwordChangedOutput)).mutation(({ ctx, input }) => changePassword(ctx.deps, ctx.userId, input, ctx.cookies.get(MEMBER_COOKIE))),
  totp: router({
    status: signedInMemberProcedure.output(checked(totpStatusOutput)).query(({ ctx }) => totpStatus(ctx.deps, ctx.userId)),
    begin: signedInMemberProcedure.output(checked(totpEnrolmentOutput)).mutation(({ ctx }) => beginTotpEnrolment(ctx.deps, ctx.userId)),
    confirm: signedInMemberProcedure.input(confirmTotpInput).output(checked(recoveryCodesOutput)).mutation(({ ctx, input }) => confirmTotpEnrolment(ctx.deps, ctx.userId, input)),
  }),
});
