import { randomInt } from 'node:crypto';
import { groupStatus } from '../../../shared/accounts';
import {
  createTeamInput,
  teamAuth,
  teamInput,
  updateTeamInput,
  type ActiveTeamAuth,
  type CreateTeamForm,
  type MyTeams,
  type TeamAction,
  type TeamDetail,
  type TeamEvent,
  type TeamEventKind,
  type UpdateTeamForm,
} from '../../../shared/teams';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { groupById, lockUser, userById } from '../accounts/users.service';
import { openTeamAccount } from '../platform/platform-accounts.service';
import { schedulePlatformDeliveries } from '../platform/platform.service';
import { requireTeamRole, type TeamAccess } from './team-access';
import {
  countActiveMembers,
  countAdministeredTeams,
  findActiveMembers,
  findAllTeams,
  findTeam,
  findTeamEvents,
  findTeamsOfUser,
  insertMembership,
  insertTeam,
  insertTeamEvent,
  teamIdExists,
  updateTeam,
  type TeamRow,
} from './teams.repository';

const TEAM_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** 'T' plus 14 random uppercase letters or digits (spec section 3). */
export function newTeamId(): string {
  return `T${Array.from({ length: 14 }, () => TEAM_ID_ALPHABET[randomInt(TEAM_ID_ALPHABET.length)]).join('')}`;
}

async function uniqueTeamId(db: Executor): Promise<string> {
  for (;;) {
    const id = newTeamId();
    if (!(await teamIdExists(db, id))) return id;
  }
}

/**
 * For other modules (points transfers to a team, the platform opening a team space): the caller's
 * role in the team, checked from the database, inside the caller's transaction.
 */
export function teamRoleOf(tx: Executor, teamId: string, userId: string, action: TeamAction, options: { lock?: 'update' | 'share' } = {}): Promise<TeamAccess> {
  return requireTeamRole(tx, teamId, userId, action, options);
}

/** A team by id, for other modules; undefined when there is none. */
export function teamById(db: Executor, teamId: string): Promise<TeamRow | undefined> {
  return findTeam(db, teamId);
}

export function logTeamEvent(tx: Executor, teamId: string, kind: TeamEventKind, actorId: string, at: Date, subjectId?: string) {
  return insertTeamEvent(tx, { teamId, kind, actorId, subjectId: subjectId ?? null, createdAt: at });
}

/** The member's teams, and whether the create-team entry shows (spec section 2). */
export async function myTeams(deps: Pick<Deps, 'db'>, userId: string): Promise<MyTeams> {
  const user = await userById(deps.db, userId);
  if (!user) throw new AppError('MissingAuthentication');
  const group = await groupById(deps.db, user.groupId);
  const rows = await findTeamsOfUser(deps.db, userId);
  const owned = rows.filter((row) => row.auth === teamAuth.admin).length;
  const groupPaid = group?.status === groupStatus.paid;
  return {
    teams: rows.map((row) => ({ id: row.id, name: row.name, description: row.description, auth: row.auth as ActiveTeamAuth, memberCount: row.memberCount })),
    owned,
    limit: user.createTeamLimit,
    groupPaid,
    mayCreate: groupPaid && owned < user.createTeamLimit,
  };
}

/**
 * Creates a team with the caller as its administrator (auth 0). Only a member of a paid group may
 * (Unauthorized 'groupNotPaid'), and only while they administer fewer teams than their
 * create_team_limit (ExceedTeamCreateLimit). The user row is locked first, so two requests at
 * once cannot both pass the count. The team gets its platform space: the administrator's account in
 * it is created through the outbox.
 */
export async function createTeam(deps: Deps, userId: string, form: CreateTeamForm): Promise<TeamDetail> {
  const input = createTeamInput.parse(form);
  const { teamId, deliveryIds } = await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const user = await lockUser(tx, userId);
    if (!user) throw new AppError('MissingAuthentication');
    const group = await groupById(tx, user.groupId);
    if (group?.status !== groupStatus.paid) throw new AppError('Unauthorized', { action: 'createTeam', reason: 'groupNotPaid' });
    if ((await countAdministeredTeams(tx, userId)) >= user.createTeamLimit) throw new AppError('ExceedTeamCreateLimit', { limit: user.createTeamLimit });
    const team = await insertTeam(tx, {
      id: await uniqueTeamId(tx),
      name: input.name,
      description: input.description,
      groupId: group.id,
      domainKey: group.domainKey,
      createdBy: userId,
      modifiedBy: userId,
      createdAt: now,
      updatedAt: now,
    });
    await insertMembership(tx, { teamId: team.id, userId, auth: teamAuth.admin, createdBy: userId, modifiedBy: userId, createdAt: now, updatedAt: now });
    await logTeamEvent(tx, team.id, 'created', userId, now, userId);
    const ids = await openTeamAccount(tx, { owner: user, team, by: userId }, now);
    return { teamId: team.id, deliveryIds: ids };
  });
  await schedulePlatformDeliveries(deps, deliveryIds);
  deps.log.info({ teamId, userId }, 'team created');
  return teamDetail(deps, userId, { teamId });
}

export async function teamDetail(deps: Pick<Deps, 'db'>, userId: string, form: { teamId: string }): Promise<TeamDetail> {
  const { teamId } = teamInput.parse(form);
  const { team, auth } = await requireTeamRole(deps.db, teamId, userId, 'view');
  const members = await findActiveMembers(deps.db, team.id);
  const admin = members.find((member) => member.auth === teamAuth.admin);
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    auth,
    memberCount: await countActiveMembers(deps.db, team.id),
    admin: admin ? { name: admin.name, email: admin.email } : null,
    createdAt: team.createdAt,
    updatedAt: team.updatedAt,
  };
}

/** The administrator edits the team's name and description (/group-info). */
export async function editTeam(deps: Deps, userId: string, form: UpdateTeamForm): Promise<TeamDetail> {
  const input = updateTeamInput.parse(form);
  await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const { team } = await requireTeamRole(tx, input.teamId, userId, 'edit', { lock: 'update' });
    await updateTeam(tx, team.id, { name: input.name, description: input.description, modifiedBy: userId, updatedAt: now });
    await logTeamEvent(tx, team.id, 'edited', userId, now);
  });
  return teamDetail(deps, userId, { teamId: input.teamId });
}

/** The team's log, newest first; any active member may read it. */
export async function teamEvents(deps: Pick<Deps, 'db'>, userId: string, form: { teamId: string }): Promise<TeamEvent[]> {
  const { teamId } = teamInput.parse(form);
  await requireTeamRole(deps.db, teamId, userId, 'view');
  const rows = await findTeamEvents(deps.db, teamId, 100);
  return rows.map((row) => ({ kind: row.kind as TeamEventKind, actor: row.actor, subject: row.subject, at: row.at }));
}

/** Every team (the CLI), optionally of one enterprise account. */
export function allTeams(db: Executor, groupId?: string) {
  return findAllTeams(db, groupId);
}

/** One team as staff see it from the CLI: no role check, TeamNotFound when there is none. */
export async function teamForStaff(db: Executor, teamId: string) {
  const team = await findTeam(db, teamId.trim().toUpperCase());
  if (!team) throw new AppError('TeamNotFound');
  const members = await findActiveMembers(db, team.id);
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    groupId: team.groupId,
    domainKey: team.domainKey,
    admin: members.find((member) => member.auth === teamAuth.admin)?.email ?? null,
    deputies: members.filter((member) => member.auth === teamAuth.deputy).map((member) => member.email),
    memberCount: members.length,
    createdAt: team.createdAt,
    updatedAt: team.updatedAt,
    members: members.map((member) => ({ email: member.email, name: member.name, auth: member.auth, since: member.joinedAt })),
  };
}
