import { randomBytes } from 'node:crypto';
import { platformDomainKey, platformWriteCall } from '../../../shared/platform';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { enqueuePlatformDelivery, type QueuedDelivery } from '../platform/platform.service';
import { findGroupAdmin, updateGroup, updateUser } from './accounts.repository';
import { lockGroup } from './agents.repository';

/**
 * Where an account that pays before it was ever enabled as trial lives on the platform: enabling its
 * first order (spec section 4, group 0 -> 1) opens its platform account there, as enabling it as
 * trial (0 -> 2) does on the domain staff choose.
 */
export const PAID_ACCOUNT_DOMAIN = platformDomainKey.cloudA;

/**
 * A member's platform user (user/create), through the platform outbox in the caller's transaction,
 * under the platform user id the caller keeps for them. The member reaches the platform through the
 * signed 'use platform' link, never with this password.
 */
export function queuePlatformUser(
  tx: Executor,
  { groupId, platformUserId, userName, by, domainKey, trialPointType, now }: { groupId: string; platformUserId: string; userName: string; by: string; domainKey: string; trialPointType: number | null; now: Date },
): Promise<QueuedDelivery> {
  return enqueuePlatformDelivery(
    tx,
    {
      call: platformWriteCall.createUser,
      domainKey,
      groupId,
      input: { groupId, createBy: by, userId: platformUserId, userName, password: randomBytes(18).toString('base64url'), isTeam: false, trialPointType },
    },
    now,
  );
}

/**
 * The platform domain of an enterprise account, `domainIfNone` saved on it when it has none yet, read
 * with its group row locked as platformDomainForCredit reads it: a credit, an order enabled or a
 * trial approved at the same time settle on one domain, and none moves the account away from
 * points already sent to another.
 */
export async function claimGroupDomain(tx: Executor, groupId: string, domainIfNone: string, now: Date): Promise<string> {
  const group = await lockGroup(tx, groupId);
  if (!group) throw new AppError('NotFound');
  if (group.domainKey) return group.domainKey;
  await updateGroup(tx, groupId, { domainKey: domainIfNone, updatedAt: now });
  return domainIfNone;
}

/**
 * The platform domain of an enterprise account that is credited points, opening its platform account
 * on PAID_ACCOUNT_DOMAIN when it has none yet (its group row locked, so two credits at once open it
 * once), with the ids of the deliveries that queued. Without it a paid credit would stay in the
 * portal's ledger and never reach the platform.
 */
export async function platformDomainForCredit(tx: Executor, groupId: string, by: string, now: Date): Promise<{ domainKey: string; queued: string[] }> {
  const group = await lockGroup(tx, groupId);
  if (!group) throw new AppError('NotFound');
  if (group.domainKey) return { domainKey: group.domainKey, queued: [] };
  const admin = await findGroupAdmin(tx, groupId);
  if (!admin) throw new AppError('GroupAdminNotFound');
  await updateGroup(tx, groupId, { domainKey: PAID_ACCOUNT_DOMAIN, updatedAt: now });
  const platformUserId = admin.platformUserId ?? admin.email;
  if (!admin.platformUserId) await updateUser(tx, admin.id, { platformUserId, updatedAt: now });
  const created = await queuePlatformUser(tx, { groupId, platformUserId, userName: admin.name, by, domainKey: PAID_ACCOUNT_DOMAIN, trialPointType: null, now });
  return { domainKey: PAID_ACCOUNT_DOMAIN, queued: [created.id] };
}
