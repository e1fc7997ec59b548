import { isProjectType, ledgerKind, projectType, projectTypes, TENTHS, type LedgerEntry, type LedgerKind, type ProjectType, type TypeBalance } from '../../../shared/points';
import { pgErrorCode, type Executor } from '../../db/client';
import { AppError } from '../../errors';
import { isRemit, platformWriteCall } from '../../../shared/platform';
import { platformDomainForCredit } from '../accounts/platform-account.service';
import { groupById } from '../accounts/users.service';
import { enqueuePlatformDelivery } from '../platform/platform.service';
import { balancesOf, findOrderEntries, insertEntriesMovingBalances, lockBalances, usageDaysOf, type LedgerRow } from './points.repository';

/**
 * The points ledger (issue 9 part 3). Every change is an entry in integer tenths of a point and a
 * change of the account's balance row, both inside the caller's transaction, so a business change
 * and its points commit together or not at all.
 */

export interface Account {
  groupId: string;
  /** A team of the group; the enterprise account itself when absent. */
  teamId?: string | null;
  /** A device bound to the group (its platform id), when the points are the device's. */
  deviceId?: string | null;
}

/** How the platform names the account in a transfer: the team id, the device's platform id, or the group id. */
export function platformOwnerIdOf(account: Account): string {
  return account.teamId ?? account.deviceId ?? account.groupId;
}

/** The balance row's owner: a team id, `device:` + a device's platform id, or the group id. */
export function ownerIdOf(account: Account): string {
  if (account.teamId) return account.teamId;
  return account.deviceId ? `device:${account.deviceId}` : account.groupId;
}

/** An entry as the records pages show it; `names` gives the counterpart's name by its id. */
export function toLedgerEntry(row: LedgerRow, names?: ReadonlyMap<string, string>): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind as LedgerKind,
    projectType: row.projectType,
    points: row.points,
    isRemit: row.isRemit,
    orderId: row.orderId,
    teamId: row.teamId,
    counterpart: row.counterpart,
    counterpartName: (row.counterpart && names?.get(row.counterpart)) ?? null,
    reason: row.reason,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
  };
}

export interface Movement {
  account: Account;
  projectType: ProjectType;
  /** Tenths; positive credits, negative debits. */
  points: number;
  kind: LedgerKind;
  isRemit: boolean;
  by: string;
  at: Date;
  orderId?: string;
  reason?: string;
  transferId?: string;
  counterpart?: string;
}

function checkedMovement(movement: Movement): void {
  if (!Number.isSafeInteger(movement.points) || movement.points === 0) throw new AppError('TransferPointOutOfRange');
  if (!isProjectType(movement.projectType)) throw new AppError('IncorrectProjectType');
}

function ledgerRowOf(movement: Movement) {
  return {
    groupId: movement.account.groupId,
    teamId: movement.account.teamId ?? null,
    deviceId: movement.account.deviceId ?? null,
    projectType: movement.projectType,
    kind: movement.kind,
    points: movement.points,
    isRemit: movement.isRemit,
    orderId: movement.orderId ?? null,
    reason: movement.reason ?? null,
    transferId: movement.transferId ?? null,
    counterpart: movement.counterpart ?? null,
    createdBy: movement.by,
    createdAt: movement.at,
  };
}

/** What an account may still spend of one type: its ledger less the platform's last-read usage (tenths). */
export function remainingOf(row: { balance: number; used: number } | undefined): number {
  return row ? row.balance - row.used : 0;
}

/** An account's figures per project type from its balance rows: bought (its ledger, as the platform's buy_points), used, and remaining = bought - used. */
export function figuresPerType(rows: Array<{ projectType: number; balance: number; used: number }>): TypeBalance[] {
  return projectTypes.map((type) => {
    const row = rows.find((candidate) => candidate.projectType === type);
    return { projectType: type, bought: row?.balance ?? 0, used: row?.used ?? 0, remaining: remainingOf(row) };
  });
}

/** The figures as a balance shows them: each type's own, the general type 9 with the sum over every type (spec section 7 'group-buy-and-usage'). */
export function shownFigures(rows: Array<{ projectType: number; balance: number; used: number }>): TypeBalance[] {
  const own = figuresPerType(rows);
  const sum = (key: 'bought' | 'used' | 'remaining') => own.reduce((total, figure) => total + figure[key], 0);
  return own.map((figure) => (figure.projectType === projectType.mPoint ? { projectType: projectType.mPoint, bought: sum('bought'), used: sum('used'), remaining: sum('remaining') } : figure));
}

/**
 * Writes the entries of movements of one project type (both sides of a transfer, or one credit) and
 * moves their balances, in one statement that locks the balance rows in the order given. A debit
 * beyond what its account may still spend (remainingOf) is refused with OutOfRange, and the caller's
 * transaction must then end, as the throw ends it. Returns the entries and, by owner id, each moved
 * account's remaining points.
 */
export async function applyMovements(
  tx: Executor,
  projectType: ProjectType,
  movements: Movement[],
): Promise<{ entries: LedgerRow[]; remaining: Map<string, number> }> {
  for (const movement of movements) {
    checkedMovement(movement);
    if (movement.projectType !== projectType) throw new AppError('IncorrectProjectType');
  }
  const { entries, moved } = await insertEntriesMovingBalances(
    tx,
    projectType,
    movements.map(ledgerRowOf),
    movements.map((movement) => ({ ownerId: ownerIdOf(movement.account), groupId: movement.account.groupId, delta: movement.points })),
  ).catch((error: unknown) => {
    // A balance (an integer of tenths) or a day's sum past 2^31 - 1: the caller's transaction ends, and says why.
    if (pgErrorCode(error) === '22003') throw new AppError('PointBalanceLimit');
    throw error;
  });
  const remaining = new Map(moved.map((row) => [row.ownerId, remainingOf(row)]));
  for (const movement of movements) {
    const ownerId = ownerIdOf(movement.account);
    if (remaining.has(ownerId)) continue;
    // Only a debit is left unmoved: the row, locked by the statement, says how much was there.
    const available = remainingOf((await balancesOf(tx, ownerId)).find((row) => row.projectType === projectType));
    throw new AppError('OutOfRange', { min: 1, max: Math.max(0, Math.floor(available / TENTHS)) });
  }
  return { entries, remaining };
}

/** Writes one entry and moves the balance; a debit beyond the remaining points is refused with OutOfRange. */
export async function applyMovement(tx: Executor, movement: Movement): Promise<{ entry: LedgerRow }> {
  const { entries } = await applyMovements(tx, movement.projectType, [movement]);
  return { entry: entries[0]! };
}

export interface PurchaseRecord {
  groupId: string;
  orderId: string;
  projectType: ProjectType;
  /** Tenths of a point (points and bonus points of the order for this project type). */
  points: number;
  /** Who enabled the order (staff e-mail or id). */
  by: string;
  at: Date;
}

/**
 * Records a paid purchase when an order is enabled (spec section 4 'Enable order'), in the caller's
 * transaction: the orders module calls it with its `tx`. An order is recorded once per project
 * type: a second call for the same order returns the first entry and adds nothing.
 */
export async function recordPurchase(tx: Executor, record: PurchaseRecord): Promise<LedgerEntry> {
  if (!Number.isSafeInteger(record.points) || record.points <= 0) throw new AppError('TransferPointOutOfRange');
  if (!isProjectType(record.projectType)) throw new AppError('IncorrectProjectType');
  const existing = await findOrderEntry(tx, record.groupId, record.orderId, record.projectType);
  if (existing) return toLedgerEntry(existing);
  const { entry } = await applyMovement(tx, {
    account: { groupId: record.groupId },
    projectType: record.projectType,
    points: record.points,
    kind: ledgerKind.purchase,
    isRemit: true,
    orderId: record.orderId,
    by: record.by,
    at: record.at,
  });
  await queueCreditForPlatform(tx, { groupId: record.groupId, projectType: record.projectType, points: record.points, by: record.by, at: record.at });
  return toLedgerEntry(entry);
}

async function findOrderEntry(tx: Executor, groupId: string, orderId: string, projectType: number): Promise<LedgerRow | undefined> {
  // The balance row lock serialises two enabling calls of one order; the unique index backs it up.
  await lockBalances(tx, projectType, [{ ownerId: groupId, groupId }]);
  return (await findOrderEntries(tx, orderId)).find((row) => row.projectType === projectType && row.groupId === groupId);
}

/**
 * A paid credit of an enterprise account (purchase, bonus) written to the platform outbox in the
 * caller's transaction; the delivery job (or its sweep) sends it with its idempotency key. A group
 * without a platform domain yet (never enabled as trial) gets its platform account opened first, so
 * that no credit stays in the portal alone. Returns the ids of the deliveries queued, in order.
 */
export async function queueCreditForPlatform(tx: Executor, credit: { groupId: string; projectType: ProjectType; points: number; by: string; at: Date }): Promise<string[]> {
  const group = await groupById(tx, credit.groupId);
  if (!group) throw new AppError('NotFound');
  const { domainKey, queued } = group.domainKey ? { domainKey: group.domainKey, queued: [] } : await platformDomainForCredit(tx, group.id, credit.by, credit.at);
  const request = { groupId: credit.groupId, purPointTenths: credit.points, purTime: credit.at, purBy: credit.by, isRemit: isRemit.paid, projectType: credit.projectType };
  return [...queued, (await enqueuePlatformDelivery(tx, { call: platformWriteCall.purchaseRecord, domainKey, input: request }, credit.at)).id];
}

/**
 * The platform's usage of an enterprise account as the portal read it, day by day: the used figure
 * (tenths, cumulative) of each day and project type, oldest first. portal.ts tells it to the platform
 * emulator after seeding the demo account, whose points reach the emulator through the outbox as
 * anyone's do.
 */
export function recordedUsageDaysOf(db: Executor, groupId: string): Promise<Array<{ projectType: number; day: string; used: number }>> {
  return usageDaysOf(db, groupId);
}
