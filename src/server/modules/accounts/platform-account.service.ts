import { randomBytes } from 'node:crypto';
import { platformDomainKey, platformWriteCall } from '../../../shared/platform';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { enqueuePlatformDelivery, type QueuedDelivery } from '../platform/platform.service';
import { findGroupAdmin, updateGroup, updateUser, type UserRow } from './accounts.repository';
import { lockGroup } from './agents.repository';

/**
 * Where an account that pays before it was ever enabled as trial lives on the platform: enabling its
 * first order (spec section 4, group 0 -> 1) opens its platform account there, as enabling it as
 * trial (0 -> 2) does on the domain staff choose.
 */
export const PAID_ACCOUNT_DOMAIN = platformDomainKey.cloudA;

/**
 * The group administrator's platform user, created through the platform outbox in the caller's
 * transaction (the member reaches the platform through the signed 'use platform' link, never with
 * this password); the user's platform id is set once.
 */
export async function queueAdminPlatformUser(
  tx: Executor,
  { groupId, admin, by, domainKey, trialPointType, now }: { groupId: string; admin: UserRow; by: string; domainKey: string; trialPointType: number | null; now: Date },
): Promise<QueuedDelivery> {
  const platformUserId = admin.platformUserId ?? admin.email;
  if (!admin.platformUserId) await updateUser(tx, admin.id, { platformUserId, updatedAt: now });
  return enqueuePlatformDelivery(
    tx,
    {
      call: platformWriteCall.createUser,
      domainKey,
      groupId,
      input: { groupId, createBy: by, userId: platformUserId, userName: admin.name, password: randomBytes(18).toString('base64url'), isTeam: false, trialPointType },
    },
    now,
  );
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
  const created = await queueAdminPlatformUser(tx, { groupId, admin, by, domainKey: PAID_ACCOUNT_DOMAIN, trialPointType: null, now });
  return { domainKey: PAID_ACCOUNT_DOMAIN, queued: [created.id] };
}
