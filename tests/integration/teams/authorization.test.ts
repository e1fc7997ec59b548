import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../src/server/trpc/context';
import { teamAuth } from '../../../src/shared/teams';
import { makeMember } from '../../factories/members';
import { makeTeam } from '../../factories/teams';
import { failure } from '../../fixtures/errors';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

/**
 * Every team procedure against every role (issue 11): 0 admin, 1 deputy, 2 member, 9 kicked,
 * 10 left, a member of another team, and a visitor. Each case gets a fresh team, so one call's
 * change never decides another's outcome.
 */
let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(async () => {
  await services?.close();
});

type Role = 'admin' | 'deputy' | 'member' | 'kicked' | 'left' | 'outsider' | 'visitor';
const roles: Role[] = ['admin', 'deputy', 'member', 'kicked', 'left', 'outsider', 'visitor'];

interface Setup {
  teamId: string;
  /** A plain member the call acts on (kick, deputy, hand over). */
  target: string;
  /** A registered user outside the team (invite). */
  stranger: string;
}
type Call = (caller: ReturnType<typeof callerFor>, setup: Setup) => Promise<unknown>;

const calls: Record<string, { call: Call; allowed: Role[] }> = {
  'teams.detail': { call: (c, s) => c.teams.detail({ teamId: s.teamId }), allowed: ['admin', 'deputy', 'member'] },
  'teams.members': { call: (c, s) => c.teams.members({ teamId: s.teamId }), allowed: ['admin', 'deputy', 'member'] },
  'teams.events': { call: (c, s) => c.teams.events({ teamId: s.teamId }), allowed: ['admin', 'deputy', 'member'] },
  'teams.edit': { call: (c, s) => c.teams.edit({ teamId: s.teamId, name: 'renamed' }), allowed: ['admin'] },
  'teams.invite': { call: (c, s) => c.teams.invite({ teamId: s.teamId, email: s.stranger }), allowed: ['admin', 'deputy'] },
  'teams.kick': { call: (c, s) => c.teams.kick({ teamId: s.teamId, email: s.target }), allowed: ['admin'] },
  'teams.setDeputy': { call: (c, s) => c.teams.setDeputy({ teamId: s.teamId, email: s.target, deputy: true }), allowed: ['admin'] },
  'teams.handOver': { call: (c, s) => c.teams.handOver({ teamId: s.teamId, email: s.target }), allowed: ['admin'] },
  'teams.leave': { call: (c, s) => c.teams.leave({ teamId: s.teamId }), allowed: ['deputy', 'member'] },
};

async function arrange(role: Role): Promise<{ actor: Actor; setup: Setup }> {
  const db = services.deps.db;
  const { team, admin, members } = await makeTeam(db, [teamAuth.deputy, teamAuth.member, teamAuth.kicked, teamAuth.left, teamAuth.member]);
  const [deputy, member, kicked, left, target] = members;
  const stranger = await makeMember(db);
  const setup = { teamId: team.id, target: target!.email, stranger: stranger.email };
  const byRole: Record<Exclude<Role, 'visitor' | 'outsider'>, { id: string }> = { admin, deputy: deputy!, member: member!, kicked: kicked!, left: left! };
  if (role === 'visitor') return { actor: { kind: 'visitor' }, setup };
  if (role === 'outsider') return { actor: { kind: 'member', userId: (await makeTeam(db)).admin.id }, setup };
  return { actor: { kind: 'member', userId: byRole[role].id }, setup };
}

describe('who may call which team procedure', () => {
  for (const [name, { call, allowed }] of Object.entries(calls)) {
    for (const role of roles) {
      const mayCall = allowed.includes(role);
      it(`${name}: ${mayCall ? 'allowed' : 'refused'} for ${role}`, async () => {
        const { actor, setup } = await arrange(role);
        const result = call(callerFor(services.deps, actor), setup);
        if (mayCall) await expect(result).resolves.toBeTruthy();
        else if (role === 'visitor') expect(await failure(result)).toMatchObject({ trpcCode: 'UNAUTHORIZED', code: 'MissingAuthentication' });
        else if (name === 'teams.leave' && role === 'admin') expect(await failure(result)).toMatchObject({ code: 'OperationError', params: { reason: 'adminCannotLeave' } });
        else expect(await failure(result)).toMatchObject({ trpcCode: 'FORBIDDEN', code: 'Unauthorized', params: { reason: role === 'deputy' || role === 'member' || role === 'admin' ? 'teamRole' : 'notTeamMember' } });
      });
    }
  }

  it('teams.mine and teams.create: refused for a visitor', async () => {
    const visitor = callerFor(services.deps);
    expect(await failure(visitor.teams.mine())).toMatchObject({ code: 'MissingAuthentication' });
    expect(await failure(visitor.teams.create({ name: 'x' }))).toMatchObject({ code: 'MissingAuthentication' });
  });

  it('an unknown team is TeamNotFound for every procedure that names one', async () => {
    const { admin } = await makeTeam(services.deps.db);
    const setup = { teamId: 'TZZZZZZZZZZZZZZ', target: admin.email, stranger: admin.email };
    for (const { call } of Object.values(calls)) expect(await failure(call(callerFor(services.deps, { kind: 'member', userId: admin.id }), setup))).toMatchObject({ code: 'TeamNotFound' });
  });
});
