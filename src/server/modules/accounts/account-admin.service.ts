import { accountSearchInput, enableTrialInput, groupIdInput, userIdInput, type AccountSearch, type EnableTrialForm, type GroupDetail, type GroupPage } from '../../../shared/account-admin';
import { groupStatus, userStatus } from '../../../shared/accounts';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { groupOrders } from '../orders/order-queries.service';
import { schedulePlatformDeliveries } from '../platform/platform.service';
import { platformUsage, readBalance } from '../points/balance.service';
import { endSessionsOfUser } from '../sessions/sessions.service';
import { allTeams } from '../teams/teams.service';
import { groupWithAdmin, lockGroup, searchGroups, searchUsers, usersOfGroup } from './account-admin.repository';
import { findGroupAdmin, findUserByEmail, lockUserById, updateGroup, updateUser, type GroupRow } from './accounts.repository';
import { queuePlatformUser } from './platform-account.service';

/** Staff work on accounts (permission activate_account, issue 12 part 4); every change audited in its transaction. */

export async function searchAccounts(deps: Pick<Deps, 'db'>, form: { query: string }): Promise<AccountSearch> {
  const { query } = accountSearchInput.parse(form);
  const [groups, users] = await Promise.all([searchGroups(deps.db, query), searchUsers(deps.db, query)]);
  return { groups, users };
}

function groupDetail(group: GroupRow, adminEmail: string | null): GroupDetail {
  return {
    id: group.id,
    companyName: group.companyName,
    status: group.status,
    adminEmail,
    memberClass: group.memberClass,
    taxId: group.taxId,
    domainKey: group.domainKey,
    isAgent: group.isAgent,
    agentId: group.agentId,
    refAgentId: group.refAgentId,
    defaultProjectType: group.defaultProjectType,
    classEffectiveFrom: group.classEffectiveFrom,
    classExpireDate: group.classExpireDate,
    classAccConsumption: group.classAccConsumption,
    createdAt: group.createdAt,
  };
}

/** One group on one page: its fields, users, teams, latest orders and point balances (the platform's usage read as a balance page reads it). */
export async function groupPage(deps: Deps, form: { groupId: string }): Promise<GroupPage> {
  const { groupId } = groupIdInput.parse(form);
  const found = await groupWithAdmin(deps.db, groupId);
  if (!found) throw new AppError('NotFound');
  const [users, teams, orders, balance] = await Promise.all([usersOfGroup(deps.db, groupId), allTeams(deps.db, groupId), groupOrders(deps, groupId, 20), readBalance(deps, { groupId }, platformUsage(deps))]);
  return {
    group: groupDetail(found.group, found.adminEmail),
    users,
    teams: teams.map((team) => ({ id: team.id, name: team.name, admin: team.admin, memberCount: Number(team.memberCount), createdAt: team.createdAt })),
    orders,
    balance,
  };
}

/** A group id from the CLI's `<group-id|admin-email>`. */
export async function groupIdFrom(deps: Pick<Deps, 'db'>, reference: string): Promise<string> {
  const value = reference.trim();
  if (!value.includes('@')) return value.toUpperCase();
  const user = await findUserByEmail(deps.db, value.toLowerCase());
  if (!user) throw new AppError('UserNotFound', { email: value });
  return user.groupId;
}

export function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  result.setUTCMonth(result.getUTCMonth() + months);
  return result;
}

/**
 * Enables a group as trial (spec section 4, group 0 → 2): domain, agent flag, default project type,
 * class normal from now for 12 months, zero accumulated consumption; the administrator becomes active
 * (status 1) and their platform user is created through the platform outbox in the same transaction.
 *
 * A group credited before (bonus, a paid order, trial points) has its platform account on a domain
 * already, where its points were delivered: it keeps that domain, since the portal sends everything to
 * the group's one domain and points left on another would vanish from its balance. So it is enabled on
 * that domain only (another is refused, naming it), and an administrator who already has their platform
 * user there gets no second user/create.
 */
export async function enableTrial(deps: Deps, actor: StaffActor, form: EnableTrialForm): Promise<GroupDetail> {
  const input = enableTrialInput.parse(form);
  const now = deps.clock();
  const { detail, deliveryIds } = await deps.db.transaction(async (tx) => {
    const before = await lockGroup(tx, input.groupId);
    if (!before) throw new AppError('NotFound');
    if (before.status !== groupStatus.notActivated) throw new AppError('OperationError', { reason: 'groupNotAwaitingTrial' });
    if (before.domainKey && before.domainKey !== input.domainKey) throw new AppError('OperationError', { reason: 'groupDomainFixed', domainKey: before.domainKey });
    const admin = await findGroupAdmin(tx, before.id);
    if (!admin) throw new AppError('GroupAdminNotFound');
    await lockUserById(tx, admin.id);
    const after = (await updateGroup(tx, before.id, {
      status: groupStatus.trial,
      domainKey: input.domainKey,
      isAgent: input.isAgent,
      defaultProjectType: input.defaultProjectType,
      memberClass: 'normal',
      classEffectiveFrom: now,
      classExpireDate: addMonths(now, 12),
      classAccConsumption: 0,
      classLastModifiedAt: now,
      updatedAt: now,
    }))!;
    const platformUserId = admin.platformUserId ?? admin.email;
    await updateUser(tx, admin.id, { status: userStatus.active, platformUserId, updatedAt: now });
    // A platform user id is only ever given with a user/create on the group's domain, which stays.
    const hasPlatformUser = before.domainKey !== null && admin.platformUserId !== null;
    const deliveryIds: string[] = [];
    if (!hasPlatformUser) deliveryIds.push((await queuePlatformUser(tx, { groupId: after.id, platformUserId, userName: admin.name, by: actor.staffEmail, domainKey: input.domainKey, trialPointType: null, now })).id);
    const pick = (group: GroupRow) => ({ status: group.status, domainKey: group.domainKey, isAgent: group.isAgent, defaultProjectType: group.defaultProjectType, memberClass: group.memberClass, classExpireDate: group.classExpireDate });
    await recordStaffAction(tx, { ...actor, action: 'group.enableTrial', target: `group:${after.id}`, before: pick(before), after: { ...pick(after), adminStatus: userStatus.active, platformUserId } });
    return { detail: groupDetail(after, admin.email), deliveryIds };
  });
  await schedulePlatformDeliveries(deps, deliveryIds);
  return detail;
}

/** Disables a member (refused at sign-in, signed out at once: every session ends in the same transaction) or enables them again. */
export async function setUserDisabled(deps: Pick<Deps, 'db' | 'clock'>, actor: StaffActor, form: { userId: string }, disabled: boolean) {
  const { userId } = userIdInput.parse(form);
  return deps.db.transaction(async (tx) => {
    const before = await lockUserById(tx, userId);
    if (!before) throw new AppError('UserNotFound', {});
    const after = (await updateUser(tx, userId, { disabled, updatedAt: deps.clock() }))!;
    if (disabled) await endSessionsOfUser(tx, userId);
    if (before.disabled !== disabled) {
      await recordStaffAction(tx, { ...actor, action: disabled ? 'user.disable' : 'user.enable', target: `user:${after.email}`, before: { disabled: before.disabled }, after: { disabled } });
    }
    return { userId: after.id, email: after.email, status: after.status, disabled: after.disabled };
  });
}

/** The CLI's `users disable|enable <email>`. */
export async function setUserDisabledByEmail(deps: Pick<Deps, 'db' | 'clock'>, actor: StaffActor, email: string, disabled: boolean) {
  const user = await findUserByEmail(deps.db, email.trim().toLowerCase());
  if (!user) throw new AppError('UserNotFound', { email });
  return setUserDisabled(deps, actor, { userId: user.id }, disabled);
}
