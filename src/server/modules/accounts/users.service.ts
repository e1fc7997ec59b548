import { AppError } from '../../errors';
import { groupStatus } from '../../../shared/accounts';
import type { Executor } from '../../db/client';
import { verifyPassword } from '../auth/password-hash';
import {
  findDisabledOrInactiveUserIds,
  findEnabledUsersWithAddressEnding,
  findGroupAdmin,
  findGroupById,
  findUserByEmail,
  findUserById,
  findUserWithGroup,
  findUsersWithPlainTotpSecret,
  lockUserById,
  replaceUserTotpSecret,
  updateGroup,
  updateUser,
  type GroupRow,
  type UserRow,
} from './accounts.repository';

/**
 * What other modules (auth above all) read and change of members and groups. Each takes the
 * executor, so a caller's transaction (`tx`) covers the change.
 */
export type { GroupRow, UserRow };

export function userById(db: Executor, id: string): Promise<UserRow | undefined> {
  return findUserById(db, id);
}

/** The user with their enterprise account (group), read together. */
export function userWithGroup(db: Executor, id: string): Promise<{ user: UserRow; group: GroupRow } | undefined> {
  return findUserWithGroup(db, id);
}

/** The user locked for the rest of the caller's transaction (SELECT ... FOR UPDATE). */
export function lockUser(tx: Executor, id: string): Promise<UserRow | undefined> {
  return lockUserById(tx, id);
}

/** How many teams the member may administer (spec section 3 create_team_limit, 0 to 100): UserNotFound, OutOfRange. */
export async function setCreateTeamLimit(db: Executor, email: string, limit: number, now: Date): Promise<UserRow> {
  if (!Number.isInteger(limit) || limit < 0 || limit > 100) throw new AppError('OutOfRange', { min: 0, max: 100 });
  const address = email.trim().toLowerCase();
  const user = await findUserByEmail(db, address);
  if (!user) throw new AppError('UserNotFound', { email: address });
  return (await updateUser(db, user.id, { createTeamLimit: limit, updatedAt: now }))!;
}

/** `email` as stored: lower-cased by the input schemas. */
export function userByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return findUserByEmail(db, email);
}

export function groupById(db: Executor, id: string): Promise<GroupRow | undefined> {
  return findGroupById(db, id);
}

/** Spec section 4 'Enable order': the group becomes paid (status 1) if it is not already; true when it changed. */
export async function markGroupPaid(tx: Executor, groupId: string, now: Date): Promise<boolean> {
  const group = await findGroupById(tx, groupId);
  if (!group || group.status === groupStatus.paid) return false;
  await updateGroup(tx, groupId, { status: groupStatus.paid, updatedAt: now });
  return true;
}

/** The platform domain of an enterprise account (platformDomainKey), e.g. for demo data. */
export async function setGroupDomainKey(tx: Executor, groupId: string, domainKey: string, now: Date): Promise<void> {
  await updateGroup(tx, groupId, { domainKey, updatedAt: now });
}

/** Trial points approved (1) or refused (9) (spec section 4 'Trial platform'); a platform user id is set once, when given. */
export async function setTrialPlatformStatus(tx: Executor, userId: string, values: { status: number; platformUserId?: string }, now: Date): Promise<void> {
  await updateUser(tx, userId, { trialPlatformStatus: values.status, ...(values.platformUserId ? { platformUserId: values.platformUserId } : {}), updatedAt: now });
}

/** Marks the e-mail address verified; the first verification time is kept. */
export async function markEmailVerified(tx: Executor, userId: string, now: Date): Promise<UserRow | undefined> {
  const current = await findUserById(tx, userId);
  return updateUser(tx, userId, { emailVerifiedAt: current?.emailVerifiedAt ?? now, updatedAt: now });
}

export async function recordTermsAccepted(db: Executor, userId: string, now: Date): Promise<UserRow | undefined> {
  return updateUser(db, userId, { termsAcceptedAt: now, updatedAt: now });
}

/** A new password hash; the password's age (for the maximum-age setting) starts again. */
export async function setPasswordHash(db: Executor, userId: string, passwordHash: string, now: Date): Promise<void> {
  await updateUser(db, userId, { passwordHash, passwordChangedAt: now, updatedAt: now });
}

/** A new authenticator secret, not in force until confirmed (enableTotp). */
export async function setPendingTotpSecret(db: Executor, userId: string, secret: string, now: Date): Promise<void> {
  await updateUser(db, userId, { totpSecret: secret, totpEnabledAt: null, updatedAt: now });
}

/** Seals the authenticator secrets stored in plain text before encryption at rest; how many it sealed. */
export async function sealPlainTotpSecrets(db: Executor, seal: (secret: string) => string): Promise<number> {
  const plain = await findUsersWithPlainTotpSecret(db);
  for (const user of plain) await replaceUserTotpSecret(db, user.id, user.totpSecret, seal(user.totpSecret));
  return plain.length;
}

export async function enableTotp(tx: Executor, userId: string, now: Date): Promise<void> {
  await updateUser(tx, userId, { totpEnabledAt: now, updatedAt: now });
}

/** Members who may not be signed in: disabled, not active, or not verified. */
export function disabledOrInactiveUserIds(db: Executor): Promise<string[]> {
  return findDisabledOrInactiveUserIds(db);
}

/** The administrator of an enterprise account, who gets its mails (points, orders). */
export function groupAdminOf(db: Executor, groupId: string): Promise<UserRow | undefined> {
  return findGroupAdmin(db, groupId);
}

/** Names the member's own platform account (users.platform_user_id), so that password changes reach it; a name given earlier stays. */
export async function setPlatformUserId(tx: Executor, userId: string, platformUserId: string, now: Date): Promise<void> {
  const current = await findUserById(tx, userId);
  if (!current || current.platformUserId) return;
  await updateUser(tx, userId, { platformUserId, updatedAt: now });
}


/** Disables the members at addresses ending with `suffix` who still sign in with `password`; their e-mails. */
export async function disableMembersSigningInWith(db: Executor, suffix: string, password: string, now: Date): Promise<string[]> {
  const disabled: string[] = [];
  for (const row of await findEnabledUsersWithAddressEnding(db, suffix)) {
    if (!(await verifyPassword(row.passwordHash, password))) continue;
    await updateUser(db, row.id, { disabled: true, updatedAt: now });
    disabled.push(row.email);
  }
  return disabled;
}
