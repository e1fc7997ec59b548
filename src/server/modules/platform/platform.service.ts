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
 * - Sending the outbox (platform-deliveries.service.ts): jobs `deliverPlatformDelivery`,
 *   `sweepPlatformDeliveries`; staff `listPlatformDeliveries`, `retryPlatformDelivery`.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '../../errors';
import type { Deps } from '../../deps';
import type { Executor } from '../../db/client';
import { platformWriteCall } from '../../../shared/platform';
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
import { insertDelivery, undeliveredPointDeliveries } from './platform.repository';

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
