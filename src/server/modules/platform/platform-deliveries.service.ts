/**
 * Sending the platform outbox (see platform.service.ts for writing to it): one delivery with its
 * idempotency key and the calls of its sequence after it, the sweep of what is due, and the staff's
 * list and retry of deliveries.
 */
import { ZodError } from 'zod';
import { AppError } from '../../errors';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import type { Deps } from '../../deps';
import { platformDeliveryStatus, platformWriteCall, type PlatformDeliveryView, type PlatformWriteCall } from '../../../shared/platform';
import { PlatformApiException, PlatformApiFailResponse } from './platform-errors';
import {
  claimDelivery,
  claimNextInSequence,
  dueDeliveryIds,
  findDelivery,
  listDeliveries,
  markDelivered,
  markFailedAttempt,
  reopenFailed,
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

/** Staff retry of a failed delivery: a fresh round of tries, the first one now; the reopening is audited. */
export async function retryPlatformDelivery(deps: Pick<Deps, 'db' | 'platform' | 'clock' | 'log'>, id: string, actor: StaffActor): Promise<{ outcome: DeliveryOutcome; delivery: PlatformDeliveryView }> {
  const existing = await findDelivery(deps.db, id);
  if (!existing) throw new AppError('NotFound');
  if (existing.status !== platformDeliveryStatus.failed) throw new AppError('OperationError', { reason: 'deliveryNotFailed' });
  await deps.db.transaction(async (tx) => {
    const reopened = await reopenFailed(tx, id, deps.clock());
    if (!reopened) throw new AppError('OperationError', { reason: 'deliveryNotFailed' });
    await recordStaffAction(tx, { ...actor, action: 'platform.retry', target: `delivery:${id}`, before: { status: existing.status, attempts: existing.attempts, lastError: existing.lastError }, after: { call: existing.call, domainKey: existing.domainKey } });
  });
  const outcome = await deliverPlatformDelivery(deps, id);
  const [delivery] = await listDeliveries(deps.db, { failedOnly: false, limit: 1, id });
  return { outcome, delivery: view(delivery!) };
}

