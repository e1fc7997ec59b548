import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamEvents, teamMembers, teams, users } from '../../../src/server/db/schema';
import type { Actor } from '../../../src/server/trpc/context';
import { teamAuth } from '../../../src/shared/teams';
import { platformDomainKey } from '../../../src/shared/platform';
import { teamById, teamRoleOf } from '../../../src/server/modules/teams/teams.service';
import { makeMember } from '../../factories/members';
import { makePaidMember, makeTeam } from '../../factories/teams';
import { failure } from '../../fixtures/errors';
import { mailsTo } from '../../fixtures/mails';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(async () => {
  await services?.close();
});

const as = (user: { id: string }) => callerFor(services.deps, { kind: 'member', userId: user.id } satisfies Actor);
const db = () => services.deps.db;

async function authOf(teamId: string, userId: string) {
  const [row] = await db()
    .select({ auth: teamMembers.auth })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row?.auth;
}

describe('creating a team', () => {
  it('makes the creator its administrator, with an id of T and 14 capitals or digits, and logs it', async () => {
    const owner = await makePaidMember(db());
    const team = await as(owner).teams.create({ name: '外觀檢測小組', description: '沖壓件表面瑕疵' });
    expect(team.id).toMatch(/^T[A-Z0-9]{14}$/);
    expect(team).toMatchObject({ name: '外觀檢測小組', description: '沖壓件表面瑕疵', auth: teamAuth.admin, memberCount: 1, admin: { email: owner.email } });
    const mine = await as(owner).teams.mine();
    expect(mine).toMatchObject({ owned: 1, limit: 1, groupPaid: true, mayCreate: false });
    expect(mine.teams.map((t) => t.id)).toEqual([team.id]);
    expect(await as(owner).teams.events({ teamId: team.id })).toMatchObject([{ kind: 'created', actor: owner.email }]);
  });

  it('allows a missing description', async () => {
    const owner = await makePaidMember(db());
    await expect(as(owner).teams.create({ name: 'Line 3' })).resolves.toMatchObject({ description: '' });
  });

  it('refuses a second team over create_team_limit with the limit, and allows it once the limit is raised', async () => {
    const owner = await makePaidMember(db());
    await as(owner).teams.create({ name: 'first' });
    expect(await failure(as(owner).teams.create({ name: 'second' }))).toMatchObject({ trpcCode: 'FORBIDDEN', code: 'ExceedTeamCreateLimit', params: { limit: 1 } });
    await db().update(users).set({ createTeamLimit: 2 }).where(eq(users.id, owner.id));
    await expect(as(owner).teams.create({ name: 'second' })).resolves.toMatchObject({ name: 'second' });
    expect((await as(owner).teams.mine()).owned).toBe(2);
  });

  it('refuses a member of an account that is not paid: a non-paid account cannot add a team', async () => {
    const member = await makeMember(db());
    expect(await failure(as(member).teams.create({ name: 'line 1' }))).toMatchObject({ code: 'Unauthorized', params: { reason: 'groupNotPaid' } });
    expect(await as(member).teams.mine()).toMatchObject({ teams: [], groupPaid: false, mayCreate: false });
  });

  it('refuses two creations at once past the limit: exactly one of ten succeeds', async () => {
    const owner = await makePaidMember(db());
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => as(owner).teams.create({ name: `race ${i}` })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await db().select({ id: teams.id }).from(teams).where(eq(teams.createdBy, owner.id))).toHaveLength(1);
    expect((await as(owner).teams.mine()).owned).toBe(1);
  });

  it.each([
    ['an empty name', { name: '  ' }, { name: ['validation.required'] }],
    ['a name of 21 wide characters (42 > 40)', { name: '檢'.repeat(21) }, { name: ['validation.tooLong.40'] }],
    ['a description over 200', { name: 'ok', description: 'x'.repeat(201) }, { description: ['validation.tooLong.200'] }],
    ['a number for a name', { name: 42 as unknown as string }, { name: ['validation.required'] }],
  ])('refuses %s and stores nothing', async (_case, form, fieldErrors) => {
    const owner = await makePaidMember(db());
    expect(await failure(as(owner).teams.create(form))).toMatchObject({ trpcCode: 'BAD_REQUEST', code: 'InvalidInput', fieldErrors });
    expect((await as(owner).teams.mine()).teams).toEqual([]);
  });

  it('accepts 20 wide characters (40) as a name', async () => {
    const owner = await makePaidMember(db());
    await expect(as(owner).teams.create({ name: '檢'.repeat(20) })).resolves.toMatchObject({ name: '檢'.repeat(20) });
  });
});

describe('editing a team', () => {
  it('lets the administrator rename it, and refuses a deputy', async () => {
    const { team, admin, members } = await makeTeam(db(), [teamAuth.deputy]);
    await expect(as(admin).teams.edit({ teamId: team.id, name: 'AOI 組', description: '新描述' })).resolves.toMatchObject({ name: 'AOI 組', description: '新描述' });
    expect(await failure(as(members[0]!).teams.edit({ teamId: team.id, name: 'x' }))).toMatchObject({ code: 'Unauthorized', params: { action: 'edit', reason: 'teamRole' } });
    expect((await as(admin).teams.detail({ teamId: team.id })).name).toBe('AOI 組');
  });
});

describe('inviting', () => {
  it('adds a registered user as a member, mails them in their language and logs who did it', async () => {
    const { team, admin } = await makeTeam(db());
    const invitee = await makeMember(db(), { language: 'en' });
    await expect(as(admin).teams.invite({ teamId: team.id, email: invitee.email.toUpperCase() })).resolves.toEqual({ teamId: team.id, email: invitee.email, auth: teamAuth.member });
    const list = await as(admin).teams.members({ teamId: team.id });
    expect(list.members.map((m) => [m.email, m.auth])).toEqual([
      [admin.email, 0],
      [invitee.email, 2],
    ]);
    const [mail] = await mailsTo(db(), invitee.email, 'team.added');
    expect(mail!.subject).toBe('[Inspectra] You joined the team "外觀檢測小組"');
    expect(mail!.body).toContain(`/management-center/team-members?team=${team.id}`);
    const events = await as(invitee).teams.events({ teamId: team.id });
    expect(events[0]).toMatchObject({ kind: 'invited', actor: admin.email, subject: invitee.email });
    expect((await as(invitee).teams.mine()).teams).toMatchObject([{ id: team.id, auth: 2, memberCount: 2 }]);
  });

  it('lets a deputy invite, but not a member', async () => {
    const { team, members } = await makeTeam(db(), [teamAuth.deputy, teamAuth.member]);
    const [deputy, member] = members;
    const first = await makeMember(db());
    await expect(as(deputy!).teams.invite({ teamId: team.id, email: first.email })).resolves.toMatchObject({ auth: 2 });
    const second = await makeMember(db());
    expect(await failure(as(member!).teams.invite({ teamId: team.id, email: second.email }))).toMatchObject({ code: 'Unauthorized', params: { action: 'invite', reason: 'teamRole' } });
    expect(await authOf(team.id, second.id)).toBeUndefined();
  });

  it('refuses an unknown e-mail, a current member and an unknown team with the catalogue errors', async () => {
    const { team, admin, members } = await makeTeam(db(), [teamAuth.member]);
    expect(await failure(as(admin).teams.invite({ teamId: team.id, email: 'nobody@hsinchu-optics.example' }))).toMatchObject({ trpcCode: 'NOT_FOUND', code: 'UserNotFound', params: { email: 'nobody@hsinchu-optics.example' } });
    expect(await failure(as(admin).teams.invite({ teamId: team.id, email: members[0]!.email }))).toMatchObject({ trpcCode: 'CONFLICT', code: 'AlreadyInTeam', params: { email: members[0]!.email } });
    expect(await failure(as(admin).teams.invite({ teamId: team.id, email: admin.email }))).toMatchObject({ code: 'AlreadyInTeam' });
    expect(await failure(as(admin).teams.invite({ teamId: 'TAAAAAAAAAAAAAA', email: members[0]!.email }))).toMatchObject({ code: 'TeamNotFound' });
  });

  it.each([
    ['a malformed e-mail', { email: 'not-an-email' }, { email: ['validation.email'] }],
    ['a malformed team id', { teamId: 'team-1' }, { teamId: ['validation.invalid'] }],
  ])('refuses %s as bad input', async (_case, change, fieldErrors) => {
    const { team, admin } = await makeTeam(db());
    expect(await failure(as(admin).teams.invite({ teamId: team.id, email: 'x@y.example', ...change }))).toMatchObject({ code: 'InvalidInput', fieldErrors });
  });

  it('brings a kicked or left member back as a member (2)', async () => {
    const { team, admin, members } = await makeTeam(db(), [teamAuth.kicked, teamAuth.left]);
    for (const former of members) {
      await expect(as(admin).teams.invite({ teamId: team.id, email: former.email })).resolves.toMatchObject({ auth: teamAuth.member });
      expect(await authOf(team.id, former.id)).toBe(teamAuth.member);
    }
    expect((await as(admin).teams.events({ teamId: team.id })).map((e) => e.kind)).toEqual(['rejoined', 'rejoined']);
  });

  it('refuses the 101st member, and kicked or left members do not count', async () => {
    const { team, admin } = await makeTeam(db(), [...Array.from({ length: 98 }, () => teamAuth.member), teamAuth.kicked, teamAuth.left]);
    const hundredth = await makeMember(db());
    await expect(as(admin).teams.invite({ teamId: team.id, email: hundredth.email })).resolves.toMatchObject({ auth: 2 });
    const extra = await makeMember(db());
    expect(await failure(as(admin).teams.invite({ teamId: team.id, email: extra.email }))).toMatchObject({ trpcCode: 'CONFLICT', code: 'ExceedTeamMemberLimit' });
    expect((await as(admin).teams.members({ teamId: team.id })).members).toHaveLength(100);
  });

  it('lets exactly one of 10 concurrent invitations take the last place', async () => {
    const { team, admin } = await makeTeam(db(), Array.from({ length: 98 }, () => teamAuth.member));
    const candidates = await Promise.all(Array.from({ length: 10 }, () => makeMember(db())));
    const results = await Promise.allSettled(candidates.map((candidate) => as(admin).teams.invite({ teamId: team.id, email: candidate.email })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    for (const r of refused) expect(await failure(Promise.reject(r.reason))).toMatchObject({ code: 'ExceedTeamMemberLimit' });
    expect((await as(admin).teams.members({ teamId: team.id })).members).toHaveLength(100);
  });
});

describe('kicking, deputies, leaving and handing over', () => {
  it('kick: the administrator removes a member (9), who is mailed and loses access at the next request', async () => {
    const { team, admin, members } = await makeTeam(db(), [teamAuth.member]);
    const member = members[0]!;
    await expect(as(admin).teams.kick({ teamId: team.id, email: member.email })).resolves.toMatchObject({ auth: teamAuth.kicked });
    expect(await mailsTo(db(), member.email, 'team.kicked')).toHaveLength(1);
    expect(await failure(as(member).teams.members({ teamId: team.id }))).toMatchObject({ code: 'Unauthorized', params: { reason: 'notTeamMember' } });
    expect((await as(member).teams.mine()).teams).toEqual([]);
    expect(await failure(as(admin).teams.kick({ teamId: team.id, email: member.email }))).toMatchObject({ code: 'UserNotInTeam', params: { email: member.email } });
  });

  it('kick: not oneself, not by a deputy', async () => {
    const { team, admin, members } = await makeTeam(db(), [teamAuth.deputy, teamAuth.member]);
    expect(await failure(as(admin).teams.kick({ teamId: team.id, email: admin.email }))).toMatchObject({ code: 'OperationError', params: { reason: 'cannotKickSelf' } });
    expect(await failure(as(members[0]!).teams.kick({ teamId: team.id, email: members[1]!.email }))).toMatchObject({ code: 'Unauthorized' });
    expect(await authOf(team.id, members[1]!.id)).toBe(teamAuth.member);
  });

  it('deputy: names at most 3, refuses the 4th, removes one again; not oneself', async () => {
    const { team, admin, members } = await makeTeam(db(), [teamAuth.member, teamAuth.member, teamAuth.member, teamAuth.member]);
    for (const member of members.slice(0, 3)) await expect(as(admin).teams.setDeputy({ teamId: team.id, email: member.email, deputy: true })).resolves.toMatchObject({ auth: teamAuth.deputy });
    expect(await failure(as(admin).teams.setDeputy({ teamId: team.id, email: members[3]!.email, deputy: true }))).toMatchObject({ code: 'ExceedDeputyAdministratorLimit' });
    expect(await failure(as(admin).teams.setDeputy({ teamId: team.id, email: admin.email, deputy: true }))).toMatchObject({ code: 'OperationError', params: { reason: 'cannotAssignSelfAsDeputy' } });
    await expect(as(admin).teams.setDeputy({ teamId: team.id, email: members[0]!.email, deputy: false })).resolves.toMatchObject({ auth: teamAuth.member });
    await expect(as(admin).teams.setDeputy({ teamId: team.id, email: members[3]!.email, deputy: true })).resolves.toMatchObject({ auth: teamAuth.deputy });
    expect(await mailsTo(db(), members[0]!.email, 'team.deputyRemoved')).toHaveLength(1);
    expect(await failure(as(members[1]!).teams.setDeputy({ teamId: team.id, email: members[0]!.email, deputy: true }))).toMatchObject({ code: 'Unauthorized' });
  });

  it('leave: a member or deputy leaves (10), the administrator cannot', async () => {
    const { team, admin, members } = await makeTeam(db(), [teamAuth.deputy, teamAuth.member]);
    expect(await failure(as(admin).teams.leave({ teamId: team.id }))).toMatchObject({ code: 'OperationError', params: { reason: 'adminCannotLeave' } });
    for (const member of members) {
      await expect(as(member).teams.leave({ teamId: team.id })).resolves.toMatchObject({ auth: teamAuth.left });
      expect(await authOf(team.id, member.id)).toBe(teamAuth.left);
      expect(await failure(as(member).teams.leave({ teamId: team.id }))).toMatchObject({ code: 'Unauthorized', params: { reason: 'notTeamMember' } });
    }
    expect((await as(admin).teams.members({ teamId: team.id })).members).toHaveLength(1);
  });

  it('hand over: the new administrator steps up, the former one becomes deputy, and there is never a second administrator', async () => {
    const { team, admin, members } = await makeTeam(db(), [teamAuth.member]);
    const heir = members[0]!;
    await expect(as(admin).teams.handOver({ teamId: team.id, email: heir.email })).resolves.toMatchObject({ auth: teamAuth.admin });
    expect(await authOf(team.id, heir.id)).toBe(teamAuth.admin);
    expect(await authOf(team.id, admin.id)).toBe(teamAuth.deputy);
    expect(await mailsTo(db(), heir.email, 'team.adminHandedOver')).toHaveLength(1);
    expect(await failure(as(admin).teams.kick({ teamId: team.id, email: heir.email }))).toMatchObject({ code: 'Unauthorized' });
    await expect(as(admin).teams.leave({ teamId: team.id })).resolves.toMatchObject({ auth: teamAuth.left });
    expect(await failure(as(heir).teams.handOver({ teamId: team.id, email: heir.email }))).toMatchObject({ code: 'OperationError', params: { reason: 'cannotHandOverToSelf' } });
  });

  it('hand over with three deputies already: the former administrator becomes a member', async () => {
    const { team, admin, members } = await makeTeam(db(), [teamAuth.deputy, teamAuth.deputy, teamAuth.deputy, teamAuth.member]);
    await as(admin).teams.handOver({ teamId: team.id, email: members[3]!.email });
    expect(await authOf(team.id, admin.id)).toBe(teamAuth.member);
  });

  it('the database itself refuses a second administrator', async () => {
    const { team, members } = await makeTeam(db(), [teamAuth.member]);
    const error = await db()
      .update(teamMembers)
      .set({ auth: teamAuth.admin })
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, members[0]!.id)))
      .catch((e: unknown) => e);
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('23505');
  });

  it('concurrent hand-overs to different members leave exactly one administrator', async () => {
    const { team, admin, members } = await makeTeam(db(), [teamAuth.member, teamAuth.member, teamAuth.member]);
    const results = await Promise.allSettled(members.map((member) => as(admin).teams.handOver({ teamId: team.id, email: member.email })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const admins = await db()
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.auth, teamAuth.admin)));
    expect(admins).toHaveLength(1);
    expect((await db().select().from(teamEvents).where(eq(teamEvents.teamId, team.id))).filter((e) => e.kind === 'adminHandedOver')).toHaveLength(1);
  });
});

describe('what other modules read of a team', () => {
  it('teamRoleOf lets only the administrator transfer points, inside the caller\'s transaction with the team locked', async () => {
    const { team, admin, members } = await makeTeam(db(), [teamAuth.deputy, teamAuth.member, teamAuth.left]);
    await db().transaction(async (tx) => {
      await expect(teamRoleOf(tx, team.id, admin.id, 'transferPoints', { lock: 'share' })).resolves.toMatchObject({ auth: teamAuth.admin, team: { id: team.id } });
    });
    for (const member of members) await expect(teamRoleOf(db(), team.id, member.id, 'transferPoints')).rejects.toMatchObject({ code: 'Unauthorized' });
    await expect(teamRoleOf(db(), 'TNOTEAM00000000', admin.id, 'view')).rejects.toMatchObject({ code: 'TeamNotFound' });
    expect(await teamById(db(), team.id)).toMatchObject({ id: team.id, domainKey: platformDomainKey.cloudA });
    expect(await teamById(db(), 'TNOTEAM00000000')).toBeUndefined();
  });
});
