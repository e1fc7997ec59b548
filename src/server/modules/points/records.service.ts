import { ledgerKind, recordsInput, usageTaskTypes, type LedgerKind, type Records, type RecordsForm, type UsageRecords } from '../../../shared/points';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { groupById } from '../accounts/users.service';
import { boundDevicesOf } from '../platform/devices.service';
import { readPlatformPointRecords } from '../platform/platform.service';
import { allTeams } from '../teams/teams.service';
import { toLedgerEntry, type Account } from './ledger.service';
import { entriesBefore, findEntries, type EntryFilter, type LedgerRow } from './points.repository';

/** The three records pages (issue 9 part 8) and the ledger kinds each lists. */
export const recordKinds = {
  /** /point-record: what came in to the enterprise account. */
  points: [ledgerKind.purchase, ledgerKind.trial, ledgerKind.bonus],
  /** /point-transfer-record: the enterprise account's transfers, both directions. */
  transfers: [ledgerKind.transferOut, ledgerKind.transferIn],
  /** /team-points-record: everything of one team. */
  team: [ledgerKind.transferIn, ledgerKind.transferOut],
} as const satisfies Record<string, readonly LedgerKind[]>;
export type RecordKind = keyof typeof recordKinds;

function filterOf(account: Account, kind: RecordKind, input: { from?: Date; to?: Date }): EntryFilter {
  return { ownerId: account.teamId ?? account.groupId, groupId: account.groupId, kinds: recordKinds[kind], from: input.from, to: input.to };
}

/**
 * The names transfers of an enterprise account are shown with, by the ids their entries keep: its
 * company, its teams and its bound devices (a device unbound since keeps only its id). Purchases and
 * grants have no counterpart.
 */
export async function counterpartNames(db: Executor, account: Account, kind: RecordKind): Promise<ReadonlyMap<string, string>> {
  if (kind === 'points') return new Map();
  const [group, teams, devices] = await Promise.all([groupById(db, account.groupId), allTeams(db, account.groupId), boundDevicesOf(db, account.groupId)]);
  return new Map([...(group ? [[group.id, group.companyName] as const] : []), ...teams.map((team) => [team.id, team.name] as const), ...devices.map((device) => [device.platformId, device.name] as const)]);
}

export async function listRecords(deps: Pick<Deps, 'db'>, account: Account, kind: RecordKind, form: RecordsForm): Promise<Records> {
  const input = recordsInput.parse(form);
  const [{ rows, total }, names] = await Promise.all([
    findEntries(deps.db, filterOf(account, kind, input), { limit: input.pageSize, offset: (input.page - 1) * input.pageSize }),
    counterpartNames(deps.db, account, kind),
  ]);
  return { items: rows.map((row) => toLedgerEntry(row, names)), total, page: input.page, pageSize: input.pageSize };
}

const isTaskType = (value: string | null): value is (typeof usageTaskTypes)[number] => usageTaskTypes.includes(value as never);

/** One usage line of /point-record: a training or prediction job the platform charged to the account. */
export type UsageLine = UsageRecords['items'][number];

/**
 * The enterprise account's usage as the AI platform reports it (get-point-record: its training and
 * prediction jobs) in the date range, newest first. The platform keeps these records, not the
 * portal, so they are read there at each call: none for an account with no platform domain, and
 * the platform's error (PlatformApiException, PlatformApiFailResponse) when it cannot be read.
 */
export async function usageLines(deps: Pick<Deps, 'db' | 'platform'>, account: Account, range: { from?: Date; to?: Date }): Promise<UsageLine[]> {
  const group = await groupById(deps.db, account.groupId);
  if (!group?.domainKey) return [];
  const records = await readPlatformPointRecords(deps, group.domainKey, account.groupId);
  return records
    .filter((record) => record.recordType === 'usage' && record.groupId === account.groupId)
    .filter((record) => (!range.from || record.time >= range.from) && (!range.to || record.time < range.to))
    .sort((a, b) => b.time.getTime() - a.time.getTime() || b.recordId.localeCompare(a.recordId))
    .map((record) => ({
      id: record.recordId,
      usedAt: record.time,
      projectType: record.projectType,
      taskType: isTaskType(record.taskType) ? record.taskType : null,
      points: record.tenths,
      by: record.by,
    }));
}

/**
 * /point-record's usage lines (usageLines) a page at a time; a platform that cannot be read gives
 * `retrieved: false` (logged), never an error.
 */
export async function listUsage(deps: Pick<Deps, 'db' | 'platform' | 'log'>, account: Account, form: RecordsForm): Promise<UsageRecords> {
  const input = recordsInput.parse(form);
  let used;
  try {
    used = await usageLines(deps, account, input);
  } catch (error) {
    deps.log.warn({ err: error, groupId: account.groupId }, 'failed to read the usage records from the platform');
    return { retrieved: false, items: [], total: 0, page: input.page, pageSize: input.pageSize };
  }
  const start = (input.page - 1) * input.pageSize;
  return { retrieved: true, items: used.slice(start, start + input.pageSize), total: used.length, page: input.page, pageSize: input.pageSize };
}

const EXPORT_BATCH = 500;

/** Every entry of a records page in the date range, newest first, read in batches of 500. */
export async function* recordsForExport(deps: Pick<Deps, 'db'>, account: Account, kind: RecordKind, range: { from?: Date; to?: Date }): AsyncGenerator<LedgerRow> {
  const filter = filterOf(account, kind, range);
  let before: number | undefined;
  for (;;) {
    const rows = await entriesBefore(deps.db, filter, before, EXPORT_BATCH);
    yield* rows;
    if (rows.length < EXPORT_BATCH) return;
    before = rows.at(-1)!.id;
  }
}
