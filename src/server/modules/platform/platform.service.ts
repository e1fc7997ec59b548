/**
 * Platform module: the portal's side of the AI platform (spec section 7).
 *
 * Service API (other modules call these, passing `tx` where they write):
 * - `deps.platform` (PlatformConnector, platform.connector.ts): the seven calls, typed; reads retried,
 *   failures thrown as PlatformApiFailResponse (platform said no) or PlatformApiException (no usable
 *   answer). Call reads directly; never call a write directly from a business change.
 * - `enqueuePlatformDelivery(tx, request, now)`: writes a platform write (purchase-record,
 *   point-transfer, user-create, user-update) to the `platform_deliveries` outbox inside the caller's
 *   transaction, with a fresh idempotency key; returns `{ id, idempotencyKey, sequenceKey }`. The
 *   domain key must be one of platformDomainKey (else UndefinedDomain, and the caller's transaction
 *   rolls back). After the commit, `schedulePlatformDeliveries(deps, [id])` (or, for one delivery
 *   with its sequence, `schedulePlatformDelivery(deps, delivery)`) hands it to the job; the sweep
 *   delivers it anyway if that is missed. The account creations and points calls of one enterprise
 *   account (user-create and point-transfer with its `groupId`, purchase-record) reach the platform
 *   in the order they were written, so write a points call after moving the balances it reports.
 * - `readBuyAndUsage(deps, domainKey, accountId)`: the platform's bought and used tenths per
 *   project type of a group or team (throws on failure; the caller shows zeros and says so).
 * - `readPlatformPointRecords(deps, domainKey, accountId)`: purchases, transfers and usage lines.
 * - `undeliveredPoints(tx, accountId)`: per project type, the tenths the portal recorded but the
 *   platform has not taken yet, going out (transfers from the account) and coming in (purchases,
 *   transfers to it), so a balance check can be platform figure − outgoing.
 * - `platformLoginUrl(deps, domainKey, ticket)`: the signed 'use platform' redirect address.
 * - Staff: `listPlatformDeliveries`, `retryPlatformDelivery`; jobs: `deliverPlatformDelivery`,
 *   `sweepPlatformDeliveries`.
 */
import { randomUUID } from 'node:crypto';
import { ZodError } from 'zod';
import { AppError } from '../../errors';
import type { Deps } from '../../deps';
import type { Executor } from '../../db/client';
import { platformDeliveryStatus, platformWriteCall, type PlatformDeliveryView, type PlatformWriteCall } from '../../../shared/platform';
import {
  createUserInput,
  pointTransferInput,
  purchaseRecordInput,
  updateUserInput,
  type CreateUserInput,
  type LoginTicketInput,
  type PointTransferInput,
  type PurchaseRecordInput,
  type UpdateUserInput,
} from './platform-calls';
import { isPlatformDomainKey } from './platform-domains';
import { PlatformApiException, PlatformApiFailResponse } from './platform-errors';
import {
  claimDelivery,
  claimNextInSequence,
  dueDeliveryIds,
  findDelivery,
  insertDelivery,
  listDeliveries,
  markDelivered,
  markFailedAttempt,
  reopenFailed,
  undeliveredPointDeliveries,
  type DeliveryRow,
  type ListedDelivery,
} from './platform.repository';


/** After this many tries a delivery is marked failed and waits for staff (`platform retry`). */
export const MAX_DELIVERY_ATTEMPTS = 6;
const STALE_CLAIM_MS = 2 * 60_000;

/** Wait before try n+1: 15 s, 30 s, 1 min, 2 min, 4 min. */
export function deliveryRetryDelayMs(attempts: number): number {
  return 15_000 * 2 ** Math.max(0, attempts - 1);
}

export type PlatformDeliveryRequest =
  | { call: typeof platformWriteCall.purchaseRecord; domainKey: string | null; input: PurchaseRecordInput }
  /** `groupId`: the enterprise account whose points move (the source's, whether it is the account, a team or a device). */
  | { call: typeof platformWriteCall.pointTransfer; domainKey: string | null; groupId: string; input: PointTransferInput }
  /** `groupId`: the enterprise account the new account belongs to (for a team member's account, the team's): its later points calls come after. */
  | { call: typeof platformWriteCall.createUser; domainKey: string | null; groupId: string; input: CreateUserInput }
  | { call: typeof platformWriteCall.updateUser; domainKey: string | null; input: UpdateUserInput };

/**
 * The account the call is about, and the sequence it keeps its place in: the account creations and
 * points calls of an enterprise account (see the schema), so that a points call never reaches the
 * platform before the account it is for.
 */
function parsedRequest(request: PlatformDeliveryRequest): { subject: string; sequenceKey: string | null; payload: Record<string, unknown> } {
  switch (request.call) {
    case platformWriteCall.purchaseRecord: {
      const input = purchaseRecordInput.parse(request.input);
      return { subject: input.groupId, sequenceKey: input.groupId, payload: input };
    }
    case platformWriteCall.pointTransfer: {
      const input = pointTransferInput.parse(request.input);
      return { subject: input.from, sequenceKey: request.groupId, payload: input };
    }
    case platformWriteCall.createUser: {
      const input = createUserInput.parse(request.input);
      return { subject: input.userId, sequenceKey: request.groupId, payload: input };
    }
    case platformWriteCall.updateUser: {
      const input = updateUserInput.parse(request.input);
      return { subject: input.userId, sequenceKey: null, payload: input };
    }
  }
}

/** Refuses a domain key that names no platform (UndefinedDomain), as the outbox would. */
export function requirePlatformDomain(domainKey: string | null): asserts domainKey is string {
  if (!isPlatformDomainKey(domainKey)) throw new AppError('UndefinedDomain');
}

/**
 * Writes a platform write to the outbox in the caller's transaction (see the note at the top). A
 * points call must be written after the caller has moved the balances it reports (their rows locked):
 * its place in its account's sequence is taken here.
 */
export async function enqueuePlatformDelivery(tx: Executor, request: PlatformDeliveryRequest, now: Date): Promise<QueuedDelivery & { idempotencyKey: string }> {
  requirePlatformDomain(request.domainKey);
  const { subject, sequenceKey, payload } = parsedRequest(request);
  const idempotencyKey = `portal-${randomUUID()}`;
  const row = await insertDelivery(tx, { call: request.call, domainKey: request.domainKey, subject, sequenceKey, payload, idempotencyKey, createdAt: now, nextAttemptAt: now });
  return { id: row.id, idempotencyKey, sequenceKey };
}

/** A delivery in the outbox, with the sequence (its enterprise account) it is sent in, if any. */
export interface QueuedDelivery {
  id: string;
  sequenceKey: string | null;
}

/** Hands committed deliveries to the job queue; the sweep picks up anything this misses. */
export async function schedulePlatformDeliveries(deps: Pick<Deps, 'jobs' | 'log'>, ids: string[]): Promise<void> {
  for (const id of ids) await schedulePlatformDelivery(deps, { id, sequenceKey: null });
}

/** Hands one committed delivery to the job queue with its sequence, which lets a run that finds this process sending that sequence already leave the call to it. */
export async function schedulePlatformDelivery(deps: Pick<Deps, 'jobs' | 'log'>, { id, sequenceKey }: QueuedDelivery): Promise<void> {
  try {
    await deps.jobs.enqueue('deliver-platform-call', sequenceKey ? { id, sequenceKey } : { id });
  } catch (error) {
    deps.log.warn({ err: error }, 'could not queue platform deliveries; the sweep will deliver them');
  }
}

async function send(deps: Pick<Deps, 'platform'>, row: DeliveryRow): Promise<unknown> {
  const options = { idempotencyKey: row.idempotencyKey };
  const payload = row.payload as never;
  switch (row.call as PlatformWriteCall) {
    case platformWriteCall.purchaseRecord:
      return deps.platform.purchaseRecord(row.domainKey, payload, options);
    case platformWriteCall.pointTransfer:
      return deps.platform.pointTransfer(row.domainKey, payload, options);
    case platformWriteCall.createUser:
      return deps.platform.createUser(row.domainKey, payload, options);
    case platformWriteCall.updateUser:
      return deps.platform.updateUser(row.domainKey, payload, options);
  }
}

/** A delivered user-create keeps no password in the outbox. */
function withoutSecrets(row: DeliveryRow): unknown {
  if (row.call !== platformWriteCall.createUser) return row.payload;
  return { ...(row.payload as Record<string, unknown>), password: '[delivered]' };
}

export type DeliveryOutcome = 'delivered' | 'retry' | 'failed' | 'not-due';

/**
 * One try of one delivery. A refusal by the platform (PlatformApiFailResponse) will not change by
 * retrying, so the delivery is failed at once; a network failure or time-out is retried with
 * back-off, always with the same idempotency key, so a call the platform applied before its answer
 * was lost is not applied again. An account creation or points call waits ('not-due') while an
 * earlier one of its enterprise account is still to be sent, retries included; once that one is delivered (or failed,
 * which leaves it to staff), the calls that waited behind it are sent in order.
 */
export async function deliverPlatformDelivery(deps: Pick<Deps, 'db' | 'platform' | 'clock' | 'log'>, id: string, sequenceKey?: string | null): Promise<DeliveryOutcome> {
  const sending = sequenceKey ? sendingHere.get(sequenceKey) : undefined;
  if (sending) {
    sending.more = true;
    return 'not-due';
  }
  const row = await claimDelivery(deps.db, id, deps.clock(), STALE_CLAIM_MS);
  if (!row) return 'not-due';
  return row.sequenceKey === null ? attempt(deps, row) : sendSequence(deps, row);
}

/**
 * The sequences this process is sending now (see sendSequence), each with whether a call of it was
 * handed to a run meanwhile: that run leaves its call to the sequence's sender instead of claiming it
 * only to find it waiting (under a burst of transfers, one claim a transfer saved).
 */
const sendingHere = new Map<string, { more: boolean }>();

/**
 * Sends `first` (claimed), then the calls of its sequence that waited behind it, in order, until none
 * is left or one is to be retried later; returns `first`'s outcome. A call written after the last
 * claim found none, and handed to a run that left it here (`more`), is claimed by one more look.
 */
async function sendSequence(deps: Pick<Deps, 'db' | 'platform' | 'clock' | 'log'>, first: DeliveryRow): Promise<DeliveryOutcome> {
  const key = first.sequenceKey!;
  const sending = { more: false };
  const mine = !sendingHere.has(key);
  if (mine) sendingHere.set(key, sending);
  try {
    const outcome = await attempt(deps, first);
    if (outcome === 'retry') return outcome;
    let last = first;
    for (;;) {
      // Reset before the claim: a call left here after this point is committed before the next claim reads.
      sending.more = false;
      const next = await claimNextInSequence(deps.db, key, last.sequence, deps.clock(), STALE_CLAIM_MS);
      if (!next) {
        if (sending.more) continue;
        return outcome;
      }
      last = next;
      if ((await attempt(deps, next)) === 'retry') return outcome;
    }
  } finally {
    if (mine) sendingHere.delete(key);
  }
}

/** One try of a claimed delivery; see deliverPlatformDelivery. */
async function attempt(deps: Pick<Deps, 'db' | 'platform' | 'clock' | 'log'>, row: DeliveryRow): Promise<DeliveryOutcome> {
  const { id } = row;
  try {
    const response = await send(deps, row);
    await markDelivered(deps.db, id, response, withoutSecrets(row), deps.clock());
    return 'delivered';
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const permanent = error instanceof PlatformApiFailResponse || error instanceof ZodError || (error instanceof AppError && !(error instanceof PlatformApiException));
    const final = permanent || row.attempts >= MAX_DELIVERY_ATTEMPTS;
    const retryAt = final ? null : new Date(deps.clock().getTime() + deliveryRetryDelayMs(row.attempts));
    await markFailedAttempt(deps.db, id, message, retryAt);
    deps.log.warn({ err: error, deliveryId: id, call: row.call, attempts: row.attempts, willRetry: Boolean(retryAt) }, 'platform delivery failed');
    return retryAt ? 'retry' : 'failed';
  }
}

/** Delivers what is due: deliveries whose job was lost, retries whose time has come, stuck claims. */
export async function sweepPlatformDeliveries(deps: Pick<Deps, 'db' | 'platform' | 'clock' | 'log'>, limit = 100): Promise<number> {
  const ids = await dueDeliveryIds(deps.db, deps.clock(), STALE_CLAIM_MS, limit);
  for (const id of ids) await deliverPlatformDelivery(deps, id);
  return ids.length;
}

function view(row: ListedDelivery): PlatformDeliveryView {
  return {
    id: row.id,
    call: row.call as PlatformWriteCall,
    domainKey: row.domainKey,
    subject: row.subject,
    status: row.status as PlatformDeliveryView['status'],
    attempts: row.attempts,
    lastError: row.lastError,
    idempotencyKey: row.idempotencyKey,
    createdAt: row.createdAt,
    nextAttemptAt: row.nextAttemptAt,
    deliveredAt: row.deliveredAt,
    waitingFor: row.waitingFor ? { id: row.waitingFor.id, call: row.waitingFor.call as PlatformWriteCall, createdAt: new Date(row.waitingFor.createdAt) } : null,
  };
}

/**
 * The newest deliveries for staff (back office and CLI). A pending one that waits behind an earlier
 * call of its enterprise account still to be sent names it, so that staff look there first.
 */
export async function listPlatformDeliveries(deps: Pick<Deps, 'db'>, options: { failedOnly?: boolean; limit?: number } = {}): Promise<PlatformDeliveryView[]> {
  return (await listDeliveries(deps.db, { failedOnly: options.failedOnly ?? false, limit: options.limit ?? 50 })).map(view);
}

/** Staff retry of a failed delivery: a fresh round of tries, the first one now. */
export async function retryPlatformDelivery(deps: Pick<Deps, 'db' | 'platform' | 'clock' | 'log'>, id: string): Promise<{ outcome: DeliveryOutcome; delivery: PlatformDeliveryView }> {
  const existing = await findDelivery(deps.db, id);
  if (!existing) throw new AppError('NotFound');
  if (existing.status !== platformDeliveryStatus.failed) throw new AppError('OperationError', { reason: 'deliveryNotFailed' });
  const reopened = await reopenFailed(deps.db, id, deps.clock());
  if (!reopened) throw new AppError('OperationError', { reason: 'deliveryNotFailed' });
  const outcome = await deliverPlatformDelivery(deps, id);
  const [delivery] = await listDeliveries(deps.db, { failedOnly: false, limit: 1, id });
  return { outcome, delivery: view(delivery!) };
}

export async function readBuyAndUsage(deps: Pick<Deps, 'platform'>, domainKey: string | null, accountId: string) {
  return deps.platform.groupBuyAndUsage(domainKey, { groupId: accountId });
}

export async function readPlatformPointRecords(deps: Pick<Deps, 'platform'>, domainKey: string | null, accountId: string) {
  return deps.platform.getPointRecord(domainKey, { groupId: accountId });
}

/** Tenths per project type. */
export type PointsByType = Partial<Record<number, number>>;

/** What the portal recorded for `accountId` that the platform has not taken yet (see the note at the top). */
export async function undeliveredPoints(tx: Executor, accountId: string): Promise<{ outgoing: PointsByType; incoming: PointsByType }> {
  const outgoing: PointsByType = {};
  const incoming: PointsByType = {};
  const add = (into: PointsByType, type: number, tenths: number) => (into[type] = (into[type] ?? 0) + tenths);
  for (const row of await undeliveredPointDeliveries(tx, accountId)) {
    if (row.call === platformWriteCall.purchaseRecord) {
      const input = purchaseRecordInput.parse(row.payload);
      add(incoming, input.projectType, input.purPointTenths);
    } else {
      const input = pointTransferInput.parse(row.payload);
      for (const entry of input.transferList) {
        if (input.from === accountId) add(outgoing, entry.projectType, entry.transferPointTenths);
        if (input.to === accountId) add(incoming, entry.projectType, entry.transferPointTenths);
      }
    }
  }
  return { outgoing, incoming };
}

export function platformLoginUrl(deps: Pick<Deps, 'platform' | 'clock'>, domainKey: string | null, ticket: LoginTicketInput): string {
  return deps.platform.loginUrl(domainKey, ticket, deps.clock());
}
