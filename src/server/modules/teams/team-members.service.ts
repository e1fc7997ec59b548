import {
  deputyInput,
  isActiveTeamAuth,
  teamAuth,
  teamInput,
  teamLimits,
  teamMemberInput,
  type ActiveTeamAuth,
  type TeamAction,
  type TeamChange,
  type TeamMemberForm,
  type TeamMembers,
} from '../../../shared/teams';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { pgErrorCode } from '../../db/client';
import { userByEmail, userById, type UserRow } from '../accounts/users.service';
import { queueMails, scheduleDelivery } from '../notifications/outbox.service';
import { closeTeamAccount, openTeamAccount } from '../platform/platform-accounts.service';
import { schedulePlatformDeliveries } from '../platform/platform.service';
import { requireTeamRole, type TeamAccess } from './team-access';
import { teamMail, type TeamMailKind } from './teams.mail';
import { countActiveByAuth, findActiveMembers, findMembership, insertMembership, setMembershipAuth } from './teams.repository';
import { logTeamEvent } from './teams.service';

/** The members of a team (auth 0, 1, 2); any active member may read them. */
export async function teamMembers(deps: Pick<Deps, 'db'>, userId: string, form: { teamId: string }): Promise<TeamMembers> {
  const { teamId } = teamInput.parse(form);
  const { auth } = await requireTeamRole(deps.db, teamId, userId, 'view');
  const rows = await findActiveMembers(deps.db, teamId);
  return {
    members: rows.map((row) => ({ name: row.name, email: row.email, auth: row.auth as ActiveTeamAuth, joinedAt: row.joinedAt })),
    auth,
    limits: { deputies: teamLimits.deputies, members: teamLimits.members },
  };
}

interface Change {
  access: TeamAccess;
  actor: UserRow;
  subject: UserRow;
  auth: number;
  mail: TeamMailKind;
  /** Platform writes the change owes (the member's team account created, opened or closed). */
  platformDeliveryIds?: string[];
}

/**
 * One change of a team's members: the team row locked and the caller's role checked inside the
 * transaction (so a removed admin or deputy can do nothing from the next request on), the change
 * and its log line written, the member's mail and platform writes queued in the same transaction
 * and sent after it.
 */
async function changeMembers(deps: Deps, userId: string, teamId: string, action: TeamAction, work: (tx: Executor, access: TeamAccess, actor: UserRow, now: Date) => Promise<Change>): Promise<TeamChange> {
  let change: Change;
  const mailIds = await deps.db
    .transaction(async (tx) => {
      const now = deps.clock();
      const access = await requireTeamRole(tx, teamId, userId, action, { lock: 'update' });
      const actor = await userById(tx, userId);
      if (!actor) throw new AppError('MissingAuthentication');
      change = await work(tx, access, actor, now);
      const mail = teamMail(deps.config, change.mail, change.subject, access.team, actor);
      return queueMails(tx, [mail], now);
    })
    .catch((error: unknown) => {
      // The partial unique index allows one administrator per team whatever the interleaving.
      if (pgErrorCode(error) === '23505') throw new AppError('ExceedAdministratorLimit');
      throw error;
    });
  await scheduleDelivery(deps, { mailIds, noticeIds: [] });
  await schedulePlatformDeliveries(deps, change!.platformDeliveryIds ?? []);
  deps.log.info({ teamId, action, actor: userId, subject: change!.subject.id, auth: change!.auth }, 'team members changed');
  return { teamId, email: change!.subject.email, auth: change!.auth };
}

async function subjectByEmail(tx: Executor, email: string): Promise<UserRow> {
  const user = await userByEmail(tx, email);
  if (!user) throw new AppError('UserNotFound', { email });
  return user;
}

/** An active member of the team, or UserNotInTeam. */
async function activeSubject(tx: Executor, teamId: string, email: string): Promise<{ user: UserRow; auth: ActiveTeamAuth }> {
  const user = await userByEmail(tx, email);
  const membership = user ? await findMembership(tx, teamId, user.id) : undefined;
  if (!user || !membership || !isActiveTeamAuth(membership.auth)) throw new AppError('UserNotInTeam', { email });
  return { user, auth: membership.auth };
}

/**
 * The administrator or a deputy adds a registered user as a member (auth 2). A kicked or left
 * member comes back as a member, and their platform account for the team is opened again. The team holds at most 100 members with auth 0, 1 or 2; the
 * count is taken under the team's row lock, so concurrent invitations never pass it together.
 */
export async function inviteMember(deps: Deps, userId: string, form: TeamMemberForm): Promise<TeamChange> {
  const { teamId, email } = teamMemberInput.parse(form);
  return changeMembers(deps, userId, teamId, 'invite', async (tx, { team }, actor, now) => {
    const subject = await subjectByEmail(tx, email);
    const membership = await findMembership(tx, team.id, subject.id);
    if (membership && isActiveTeamAuth(membership.auth)) throw new AppError('AlreadyInTeam', { email });
    const counts = await countActiveByAuth(tx, team.id);
    const size = Object.values(counts).reduce((sum, n) => sum + n, 0);
    if (size >= teamLimits.members) throw new AppError('ExceedTeamMemberLimit');
    if (membership) {
      await setMembershipAuth(tx, team.id, subject.id, teamAuth.member, actor.id, now);
      await logTeamEvent(tx, team.id, 'rejoined', actor.id, now, subject.id);
    } else {
      await insertMembership(tx, { teamId: team.id, userId: subject.id, auth: teamAuth.member, createdBy: actor.id, modifiedBy: actor.id, createdAt: now, updatedAt: now });
      await logTeamEvent(tx, team.id, 'invited', actor.id, now, subject.id);
    }
    const platformDeliveryIds = await openTeamAccount(tx, { owner: subject, team, by: actor.id }, now);
    return { access: { team, auth: teamAuth.admin }, actor, subject, auth: teamAuth.member, mail: 'added', platformDeliveryIds };
  });
}

/** The administrator removes a member (auth 9); not themselves. Their platform account for the team is closed. */
export async function kickMember(deps: Deps, userId: string, form: TeamMemberForm): Promise<TeamChange> {
  const { teamId, email } = teamMemberInput.parse(form);
  return changeMembers(deps, userId, teamId, 'kick', async (tx, access, actor, now) => {
    const { user: subject } = await activeSubject(tx, teamId, email);
    if (subject.id === actor.id) throw new AppError('OperationError', { reason: 'cannotKickSelf' });
    await setMembershipAuth(tx, teamId, subject.id, teamAuth.kicked, actor.id, now);
    await logTeamEvent(tx, teamId, 'kicked', actor.id, now, subject.id);
    const platformDeliveryIds = await closeTeamAccount(tx, { userId: subject.id, teamId, by: actor.id }, now);
    return { access, actor, subject, auth: teamAuth.kicked, mail: 'kicked', platformDeliveryIds };
  });
}

/** The administrator names a member deputy (at most 3) or makes a deputy a member again; not themselves. */
export async function setDeputy(deps: Deps, userId: string, form: TeamMemberForm & { deputy: boolean }): Promise<TeamChange> {
  const { teamId, email, deputy } = deputyInput.parse(form);
  return changeMembers(deps, userId, teamId, 'assignDeputy', async (tx, access, actor, now) => {
    const { user: subject, auth } = await activeSubject(tx, teamId, email);
    if (subject.id === actor.id) throw new AppError('OperationError', { reason: 'cannotAssignSelfAsDeputy' });
    const target = deputy ? teamAuth.deputy : teamAuth.member;
    if (auth === target) return { access, actor, subject, auth, mail: deputy ? 'deputyNamed' : 'deputyRemoved' };
    if (deputy && ((await countActiveByAuth(tx, teamId))[teamAuth.deputy] ?? 0) >= teamLimits.deputies) throw new AppError('ExceedDeputyAdministratorLimit');
    await setMembershipAuth(tx, teamId, subject.id, target, actor.id, now);
    await logTeamEvent(tx, teamId, deputy ? 'deputyNamed' : 'deputyRemoved', actor.id, now, subject.id);
    return { access, actor, subject, auth: target, mail: deputy ? 'deputyNamed' : 'deputyRemoved' };
  });
}

/** A deputy or member leaves the team (auth 10), which closes their platform account for it; the administrator cannot (hand the role over first). */
export async function leaveTeam(deps: Deps, userId: string, form: { teamId: string }): Promise<TeamChange> {
  const { teamId } = teamInput.parse(form);
  return changeMembers(deps, userId, teamId, 'view', async (tx, access, actor, now) => {
    if (access.auth === teamAuth.admin) throw new AppError('OperationError', { reason: 'adminCannotLeave' });
    await setMembershipAuth(tx, teamId, actor.id, teamAuth.left, actor.id, now);
    await logTeamEvent(tx, teamId, 'left', actor.id, now, actor.id);
    const platformDeliveryIds = await closeTeamAccount(tx, { userId: actor.id, teamId, by: actor.id }, now);
    return { access, actor, subject: actor, auth: teamAuth.left, mail: 'left', platformDeliveryIds };
  });
}

/**
 * The administrator hands the role to another active member. The former administrator steps down
 * first (to deputy when a deputy place is free, else member), then the new one steps up, so the
 * team never has two administrators, not even inside the transaction.
 */
export async function handOverAdmin(deps: Deps, userId: string, form: TeamMemberForm): Promise<TeamChange> {
  const { teamId, email } = teamMemberInput.parse(form);
  return changeMembers(deps, userId, teamId, 'handOver', async (tx, access, actor, now) => {
    const { user: subject, auth } = await activeSubject(tx, teamId, email);
    if (subject.id === actor.id) throw new AppError('OperationError', { reason: 'cannotHandOverToSelf' });
    const deputies = ((await countActiveByAuth(tx, teamId))[teamAuth.deputy] ?? 0) - (auth === teamAuth.deputy ? 1 : 0);
    await setMembershipAuth(tx, teamId, actor.id, deputies < teamLimits.deputies ? teamAuth.deputy : teamAuth.member, actor.id, now);
    await setMembershipAuth(tx, teamId, subject.id, teamAuth.admin, actor.id, now);
    await logTeamEvent(tx, teamId, 'adminHandedOver', actor.id, now, subject.id);
    return { access, actor, subject, auth: teamAuth.admin, mail: 'adminHandedOver' };
  });
}
