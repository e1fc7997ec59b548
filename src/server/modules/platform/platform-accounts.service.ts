import { randomBytes } from 'node:crypto';
import { trialDomainFor } from '../../../shared/account-admin';
import { platformSpace, platformWriteCall, type PlatformSpace } from '../../../shared/platform';
import type { Executor } from '../../db/client';
import { insertPlatformAccountIfMissing, setPlatformAccountClosed } from './platform.repository';
import { enqueuePlatformDelivery, requirePlatformDomain } from './platform.service';

/**
 * The members' accounts on the platform, one per space (table platform_accounts): their own, the
 * trial platform's, and one per team. Creating one and opening or closing a team's account are
 * platform writes, so they go through the outbox in the caller's transaction; the caller hands the
 * returned delivery ids to `schedulePlatformDeliveries` after the commit.
 */
export interface AccountOwner {
  id: string;
  name: string;
  platformUserId: string | null;
}

/** The platform user_id of a member in a space: stable, so every later call names the same account. */
export function platformAccountId(space: PlatformSpace, owner: Pick<AccountOwner, 'id' | 'platformUserId'>, teamId?: string): string {
  switch (space) {
    case platformSpace.individual:
      return owner.platformUserId ?? owner.id;
    case platformSpace.trial:
      return `trial-${owner.id}`;
    case platformSpace.team:
      return `${teamId}-${owner.id}`;
  }
}

export interface AccountRequest {
  space: PlatformSpace;
  owner: AccountOwner;
  teamId?: string;
  /** The group the account belongs to on the platform: the enterprise account's id, or the team's. */
  platformGroupId: string;
  /** The enterprise account (the team's, for a team account): the account is created before its later points calls reach the platform. */
  groupId: string;
  domainKey: string | null;
  createdBy: string;
  /** user/create's trial_point_type: the project type of the trial points the account is made for (trial approval). */
  trialPointType?: number | null;
}

/**
 * Records the member's account in the space and owes the platform its user/create, the first
 * time only. The member signs in through signed links, so the account gets a random password
 * nobody knows (a password change of the member's individual account replaces it).
 */
export async function ensurePlatformAccount(tx: Executor, request: AccountRequest, now: Date): Promise<{ accountId: string; created: boolean; deliveryIds: string[] }> {
  requirePlatformDomain(request.domainKey);
  const accountId = platformAccountId(request.space, request.owner, request.teamId);
  const inserted = await insertPlatformAccountIfMissing(tx, {
    accountId,
    userId: request.owner.id,
    space: request.space,
    teamId: request.teamId ?? null,
    domainKey: request.domainKey,
    createdAt: now,
    updatedAt: now,
  });
  if (!inserted) return { accountId, created: false, deliveryIds: [] };
  const delivery = await enqueuePlatformDelivery(
    tx,
    {
      call: platformWriteCall.createUser,
      domainKey: request.domainKey,
      groupId: request.groupId,
      input: {
        groupId: request.platformGroupId,
        createBy: request.createdBy,
        userId: accountId,
        userName: request.owner.name,
        password: randomBytes(24).toString('base64url'),
        isTeam: request.space === platformSpace.team,
        trialPointType: request.trialPointType ?? null,
      },
    },
    now,
  );
  return { accountId, created: true, deliveryIds: [delivery.id] };
}

/**
 * The trial space (spec section 4 'Trial platform'), one rule for granting trial points and for
 * opening '(trial)': the member's trial account `trial-<user id>` in their enterprise account, on
 * the platform of the account's domain_key (spec section 7: every call of an account goes to its
 * domain; its points are there and the portal's ledger counts them there), or on the public trial
 * platform when the account has none yet (trial approval then saves that domain on it). So the
 * trial points are granted to exactly the account and platform the trial space signs the member
 * into. Records the account and owes its user/create the first time; the caller schedules the
 * returned deliveries after the commit.
 */
export async function ensureTrialAccount(
  tx: Executor,
  request: { owner: AccountOwner; group: { id: string; domainKey: string | null }; createdBy: string; trialPointType: number | null },
  now: Date,
): Promise<{ accountId: string; domainKey: string; created: boolean; deliveryIds: string[] }> {
  const domainKey = trialDomainFor(request.group.domainKey);
  const ensured = await ensurePlatformAccount(
    tx,
    {
      space: platformSpace.trial,
      owner: request.owner,
      platformGroupId: request.group.id,
      groupId: request.group.id,
      domainKey,
      createdBy: request.createdBy,
      trialPointType: request.trialPointType,
    },
    now,
  );
  return { ...ensured, domainKey };
}

async function setTeamAccountClosed(tx: Executor, accountId: string, closed: boolean, by: string, now: Date): Promise<string[]> {
  const changed = await setPlatformAccountClosed(tx, accountId, closed, now);
  if (!changed) return [];
  const delivery = await enqueuePlatformDelivery(
    tx,
    { call: platformWriteCall.updateUser, domainKey: changed.domainKey, input: { userId: accountId, modifyBy: by, modifyTime: now, isClose: closed } },
    now,
  );
  return [delivery.id];
}

/**
 * A member joins or rejoins a team: their account for the team is created, or opened again
 * (user/update is_close 0). A team without a platform domain has no platform space yet: nothing
 * to do until it gets one (the account is then made when the member opens the platform).
 */
export async function openTeamAccount(tx: Executor, request: { owner: AccountOwner; team: { id: string; groupId: string; domainKey: string | null }; by: string }, now: Date): Promise<string[]> {
  const { team } = request;
  if (team.domainKey === null) return [];
  const ensured = await ensurePlatformAccount(
    tx,
    { space: platformSpace.team, owner: request.owner, teamId: team.id, platformGroupId: team.id, groupId: team.groupId, domainKey: team.domainKey, createdBy: request.by },
    now,
  );
  if (ensured.created) return ensured.deliveryIds;
  return setTeamAccountClosed(tx, ensured.accountId, false, request.by, now);
}

/** A member left or was kicked: their account for the team is closed (user/update is_close 1). */
export function closeTeamAccount(tx: Executor, request: { userId: string; teamId: string; by: string }, now: Date): Promise<string[]> {
  return setTeamAccountClosed(tx, platformAccountId(platformSpace.team, { id: request.userId, platformUserId: null }, request.teamId), true, request.by, now);
}
