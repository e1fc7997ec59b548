import { randomUUID } from 'node:crypto';
import { platformWriteCall } from '../../../shared/platform';
import {
  isProjectType,
  ledgerKind,
  toTenths,
  transferDirection,
  transferInput,
  type ProjectType,
  type TransferForm,
  type TransferResult,
  type TransferSides,
  type TypeBalance,
} from '../../../shared/points';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { userWithGroup } from '../accounts/users.service';
import { enqueuePlatformDelivery, requirePlatformDomain, schedulePlatformDelivery, type QueuedDelivery } from '../platform/platform.service';
import { teamRoleOf } from '../teams/teams.service';
import { scheduleDelivery } from '../notifications/outbox.service';
import { noteRemainingIn } from './alerts.service';
import { platformUsage, readBalance, refreshUsage } from './balance.service';
import { applyMovements, figuresPerType, ownerIdOf, platformOwnerIdOf, type Account, type Movement } from './ledger.service';
import { balancesOf, lockBalances } from './points.repository';

/**
 * Point transfers (issue 9 part 7, spec section 5 'Point transfer'): the administrator (role 0) of
 * a team moves points between the team and its enterprise account, either way, per project type.
 * Both ledger sides and the platform outbox row commit in one transaction or not at all.
 */

export interface Entry {
  projectType: number;
  tenths: number;
}

/** The catalogue's rules for the list, whatever the page sent: known types, once each, positive whole points. */
export function checkedEntries(list: TransferForm['transferList']): Entry[] {
  const seen = new Set<number>();
  return list.map(({ projectType, points }) => {
    if (!isProjectType(projectType) || seen.has(projectType)) throw new AppError('IncorrectProjectType');
    seen.add(projectType);
    if (!Number.isSafeInteger(points) || points <= 0 || points > 1_000_000) throw new AppError('TransferPointOutOfRange');
    return { projectType, tenths: toTenths(points) };
  });
}

type Member = NonNullable<Awaited<ReturnType<typeof userWithGroup>>>;

/** The member with their enterprise account. Nothing of it is locked: a transfer reads it before its transaction. */
async function memberOf(db: Executor, userId: string): Promise<Member> {
  const found = await userWithGroup(db, userId);
  if (!found) throw new AppError('MissingAuthentication');
  return found;
}

/** The team, checked for the member's role; the member must belong to the team's enterprise account. */
async function teamOf(tx: Executor, { user }: Member, teamId: string, options: { lock?: 'share'; action: 'transferPoints' | 'view' }) {
  const { team } = await teamRoleOf(tx, teamId, user.id, options.action, { lock: options.lock });
  if (user.groupId !== team.groupId) throw new AppError('Unauthorized', { action: options.action, reason: 'notTeamGroup' });
  return team;
}

export async function transferPoints(deps: Deps, userId: string, form: TransferForm): Promise<TransferResult> {
  const input = transferInput.parse(form);
  const entries = checkedEntries(input.transferList);
  const member = await memberOf(deps.db, userId);
  const { group, user } = member;
  return moveBetween(deps, async (tx) => {
    // The team row stays locked to share: the role cannot change under the transfer; the balance rows order the transfers themselves.
    const team = await teamOf(tx, member, input.teamId, { lock: 'share', action: 'transferPoints' });
    const account: Account = { groupId: group.id };
    const teamAccount: Account = { groupId: group.id, teamId: team.id };
    return input.direction === transferDirection.toTeam
      ? { source: account, destination: teamAccount, sourceDomain: group.domainKey, by: user.email, entries }
      : { source: teamAccount, destination: account, sourceDomain: team.domainKey ?? group.domainKey, by: user.email, entries };
  });
}

export interface Move {
  source: Account;
  destination: Account;
  /** The platform domain of the source, where the transfer is delivered. */
  sourceDomain: string | null;
  /** E-mail of the member who moves the points. */
  by: string;
  entries: Entry[];
}

/**
 * One transfer, whoever its sides are (a team, a device): in one transaction, per project type, both
 * ledger sides with both balances moved in one statement, which locks the two balance rows in one
 * order (by owner id) and refuses the debit beyond what the source may still spend, then the platform
 * outbox row. `plan` checks who may move what and names the sides; it runs in the transaction, and
 * once before it.
 *
 * What the source may spend is its ledger less its usage on the platform, read from the platform
 * first (a reading already under way for the source is shared): the platform refuses a transfer of
 * points it has seen used, and a transfer the portal took on an older reading would show points
 * the platform never moves. When the platform cannot be read, nothing is moved
 * (PlatformApiException).
 */
export async function moveBetween(deps: Deps, plan: (tx: Executor) => Promise<Move>): Promise<TransferResult> {
  const first = await plan(deps.db);
  // First, so a source without a platform domain is refused (UndefinedDomain) before anything else.
  requirePlatformDomain(first.sourceDomain);
  if ((await refreshUsage(deps, first.source, platformUsage(deps), { maxAgeMs: 0 })) === 'failed') throw new AppError('PlatformApiException');
  const { result, delivery, mailIds } = await deps.db.transaction(async (tx) => {
    const move = await plan(tx);
    const now = deps.clock();
    const moved = await movePoints(tx, move, now);
    // Out of the enterprise account it can cross the low-balance threshold downwards (the
    // administrator is mailed), into it upwards (the next crossing down is mailed again): noted with
    // the balance rows locked, so that transfers of one account are noted in the order they commit.
    const enterprise = [move.source, move.destination].find((side) => ownerIdOf(side) === side.groupId);
    const alert = enterprise ? await noteRemainingIn(tx, deps, enterprise.groupId, now) : { mailIds: [] };
    return { ...moved, mailIds: alert.mailIds };
  });
  await schedulePlatformDelivery(deps, delivery);
  await scheduleDelivery(deps, { mailIds, noticeIds: [] });
  return result;
}

/**
 * The transfer of moveBetween in the caller's transaction, at `now`: also the demo data's transfers,
 * dated in the past. The caller hands the delivery to the job queue once the transaction commits
 * (or leaves it to the sweep).
 */
export async function movePoints(
  tx: Executor,
  { source, destination, sourceDomain, by, entries }: Move,
  now: Date,
): Promise<{ result: TransferResult; delivery: QueuedDelivery }> {
  // First, so a source without a platform domain is refused (UndefinedDomain) before anything else.
  requirePlatformDomain(sourceDomain);
  const transferId = randomUUID();
  const remaining: TransferResult['remaining'] = [];
  const types = [...entries].sort((a, b) => a.projectType - b.projectType);
  // A transfer of several types locks all its balance rows first (types in order, owners in order):
  // each type's statement also writes the owners' days of the chart, which every type shares, and a
  // transfer of one type that holds its balance rows would otherwise wait there in a cycle with it.
  if (types.length > 1) {
    const owners = [source, destination].map((account) => ({ ownerId: ownerIdOf(account), groupId: account.groupId })).sort((a, b) => (a.ownerId < b.ownerId ? -1 : 1));
    for (const entry of types) await lockBalances(tx, entry.projectType, owners);
  }
  for (const entry of types) {
    const common = { projectType: entry.projectType as ProjectType, kind: ledgerKind.transferOut, isRemit: true, by, at: now, transferId };
    const movements: Movement[] = [
      { ...common, account: source, points: -entry.tenths, counterpart: platformOwnerIdOf(destination) },
      { ...common, kind: ledgerKind.transferIn, account: destination, points: entry.tenths, counterpart: platformOwnerIdOf(source) },
    ];
    // Both rows of the type in one order whichever way the points move (by owner id), so that
    // transfers in opposite directions never wait on each other in a cycle.
    movements.sort((a, b) => (ownerIdOf(a.account) < ownerIdOf(b.account) ? -1 : 1));
    const moved = await applyMovements(tx, common.projectType, movements);
    remaining.push({ projectType: entry.projectType, remaining: moved.remaining.get(ownerIdOf(source))! });
  }
  // After the balances: with their rows locked, the transfer takes its place in the account's
  // sequence of platform calls behind every credit it may spend.
  const delivery = await enqueuePlatformDelivery(
    tx,
    {
      call: platformWriteCall.pointTransfer,
      domainKey: sourceDomain,
      groupId: source.groupId,
      input: {
        transferBy: by,
        from: platformOwnerIdOf(source),
        to: platformOwnerIdOf(destination),
        transferList: entries.map((entry) => ({ projectType: entry.projectType, transferPointTenths: entry.tenths })),
        purTime: now,
      },
    },
    now,
  );
  return { result: { transferId, remaining }, delivery };
}

/**
 * Both sides of the transfer page, per project type: the enterprise account and the team, each with
 * its usage as the platform has it (read again when older than USAGE_FRESH_MS, as a balance is), so
 * that the page offers what each side may still move; a team's own training and prediction were
 * otherwise never read, and its remaining points overstated. When the platform cannot be read for
 * either side, `retrieved` is false and every figure zero, as a balance shows it (issue 9 part 4):
 * the last reading would pass for what may be moved now, and the transfer is refused anyway.
 */
export async function transferSides(deps: Deps, userId: string, teamId: string): Promise<TransferSides> {
  const member = await memberOf(deps.db, userId);
  const team = await teamOf(deps.db, member, teamId, { action: 'transferPoints' });
  const { group } = member;
  const account: Account = { groupId: group.id };
  const teamSide: Account = { groupId: group.id, teamId: team.id };
  const usage = platformUsage(deps);
  let retrieved = true;
  for (const side of [account, teamSide]) {
    // One side unread is enough: the platform is not read again for the other.
    if (!(await readBalance(deps, side, usage)).retrieved) {
      retrieved = false;
      break;
    }
  }
  const figures = async (side: Account) => (retrieved ? accountFigures(deps.db, side) : unknownFigures());
  return { groupId: group.id, teamId: team.id, retrieved, account: await figures(account), team: await figures(teamSide) };
}

/** An account's (the enterprise account's, a team's or a device's) figures per project type. */
export async function accountFigures(db: Executor, account: Account): Promise<TypeBalance[]> {
  return figuresPerType(await balancesOf(db, ownerIdOf(account)));
}

/** Every project type at zero: the figures of an account whose usage the platform could not tell. */
export function unknownFigures(): TypeBalance[] {
  return figuresPerType([]);
}

/** The team's account for /team-points-record: any active member of the team reads it. */
export async function teamAccount(db: Executor, userId: string, teamId: string): Promise<Account> {
  const { team } = await teamRoleOf(db, teamId, userId, 'view');
  return { groupId: team.groupId, teamId: team.id };
}
