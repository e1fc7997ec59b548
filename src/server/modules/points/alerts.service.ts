import { lowBalanceInput, projectType, TENTHS, formatPoints } from '../../../shared/points';
import type { Language } from '../../../shared/languages';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { portalLink } from '../auth/auth.mail';
import { groupAdminOf, groupById, userById } from '../accounts/users.service';
import { queueMails, scheduleDelivery } from '../notifications/outbox.service';
import { shownFigures } from './ledger.service';
import { balancesOf, findAlert, lockAlert, saveAlert } from './points.repository';
import { lowBalanceMail } from './points.mail';

/**
 * The low-balance alert (issue 9 part 9): an enterprise account sets a threshold on its M Points;
 * when the remaining points cross below it the administrator is mailed once, and the management
 * centre shows a banner until the balance is back at or above it.
 */
export interface LowBalanceState {
  /** Tenths; null when no alert is set. */
  threshold: number | null;
  below: boolean;
}

/**
 * Compares the remaining M Points (tenths) with the threshold; mails the administrator on a downward
 * crossing. `seen`: the alert as the caller read it (the balance reads it with the balances). The
 * crossing itself is judged by noteRemainingIn, on the points as they stand with the alert locked.
 */
export async function noteRemaining(deps: Deps, groupId: string, remaining: number, seen: LowBalanceState): Promise<LowBalanceState> {
  // Most reads cross nothing: they are answered without a transaction or a lock.
  if (seen.threshold === null || remaining < seen.threshold === seen.below) return seen;
  const { state, mailIds } = await deps.db.transaction((tx) => noteRemainingIn(tx, deps, groupId, deps.clock()));
  await scheduleDelivery(deps, { mailIds, noticeIds: [] });
  return state;
}

/**
 * The crossing, in the caller's transaction `tx`: the alert locked, the account's remaining points
 * read again (with what `tx` has moved), the alert saved and the mail queued when they crossed it;
 * the caller schedules `mailIds` after the commit. A transfer notes its account here, in its own
 * transaction, after its balance rows: transfers of one account are then noted in the order they
 * commit, where two at once, one each way, noted after their commits could save their crossings in
 * the wrong order, leave the alert below with the points above, and miss the next crossing's mail.
 */
export async function noteRemainingIn(tx: Executor, deps: Pick<Deps, 'config'>, groupId: string, now: Date): Promise<{ state: LowBalanceState; mailIds: string[] }> {
  const row = await lockAlert(tx, groupId);
  if (!row || row.threshold === null) return { state: { threshold: null, below: false }, mailIds: [] };
  const remaining = accountRemaining(await balancesOf(tx, groupId));
  const below = remaining < row.threshold;
  if (below === row.below) return { state: { threshold: row.threshold, below }, mailIds: [] };
  await saveAlert(tx, { groupId, threshold: row.threshold, below, updatedAt: now });
  const mailIds = below ? await queueLowBalanceMail(tx, deps, groupId, remaining, row.threshold, now) : [];
  return { state: { threshold: row.threshold, below }, mailIds };
}

/** The group's alert as it stands, read without a lock: what noteRemaining compares with. */
export async function lowBalanceState(deps: Pick<Deps, 'db'>, groupId: string): Promise<LowBalanceState> {
  const row = await findAlert(deps.db, groupId);
  return { threshold: row?.threshold ?? null, below: row?.below ?? false };
}

/**
 * Notes the enterprise account's remaining M Points (every type's together, as its balance shows
 * them, with the platform's usage as last read) after a transfer moved points out of it or into it,
 * outside a balance read. Call it once the change has committed. A group without a threshold costs
 * one read.
 */
export async function noteAccountRemaining(deps: Deps, groupId: string): Promise<LowBalanceState> {
  const seen = await lowBalanceState(deps, groupId);
  if (seen.threshold === null) return seen;
  return noteRemaining(deps, groupId, accountRemaining(await balancesOf(deps.db, groupId)), seen);
}

/** The enterprise account's remaining M Points (every type's together, as its balance shows them) from its balance rows. */
function accountRemaining(rows: Awaited<ReturnType<typeof balancesOf>>): number {
  return shownFigures(rows).find((figure) => figure.projectType === projectType.mPoint)!.remaining;
}

async function queueLowBalanceMail(tx: Executor, deps: Pick<Deps, 'config'>, groupId: string, remaining: number, threshold: number, now: Date): Promise<string[]> {
  if (!deps.config.MAIL_NOTIFICATIONS) return [];
  const admin = await groupAdminOf(tx, groupId);
  const group = await groupById(tx, groupId);
  if (!admin || !group) return [];
  const text = lowBalanceMail[admin.language as Language]({
    brand: deps.config.BRAND_NAME,
    name: admin.name,
    company: group.companyName,
    remaining: formatPoints(remaining),
    threshold: formatPoints(threshold),
    link: portalLink(deps.config, '/management-center/point-record', admin.language as Language),
  });
  return queueMails(tx, [{ kind: 'points.lowBalance', recipient: admin.email, ...text }], now);
}

/** The group administrator sets (or, with null, removes) the threshold in whole points. */
export async function setLowBalanceThreshold(deps: Pick<Deps, 'db' | 'clock'>, userId: string, form: { threshold: number | null }): Promise<LowBalanceState> {
  const { threshold } = lowBalanceInput.parse(form);
  const user = await userById(deps.db, userId);
  if (!user) throw new AppError('MissingAuthentication');
  if (!user.isGroupAdmin) throw new AppError('Unauthorized', { action: 'setLowBalanceAlert', reason: 'notGroupAdmin' });
  const row = await deps.db.transaction((tx) => saveAlert(tx, { groupId: user.groupId, threshold: threshold === null ? null : threshold * TENTHS, below: false, updatedAt: deps.clock() }));
  return { threshold: row.threshold, below: row.below };
}
