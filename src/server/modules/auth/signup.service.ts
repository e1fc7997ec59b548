import { userStatus } from '../../../shared/accounts';
import { emailOnlyInput, signupInput, verifyEmailInput, type SignupForm } from '../../../shared/auth';
import type { Language } from '../../../shared/languages';
import { pgErrorCode } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { groupById, markEmailVerified, userByEmail, type UserRow } from '../accounts/users.service';
import { createEnterprise } from '../accounts/enterprise.service';
import { queueChatNotice, queueMails, scheduleDelivery, type Queued } from '../notifications/outbox.service';
import { staffNotices } from '../staff/mail-settings.service';
import { secretHash, type RequestInfo } from './auth.common';
import { accountMail, portalLink, staffMailForRegistration } from './auth.mail';
import { consumeActionToken, retireActionTokens } from './auth.repository';
import { countVerificationMail, issueActionToken, limitVerificationMails } from './mailed-links.service';
import { hashPassword } from './password-hash';
import { requireStrongEnough } from './password.service';
import { limitRate } from './rate-limit.service';


function verificationMail(deps: Deps, user: UserRow, company: string, token: string) {
  const text = accountMail('verification', user.language as Language, {
    brand: deps.config.BRAND_NAME,
    name: user.name,
    company,
    link: portalLink(deps.config, `/verify-email#token=${token}`, user.language as Language),
  });
  return { kind: 'account.verify-email', recipient: user.email, ...text };
}

/**
 * A sign-up with an address that has an account already gets the answer of a new one (the form tells
 * nobody which addresses are registered, issue 7 item 16); the owner is mailed instead, so that a
 * member who forgot the account learns how to sign in.
 */
async function answerTakenAddress(deps: Deps, email: string, request: RequestInfo): Promise<{ email: string }> {
  const owner = await userByEmail(deps.db, email);
  if (owner) {
    const language = owner.language as Language;
    const text = accountMail('exists', language, {
      brand: deps.config.BRAND_NAME,
      name: owner.name,
      login: portalLink(deps.config, '/login', language),
      reset: portalLink(deps.config, '/forgot-password', language),
    });
    const mailIds = await queueMails(deps.db, [{ kind: 'account.exists', recipient: owner.email, ...text }], deps.clock());
    await scheduleDelivery(deps, { mailIds, noticeIds: [] });
  }
  deps.log.info({ ip: request.ip }, 'sign-up with a registered address answered neutrally');
  return { email };
}

/**
 * Registers an enterprise (its group and administrator, see createEnterprise), then mails the
 * verification link to the customer and tells staff holding activate_account, all in one transaction.
 * A registered address gets the same answer (answerTakenAddress).
 */
export async function signUp(deps: Deps, form: SignupForm, request: RequestInfo): Promise<{ email: string }> {
  await limitRate(deps, 'signUpPerIp', request.ip);
  const input = signupInput.parse(form);
  await requireStrongEnough(deps.db, input.password);
  const passwordHash = await hashPassword(input.password);
  await countVerificationMail(deps, input.email);
  if (await userByEmail(deps.db, input.email)) return answerTakenAddress(deps, input.email, request);
  let queued: Queued;
  try {
    queued = await deps.db.transaction(async (tx) => {
      const now = deps.clock();
      const { group, user } = await createEnterprise(
        tx,
        { companyName: input.companyName, taxId: input.taxId, name: input.name, phone: input.phone, email: input.email, passwordHash, language: request.language },
        now,
      );
      const token = await issueActionToken(tx, user.id, 'verify-email', now);
      const staffTexts = staffMailForRegistration({
        brand: deps.config.BRAND_NAME,
        company: group.companyName,
        taxId: input.taxId,
        name: user.name,
        email: user.email,
        phone: input.phone,
        language: request.language,
      });
      const { recipients: staffRecipients, chat } = await staffNotices(tx, deps.config, 'activate_account');
      const mailIds = await queueMails(
        tx,
        [
          verificationMail(deps, user, group.companyName, token),
          ...staffRecipients.map((member) => ({ kind: 'account.registered.staff', recipient: member.email, subject: staffTexts.subject, body: staffTexts.body })),
        ],
        now,
      );
      const noticeIds = chat ? [await queueChatNotice(tx, 'account.registered.staff', staffTexts.chat, now)] : [];
      return { mailIds, noticeIds };
    });
  } catch (error) {
    // Two sign-ups with one address at the same moment: the second meets the unique index.
    if (pgErrorCode(error) === '23505') return answerTakenAddress(deps, input.email, request);
    throw error;
  }
  await scheduleDelivery(deps, queued);
  deps.log.info({ email: input.email }, 'enterprise registered');
  return { email: input.email };
}

/**
 * Sends a new verification link: not within a minute of the last one, at most 5 an hour, counted per
 * address before the address is looked up. An unknown, disabled or already verified address gets the
 * same answers (the waits included) and no mail, so that the form tells nobody which addresses have
 * accounts; spec section 5 asks for the 'cannot re-send at once' answer, which every address gets.
 */
export async function resendVerification(deps: Deps, form: { email: string }, request: RequestInfo): Promise<{ sent: true }> {
  await limitRate(deps, 'verificationPerIp', request.ip);
  const { email } = emailOnlyInput.parse(form);
  await limitVerificationMails(deps, email);
  const user = await userByEmail(deps.db, email);
  if (!user || user.disabled || user.emailVerifiedAt) return { sent: true };
  const group = await groupById(deps.db, user.groupId);
  const queued = await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const token = await issueActionToken(tx, user.id, 'verify-email', now);
    return { mailIds: await queueMails(tx, [verificationMail(deps, user, group?.companyName ?? '', token)], now), noticeIds: [] };
  });
  await scheduleDelivery(deps, queued);
  return { sent: true };
}

/** Opens a verification link: once, within 24 hours; ExpiredActionCode otherwise. */
export async function verifyEmail(deps: Pick<Deps, 'db' | 'clock' | 'log'>, form: { token: string }): Promise<{ email: string; activated: boolean }> {
  const { token } = verifyEmailInput.parse(form);
  const user = await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const used = await consumeActionToken(tx, secretHash(token), 'verify-email', now);
    if (!used) throw new AppError('ExpiredActionCode');
    await retireActionTokens(tx, used.userId, 'verify-email', now);
    return markEmailVerified(tx, used.userId, now);
  });
  if (!user) throw new AppError('ExpiredActionCode');
  deps.log.info({ userId: user.id }, 'e-mail verified');
  return { email: user.email, activated: user.status === userStatus.active };
}
