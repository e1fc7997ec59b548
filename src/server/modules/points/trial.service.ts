import { trialPlatformStatus, userStatus } from '../../../shared/accounts';
import type { Language } from '../../../shared/languages';
import { isRemit, platformWriteCall } from '../../../shared/platform';
import {
  formatPoints,
  ledgerKind,
  trialApplicationStatus,
  trialApplyInput,
  type MyTrial,
  type ProjectType,
  type TrialApplication,
  type TrialApplyForm,
} from '../../../shared/points';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { trialDomainFor } from '../../../shared/account-admin';
import { claimGroupDomain } from '../accounts/platform-account.service';
import { groupById, lockUser, setTrialPlatformStatus, userById } from '../accounts/users.service';
import { portalLink } from '../auth/auth.mail';
import { queueMails, scheduleDelivery } from '../notifications/outbox.service';
import { activeTrialPackage } from '../packages/packages.service';
import { ensureTrialAccount } from '../platform/platform-accounts.service';
import { enqueuePlatformDelivery, schedulePlatformDeliveries } from '../platform/platform.service';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { applyMovement } from './ledger.service';
import { trialApprovedMail, trialRefusedMail } from './points.mail';
import {
  decideTrialApplication,
  findTrialApplications,
  insertTrialApplication,
  latestTrialApplication,
  lockTrialApplication,
  type TrialApplicationRow,
} from './points.repository';

/**
 * Trial points (issue 9 part 5, spec section 4 'Trial platform'): an active member applies with a
 * reason, one open application at a time (a partial unique index backs the check); staff with
 * apply_points approve, which grants the active trial package's points, or refuse. The CLI and the
 * back office call these same functions.
 */

function toApplication(row: TrialApplicationRow): TrialApplication {
  return { id: row.id, email: row.email, reason: row.reason, status: row.status, createdAt: row.createdAt, decidedAt: row.decidedAt, decidedBy: row.decidedBy };
}

/**
 * An active member may apply unless an application is open or approved, or their trial platform is
 * active already (trial_platform_status 1, however it got there: applying would be refused). A
 * refused member (9) may apply again with more detail.
 */
function mayApply(user: { status: number; trialPlatformStatus: number }, latest: TrialApplicationRow | undefined): boolean {
  return (
    user.status === userStatus.active &&
    user.trialPlatformStatus !== trialPlatformStatus.activated &&
    latest?.status !== trialApplicationStatus.open &&
    latest?.status !== trialApplicationStatus.approved
  );
}

export async function myTrial(deps: Pick<Deps, 'db'>, userId: string): Promise<MyTrial> {
  const user = await userById(deps.db, userId);
  if (!user) throw new AppError('MissingAuthentication');
  const latest = await latestTrialApplication(deps.db, userId);
  return { trialPlatformStatus: user.trialPlatformStatus, latest: latest ? toApplication(latest) : null, mayApply: mayApply(user, latest) };
}

function isOpenApplicationConflict(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; constraint?: string } })?.cause ?? (error as { code?: string; constraint?: string });
  return cause?.code === '23505' && cause.constraint === 'trial_point_applications_one_open';
}

export async function applyForTrial(deps: Pick<Deps, 'db' | 'clock'>, userId: string, form: TrialApplyForm): Promise<TrialApplication> {
  const input = trialApplyInput.parse(form);
  try {
    return await deps.db.transaction(async (tx) => {
      const user = await lockUser(tx, userId);
      if (!user) throw new AppError('MissingAuthentication');
      if (user.status !== userStatus.active) throw new AppError('AccountNotActivated');
      if (user.trialPlatformStatus === trialPlatformStatus.activated) throw new AppError('OperationError', { reason: 'trialAlreadyActive' });
      const latest = await latestTrialApplication(tx, userId);
      if (latest?.status === trialApplicationStatus.open) throw new AppError('TrialApplicationOpen');
      return toApplication(await insertTrialApplication(tx, { userId, email: user.email, reason: input.reason, createdAt: deps.clock() }));
    });
  } catch (error) {
    if (isOpenApplicationConflict(error)) throw new AppError('TrialApplicationOpen');
    throw error;
  }
}

export async function listTrialApplications(deps: Pick<Deps, 'db'>, options: { status: 'open' | 'all'; limit?: number }): Promise<TrialApplication[]> {
  const rows = await findTrialApplications(deps.db, { status: options.status === 'open' ? trialApplicationStatus.open : undefined, limit: options.limit ?? 200 });
  return rows.map(toApplication);
}

async function openApplication(tx: Executor, id: number): Promise<TrialApplicationRow> {
  const row = await lockTrialApplication(tx, id);
  if (!row) throw new AppError('NotFound');
  if (row.status !== trialApplicationStatus.open) throw new AppError('OperationError', { reason: 'trialAlreadyDecided' });
  return row;
}

async function queueDecisionMail(tx: Executor, deps: Pick<Deps, 'config'>, userId: string, approved: boolean, points: number, now: Date): Promise<string[]> {
  if (!deps.config.MAIL_NOTIFICATIONS) return [];
  const user = await userById(tx, userId);
  if (!user) return [];
  const language = user.language as Language;
  const values = { brand: deps.config.BRAND_NAME, name: user.name, points: formatPoints(points), link: portalLink(deps.config, '/management-center/point-record', language) };
  const text = (approved ? trialApprovedMail : trialRefusedMail)[language](values);
  return queueMails(tx, [{ kind: approved ? 'points.trialApproved' : 'points.trialRefused', recipient: user.email, ...text }], now);
}

/**
 * Approval: the member's trial platform account is created if they have none (the account the
 * trial space opens), the active trial package's points are granted (recorded paid, is_remit Y) and
 * sent to the platform of that account, an account without a platform domain gets the public trial
 * one, trial_platform_status becomes 1, the application is marked and the member is mailed — all in
 * one transaction.
 */
export async function approveTrial(deps: Deps, id: number, actor: StaffActor): Promise<TrialApplication> {
  const by = actor.staffEmail;
  const now = deps.clock();
  const { application, mailIds, deliveryIds } = await deps.db.transaction(async (tx) => {
    const row = await openApplication(tx, id);
    const trialPackage = await activeTrialPackage(tx);
    const user = await lockUser(tx, row.userId);
    const group = user ? await groupById(tx, user.groupId) : undefined;
    if (!user || !group) throw new AppError('UserNotFound', { email: row.email });
    // The points first (the balance row locked), then the account's domain (its group row locked), in
    // the order every credit takes them: a domain-less account gets the public trial one, unless a
    // credit or an enabling at the same time gave it another, which then stands.
    await applyMovement(tx, {
      account: { groupId: group.id },
      projectType: trialPackage.projectType as ProjectType,
      points: trialPackage.pointsTenths,
      kind: ledgerKind.trial,
      isRemit: true,
      reason: row.reason.slice(0, 200),
      by,
      at: now,
    });
    const domainKey = await claimGroupDomain(tx, group.id, trialDomainFor(null), now);
    // The member's trial account, where opening the trial space signs them in (one rule: ensureTrialAccount),
    // created with the trial points' type; the points go to its enterprise account on the same platform.
    const trial = await ensureTrialAccount(
      tx,
      { owner: { id: user.id, name: user.name, platformUserId: user.platformUserId }, group: { id: group.id, domainKey }, createdBy: by, trialPointType: trialPackage.projectType },
      now,
    );
    const deliveryIds: string[] = [...trial.deliveryIds];
    const purchase = await enqueuePlatformDelivery(
      tx,
      { call: platformWriteCall.purchaseRecord, domainKey, input: { groupId: group.id, purPointTenths: trialPackage.pointsTenths, purTime: now, purBy: by, isRemit: isRemit.paid, projectType: trialPackage.projectType } },
      now,
    );
    deliveryIds.push(purchase.id);
    await setTrialPlatformStatus(tx, user.id, { status: trialPlatformStatus.activated }, now);
    const decided = await decideTrialApplication(tx, id, { status: trialApplicationStatus.approved, decidedAt: now, decidedBy: by });
    await recordStaffAction(tx, { ...actor, action: 'points.trialApprove', target: `user:${row.email}`, before: { status: row.status }, after: { status: decided.status, points: trialPackage.pointsTenths } });
    return { application: toApplication(decided), mailIds: await queueDecisionMail(tx, deps, user.id, true, trialPackage.pointsTenths, now), deliveryIds };
  });
  await schedulePlatformDeliveries(deps, deliveryIds);
  await scheduleDelivery(deps, { mailIds, noticeIds: [] });
  return application;
}

/** Refusal: the application and trial_platform_status become 9 and the member is mailed. */
export async function refuseTrial(deps: Deps, id: number, actor: StaffActor): Promise<TrialApplication> {
  const by = actor.staffEmail;
  const now = deps.clock();
  const { application, mailIds } = await deps.db.transaction(async (tx) => {
    const row = await openApplication(tx, id);
    await setTrialPlatformStatus(tx, row.userId, { status: trialPlatformStatus.refused }, now);
    const decided = await decideTrialApplication(tx, id, { status: trialApplicationStatus.refused, decidedAt: now, decidedBy: by });
    await recordStaffAction(tx, { ...actor, action: 'points.trialRefuse', target: `user:${row.email}`, before: { status: row.status }, after: { status: decided.status } });
    return { application: toApplication(decided), mailIds: await queueDecisionMail(tx, deps, row.userId, false, 0, now) };
  });
  await scheduleDelivery(deps, { mailIds, noticeIds: [] });
  return application;
}

