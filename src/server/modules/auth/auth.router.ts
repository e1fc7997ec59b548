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
import { publicProcedure, signedInMemberProcedure } from '../../trpc/procedures';
import { changePassword, passwordPolicy, requestPasswordReset, resetPassword } from './password.service';
import { currentSession, signIn, signOut } from './sign-in.service';
import { resendVerification, signUp, verifyEmail } from './signup.service';
import { beginTotpEnrolment, confirmTotpEnrolment, totpStatus } from './two-factor.service';

export const authRouter = router({
  session: publicProcedure.output(sessionOutput).query(({ ctx }) => currentSession(ctx.deps, ctx.actor.kind === 'member' ? ctx.actor.userId : undefined, ctx.cookies)),
  passwordPolicy: publicProcedure.output(passwordPolicyOutput).query(({ ctx }) => passwordPolicy(ctx.deps)),
  signUp: publicProcedure.input(signupInput).output(emailOutput).mutation(({ ctx, input }) => signUp(ctx.deps, input, ctx)),
  resendVerification: publicProcedure.input(emailOnlyInput).output(resendVerificationOutput).mutation(({ ctx, input }) => resendVerification(ctx.deps, input, ctx)),
  verifyEmail: publicProcedure.input(verifyEmailInput).output(verifyEmailOutput).mutation(({ ctx, input }) => verifyEmail(ctx.deps, input)),
  signIn: publicProcedure.input(signInInput).output(signInOutput).mutation(({ ctx, input }) => signIn(ctx.deps, input, ctx, ctx.cookies)),
  signOut: publicProcedure.output(signedOutOutput).mutation(({ ctx }) => signOut(ctx.deps, ctx.cookies)),
  requestPasswordReset: publicProcedure.input(emailOnlyInput).output(passwordResetSentOutput).mutation(({ ctx, input }) => requestPasswordReset(ctx.deps, input, ctx)),
  resetPassword: publicProcedure.input(resetPasswordInput).output(emailOutput).mutation(({ ctx, input }) => resetPassword(ctx.deps, input)),
  changePassword: signedInMemberProcedure.input(changePasswordInput).output(passwordChangedOutput).mutation(({ ctx, input }) => changePassword(ctx.deps, ctx.userId, input, ctx.cookies.get(MEMBER_COOKIE))),
  totp: router({
    status: signedInMemberProcedure.output(totpStatusOutput).query(({ ctx }) => totpStatus(ctx.deps, ctx.userId)),
    begin: signedInMemberProcedure.output(totpEnrolmentOutput).mutation(({ ctx }) => beginTotpEnrolment(ctx.deps, ctx.userId)),
    confirm: signedInMemberProcedure.input(confirmTotpInput).output(recoveryCodesOutput).mutation(({ ctx, input }) => confirmTotpEnrolment(ctx.deps, ctx.userId, input)),
  }),
});
