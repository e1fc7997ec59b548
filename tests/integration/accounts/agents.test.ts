import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMember } from '../../factories/members';
import { makeStaff } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

async function agentStaff() {
  const member = await makeStaff(services.deps.db, { permissions: ['agent_management'] });
  return callerFor(services.deps, { kind: 'staff', staffId: member.id });
}

/** A member whose group names `agentId` as its agent (the member sets it once in the management centre). */
async function referringMember(agentId: string) {
  const member = await makeMember(services.deps.db);
  await callerFor(services.deps, { kind: 'member', userId: member.id }).accounts.setAgentReference({ refAgentId: agentId, confirmUnchangeable: true });
  return member;
}

const uniqueAgentId = () => `AG${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

describe('agents', () => {
  it('marks a group as agent by its administrator e-mail or its id, and counts the accounts that refer to it', async () => {
    const caller = await agentStaff();
    const agentId = uniqueAgentId();
    const agency = await makeMember(services.deps.db);
    const referrers = [await referringMember(agentId), await referringMember(agentId)];
    await referringMember(uniqueAgentId());

    const agent = await caller.accounts.admin.agents.set({ account: agency.email.toUpperCase(), agentId });
    expect(agent).toMatchObject({ groupId: agency.groupId, agentId, referrals: 2 });
    expect((await caller.accounts.admin.agents.list()).find((row) => row.agentId === agentId)).toMatchObject({ groupId: agency.groupId, referrals: 2 });
    const referrals = await caller.accounts.admin.agents.referrals({ agentId });
    expect(referrals.map((row) => row.groupId).sort()).toEqual(referrers.map((member) => member.groupId).sort());

    const byId = await caller.accounts.admin.agents.set({ account: agency.groupId!, agentId: `${agentId}B` });
    expect(byId).toMatchObject({ groupId: agency.groupId, referrals: 0 });
  });

  it('refuses an agent id another agent holds, even when two staff set it at once, and an account that does not exist', async () => {
    const caller = await agentStaff();
    const agentId = uniqueAgentId();
    const [first, second] = [await makeMember(services.deps.db), await makeMember(services.deps.db)];
    const results = await Promise.allSettled([caller.accounts.admin.agents.set({ account: first.email, agentId }), caller.accounts.admin.agents.set({ account: second.email, agentId })]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(await failure(Promise.reject(refused.reason))).toMatchObject({ code: 'InvalidInput', fieldErrors: { agentId: ['validation.agentIdTaken'] } });
    expect((await caller.accounts.admin.agents.list()).filter((row) => row.agentId === agentId)).toHaveLength(1);

    expect(await failure(caller.accounts.admin.agents.set({ account: 'nobody@hsinchu-optics.example', agentId: uniqueAgentId() }))).toMatchObject({ fieldErrors: { account: ['validation.accountNotFound'] } });
    expect(await failure(caller.accounts.admin.agents.set({ account: 'ZZZZZZZZZZZZZZ', agentId: uniqueAgentId() }))).toMatchObject({ fieldErrors: { account: ['validation.accountNotFound'] } });
    expect(await failure(caller.accounts.admin.agents.set({ account: first.email, agentId: 'AG 01' }))).toMatchObject({ fieldErrors: { agentId: ['validation.alphanumeric'] } });
  });

  it('ends an agent role, keeps the references of its accounts, and writes both changes to the audit log', async () => {
    const caller = await agentStaff();
    const agentId = uniqueAgentId();
    const agency = await makeMember(services.deps.db);
    const referrer = await referringMember(agentId);
    await caller.accounts.admin.agents.set({ account: agency.email, agentId });
    await caller.accounts.admin.agents.clear({ groupId: agency.groupId! });
    expect((await caller.accounts.admin.agents.list()).map((row) => row.groupId)).not.toContain(agency.groupId);
    expect((await caller.accounts.admin.agents.referrals({ agentId })).map((row) => row.groupId)).toEqual([referrer.groupId]);
    expect(await failure(caller.accounts.admin.agents.clear({ groupId: agency.groupId! }))).toMatchObject({ code: 'NotFound' });

    const auditor = callerFor(services.deps, { kind: 'staff', staffId: (await makeStaff(services.deps.db, { super: true })).id });
    const actions = (await auditor.audit.admin.search({ target: `group:${agency.groupId}` })).items.map((row) => row.action);
    expect(actions).toEqual(['group.agentClear', 'group.agentSet']);
  });

  it.each([
    ['a visitor', async () => ({ kind: 'visitor' as const }), 'UNAUTHORIZED'],
    ['a member', async () => ({ kind: 'member' as const, userId: (await makeMember(services.deps.db)).id }), 'UNAUTHORIZED'],
    ['staff without agent_management', async () => ({ kind: 'staff' as const, staffId: (await makeStaff(services.deps.db, { permissions: ['activate_account', 'points_management'] })).id }), 'FORBIDDEN'],
  ])('refuses %s every agent call and changes nothing', async (_who, actorOf, trpcCode) => {
    const target = await makeMember(services.deps.db);
    const caller = callerFor(services.deps, await actorOf());
    expect(await failure(caller.accounts.admin.agents.list())).toMatchObject({ trpcCode });
    expect(await failure(caller.accounts.admin.agents.referrals({ agentId: 'AG1' }))).toMatchObject({ trpcCode });
    expect(await failure(caller.accounts.admin.agents.set({ account: target.email, agentId: uniqueAgentId() }))).toMatchObject({ trpcCode });
    expect(await failure(caller.accounts.admin.agents.clear({ groupId: target.groupId! }))).toMatchObject({ trpcCode });
    expect((await (await agentStaff()).accounts.admin.agents.list()).map((row) => row.groupId)).not.toContain(target.groupId);
  });
});
