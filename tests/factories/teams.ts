import { eq } from 'drizzle-orm';
import type { Executor } from '../../src/server/db/client';
import { groups } from '../../src/server/db/schema';
import { groupStatus } from '../../src/shared/accounts';
import { platformDomainKey } from '../../src/shared/platform';
import { teamAuth, type TeamAuth } from '../../src/shared/teams';
import { insertMembership, insertTeam } from '../../src/server/modules/teams/teams.repository';
import { newTeamId } from '../../src/server/modules/teams/teams.service';
import { makeMember, type MemberOptions } from './members';

/** A member whose enterprise account is paid (group status 1), so they may create a team. */
export async function makePaidMember(db: Executor, options: MemberOptions = {}) {
  const member = await makeMember(db, options);
  await db.update(groups).set({ status: groupStatus.paid, domainKey: platformDomainKey.cloudA }).where(eq(groups.id, member.groupId));
  return member;
}

/** A team administered by a new paid member, with members of the given roles added straight to the table. */
export async function makeTeam(db: Executor, roles: TeamAuth[] = []) {
  const admin = await makePaidMember(db);
  const team = await insertTeam(db, { id: newTeamId(), name: '外觀檢測小組', description: '', groupId: admin.groupId, domainKey: platformDomainKey.cloudA, createdBy: admin.id, modifiedBy: admin.id });
  await insertMembership(db, { teamId: team.id, userId: admin.id, auth: teamAuth.admin, createdBy: admin.id, modifiedBy: admin.id });
  const members = [];
  for (const auth of roles) {
    const member = await makeMember(db);
    await insertMembership(db, { teamId: team.id, userId: member.id, auth, createdBy: admin.id, modifiedBy: admin.id });
    members.push(member);
  }
  return { team, admin, members };
}
