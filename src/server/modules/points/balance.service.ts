import { projectType, projectTypes, type Balance } from '../../../shared/points';
import type { Deps } from '../../deps';
import { groupById } from '../accounts/users.service';
import { readBuyAndUsage } from '../platform/platform.service';
import { recordEmulatedUsage } from '../platform/platform-usage.service';
import { teamById } from '../teams/teams.service';
import { ownerIdOf, platformOwnerIdOf, shownFigures, type Account } from './ledger.service';
import { balancesOf, balanceView, forgetUsageReading, groupsWithAlert, recordUsage, type BalanceRow, type BalanceView } from './points.repository';
import { lowBalanceState, noteRemaining } from './alerts.service';

/** The platform's usage of an account per project type, in tenths; throws when the platform cannot be read. */
export type UsageReader = (account: Account) => Promise<Array<{ projectType: number; used: number }>>;

/**
 * Reads an account's usage from the platform (the emulator by default) through the connector. An
 * account without a platform domain has no platform account yet, so nothing is used.
 */
export function platformUsage(deps: Pick<Deps, 'db' | 'platform'>): UsageReader {
  return async (account) => {
    const group = await groupById(deps.db, account.groupId);
    const team = account.teamId ? await teamById(deps.db, account.teamId) : undefined;
    const domainKey = team?.domainKey ?? group?.domainKey;
    if (!domainKey) return [];
    const lines = await readBuyAndUsage(deps, domainKey, platformOwnerIdOf(account));
    return lines.map((line) => ({ projectType: line.projectType, used: line.usedTenths }));
  };
}

/**
 * How long the platform's usage figure of an account is used before it is read again: usage grows
 * by whole training or prediction jobs, and every balance read, transfer check and page would
 * otherwise wait on the platform.
 */
export const USAGE_FRESH_MS = 30_000;

/** Whether an account's usage, last read at `readAt` (never, when undefined), is to be read from the platform again at `now`. */
export function usageIsStale(readAt: Date | string | number | null | undefined, now: Date, maxAgeMs = USAGE_FRESH_MS): boolean {
  return readAt === null || readAt === undefined || now.getTime() - new Date(readAt).getTime() >= maxAgeMs;
}

/**
 * When the platform's usage of these balance rows was read, the oldest reading counting: undefined
 * when one of them was never read (a type credited since the last reading) or there is none.
 */
function usageReadAt(rows: BalanceRow[]): number | undefined {
  if (rows.length === 0 || rows.some((row) => !row.usedReadAt)) return undefined;
  return Math.min(...rows.map((row) => row.usedReadAt!.getTime()));
}

/**
 * The platform's usage of an account, read again and recorded when the last reading is older than
 * `maxAgeMs` (USAGE_FRESH_MS unless given; `rows`, the account's balance rows, read when not given):
 * 'fresh' when it was not due, 'read' when it was read and recorded, 'failed' when the platform could
 * not be read (logged; the last reading stays). A read of the account already under way is shared.
 */
export async function refreshUsage(deps: Deps, account: Account, usage: UsageReader, options: { rows?: BalanceRow[]; maxAgeMs?: number } = {}): Promise<UsageRefresh> {
  const ownerId = ownerIdOf(account);
  let underWay = readingsUnderWay.get(deps.db);
  if (!underWay) readingsUnderWay.set(deps.db, (underWay = new Map()));
  const held = options.rows ?? (await balancesOf(deps.db, ownerId));
  const joined = underWay.get(ownerId);
  if (joined) return joined;
  if (!usageIsStale(usageReadAt(held), deps.clock(), options.maxAgeMs)) return 'fresh';
  const reading = readUsage(deps, account, usage, held).finally(() => underWay.delete(ownerId));
  underWay.set(ownerId, reading);
  return reading;
}

type UsageRefresh = 'fresh' | 'read' | 'failed';

/** Platform reads of usage under way, per database and owner: concurrent requests about one account (a burst of transfers) wait on one platform read. */
const readingsUnderWay = new WeakMap<object, Map<string, Promise<UsageRefresh>>>();

async function readUsage(deps: Deps, account: Account, usage: UsageReader, held: BalanceRow[]): Promise<UsageRefresh> {
  const ownerId = ownerIdOf(account);
  const now = deps.clock();
  try {
    const read = new Map((await usage(account)).map((figure) => [figure.projectType, figure.used]));
    // Every type the account holds is stamped as read, listed or not, and an account with none
    // gets its general type's row: the platform lists no account before its first credit arrives,
    // and such an account would otherwise be read from the platform again at every balance read.
    for (const row of held) if (!read.has(row.projectType)) read.set(row.projectType, row.used);
    if (read.size === 0) read.set(projectType.mPoint, 0);
    await deps.db.transaction(async (tx) => {
      for (const [type, used] of read) await recordUsage(tx, ownerId, account.groupId, type, used, now);
    });
    return 'read';
  } catch (error) {
    deps.log.warn({ err: error, ownerId }, 'failed to retrieve remaining points from the platform');
    return 'failed';
  }
}

/**
 * Remaining points per project type: bought (the ledger's credits) less used (the platform's
 * figure, read again when older than USAGE_FRESH_MS), the general type 9 showing the sum. When the
 * platform cannot be read every figure is zero and `retrieved` is false, so the page says 'failed
 * to retrieve remaining points'. One statement reads the rows, the alert and the chart's days.
 */
export async function readBalance(deps: Deps, account: Account, usage?: UsageReader): Promise<Balance> {
  const ownerId = ownerIdOf(account);
  let view = await balanceView(deps.db, ownerId, account.groupId);
  const refreshed = usage ? await refreshUsage(deps, account, usage, { rows: view.rows }) : 'fresh';
  if (refreshed === 'read') view = await balanceView(deps.db, ownerId, account.groupId);
  const retrieved = refreshed !== 'failed';
  const types = retrieved ? shownFigures(view.rows) : projectTypes.map((type) => ({ projectType: type, bought: 0, used: 0, remaining: 0 }));
  const general = types.find((figure) => figure.projectType === projectType.mPoint)!;
  const seen = { threshold: view.alert?.threshold ?? null, below: view.alert?.below ?? false };
  // The alert is the enterprise account's: a team's or a device's balance neither reads nor notes it.
  const lowBalance = ownerId !== account.groupId ? { threshold: null, below: false } : retrieved ? await noteRemaining(deps, account.groupId, general.remaining, seen) : seen;
  return { retrieved, types, history: retrieved ? history(view) : [], lowBalance };
}

const ALERT_BATCH = 100;

/**
 * The job of low-balance alerts (`check-low-balances`): the balance of every enterprise account that
 * set a threshold, its usage read from the platform when its last reading is older than
 * USAGE_FRESH_MS, so that a crossing caused by work on the platform is mailed (and the banner shown)
 * whether or not anyone opens the portal. One account failing does not hold up the others.
 */
export async function checkLowBalances(deps: Deps): Promise<{ checked: number; failed: number }> {
  const result = { checked: 0, failed: 0 };
  let after: string | undefined;
  for (;;) {
    const batch = await groupsWithAlert(deps.db, after, ALERT_BATCH);
    for (const groupId of batch) {
      try {
        await readBalance(deps, { groupId }, platformUsage(deps));
        result.checked++;
      } catch (error) {
        result.failed++;
        deps.log.warn({ err: error, groupId }, 'low-balance alert not checked');
      }
    }
    if (batch.length < ALERT_BATCH) return result;
    after = batch.at(-1);
  }
}

/**
 * Usage on the platform emulator (`platform usage`, the demo's platform): recorded there, and the
 * account's last reading forgotten, so that its next balance shows it at once; a crossing of the
 * low-balance threshold is mailed at once.
 */
export async function recordPlatformUsage(deps: Deps, input: Parameters<typeof recordEmulatedUsage>[1]) {
  const result = await recordEmulatedUsage(deps, input);
  await forgetUsageReading(deps.db, result.groupId);
  // The usage can cross the low-balance threshold: with one set, the balance is read now (the
  // platform's usage with it) and its remaining noted, as the page would.
  if ((await lowBalanceState(deps, result.groupId)).threshold !== null) await readBalance(deps, { groupId: result.groupId }, platformUsage(deps));
  return result;
}

/** Cumulative bought (as the figures: transfers out taken off) and used per day, every project type together, for the chart. */
function history({ bought: boughtByDay, usage }: BalanceView): Balance['history'] {
  const days = [...new Set([...boughtByDay.map((row) => row.day), ...usage.map((row) => row.day)])].sort();
  const usedByType = new Map<number, number>();
  let bought = 0;
  return days.map((day) => {
    bought += boughtByDay.find((row) => row.day === day)?.points ?? 0;
    for (const row of usage.filter((candidate) => candidate.day === day)) usedByType.set(row.projectType, row.used);
    return { day, bought, used: [...usedByType.values()].reduce((total, used) => total + used, 0) };
  });
}
