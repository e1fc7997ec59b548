import { eq } from 'drizzle-orm';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../../src/server/deps';
import { groups, platformAccounts, users } from '../../../src/server/db/schema';
import { createHttpApp } from '../../../src/server/http/app';
import { sweepPlatformDeliveries } from '../../../src/server/modules/platform/platform-deliveries.service';
import { findUser } from '../../../src/server/platform-emulator/store';
import { trialPlatformStatus } from '../../../src/shared/accounts';
import { platformDomainKey } from '../../../src/shared/platform';
import { teamAuth } from '../../../src/shared/teams';
import { makeMember } from '../../factories/members';
import { makePaidMember, makeTeam } from '../../factories/teams';
import { failure } from '../../fixtures/errors';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

/**
 * 'Use platform' (issue 11 part 3) end to end on the server: the portal makes a signed, 60-second,
 * single-use link for the space the member may open, and the emulated platform's login page lets
 * the member in once, says who and where, and refuses anything else.
 */
let services: TestServices;
let server: Server;
let portal: string;
let now = new Date();
let deps: Deps;

beforeAll(async () => {
  services = await openTestServices();
  deps = { ...services.deps, clock: () => now };
  server = createHttpApp(deps, { ready: true }, { development: false, platformEmulatorKey: services.platform.emulatorKey }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  portal = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  server.close();
  await services.close();
});

const as = (user: { id: string }) => callerFor(deps, { kind: 'member', userId: user.id });

/** The link points at the portal's public address; the test reaches the same route on its own server. */
async function open(user: { id: string }, input: Parameters<ReturnType<typeof as>['platform']['open']>[0]): Promise<string> {
  const { url } = await as(user).platform.open(input);
  expect(url.startsWith('https://portal.inspectra.example/platform-emulator/login?')).toBe(true);
  return url.replace('https://portal.inspectra.example', portal);
}

async function land(link: string): Promise<{ status: number; text: string }> {
  const response = await fetch(link);
  return { status: response.status, text: await response.text() };
}

describe('opening the platform', () => {
  it('signs an active member into their own space once, with a credential that is no password', async () => {
    const member = await makeMember(services.deps.db, { domainKey: platformDomainKey.cloudA });
    expect(await as(member).platform.choices()).toEqual({ individual: true, trial: false, teams: [] });
    const link = await open(member, { space: 'individual', funcId: 'train', appId: 'aoi-inspect' });
    const query = new URL(link).searchParams;
    expect(query.get('pw')).not.toContain(member.password);
    expect(query.get('id')).toBe(member.id);
    expect(query.get('funcId')).toBe('train');

    const first = await land(link);
    expect(first.status).toBe(200);
    expect(first.text).toContain(`Signed in as ${member.name}`);
    expect(first.text).toContain(`enterprise account ${member.groupId}`);
    const again = await land(link);
    expect(again.status).toBe(403);
    expect(again.text).toContain('used already');

    const [row] = await services.deps.db.select().from(users).where(eq(users.id, member.id));
    expect(row!.platformUserId).toBe(member.id);
    // A second opening reuses the account: two fresh links, both good once.
    const [a, b] = [await open(member, { space: 'individual' }), await open(member, { space: 'individual' })];
    expect(a).not.toBe(b);
    expect((await land(a)).status).toBe(200);
    expect((await land(b)).status).toBe(200);
    expect(await services.deps.db.select().from(platformAccounts).where(eq(platformAccounts.userId, member.id))).toHaveLength(1);
  });

  it('refuses a link after 60 seconds and an altered one', async () => {
    const member = await makeMember(services.deps.db, { domainKey: platformDomainKey.cloudB });
    const link = await open(member, { space: 'individual', view: true });
    const altered = new URL(link);
    altered.searchParams.delete('view');
    expect((await land(altered.toString())).text).toContain('not valid');
    const forged = new URL(link);
    forged.searchParams.set('id', 'someone-else');
    expect((await land(forged.toString())).text).toContain('not valid');
    now = new Date(now.getTime() + 61_000);
    const expired = await land(link);
    expect(expired.status).toBe(403);
    expect(expired.text).toContain('expired');
  });

  it('opens the trial space only when trial_platform_status is 1', async () => {
    const member = await makeMember(services.deps.db, { domainKey: platformDomainKey.cloudA });
    expect(await failure(as(member).platform.open({ space: 'trial' }))).toMatchObject({ code: 'Unauthorized', params: { reason: 'trialNotActivated' } });
    await services.deps.db.update(users).set({ trialPlatformStatus: trialPlatformStatus.activated }).where(eq(users.id, member.id));
    expect((await as(member).platform.choices()).trial).toBe(true);
    const page = await land(await open(member, { space: 'trial' }));
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Platform account trial-${member.id}`);
  });

  it('needs a platform domain and an active account for the individual space', async () => {
    const noDomain = await makeMember(services.deps.db);
    expect(await failure(as(noDomain).platform.open({ space: 'individual' }))).toMatchObject({ code: 'UndefinedDomain' });
    expect(await services.deps.db.select().from(platformAccounts).where(eq(platformAccounts.userId, noDomain.id))).toHaveLength(0);
    const unknownDomain = await makeMember(services.deps.db);
    await services.deps.db.update(groups).set({ domainKey: 'moon-base' }).where(eq(groups.id, unknownDomain.groupId));
    expect(await failure(as(unknownDomain).platform.open({ space: 'individual' }))).toMatchObject({ code: 'UndefinedDomain' });
  });

  it('refuses bad input with field errors, and visitors', async () => {
    const member = await makeMember(services.deps.db, { domainKey: platformDomainKey.cloudA });
    expect(await failure(as(member).platform.open({ space: 'team' } as never))).toMatchObject({ trpcCode: 'BAD_REQUEST' });
    expect(await failure(as(member).platform.open({ space: 'individual', funcId: '"><script>' }))).toMatchObject({ trpcCode: 'BAD_REQUEST' });
    expect(await failure(as(member).platform.open({ space: 'individual', projectType: 7 as never }))).toMatchObject({ trpcCode: 'BAD_REQUEST' });
    expect(await failure(as(member).platform.open({ space: 'moon' } as never))).toMatchObject({ trpcCode: 'BAD_REQUEST' });
    expect(await failure(callerFor(deps).platform.open({ space: 'individual' }))).toMatchObject({ code: 'MissingAuthentication' });
    expect(await failure(callerFor(deps).platform.choices())).toMatchObject({ code: 'MissingAuthentication' });
  });
});

describe('the team space and the member account of each team', () => {
  it('lets every active member in, nobody else; kicking closes the account, inviting again opens it', async () => {
    const { team, admin, members } = await makeTeam(services.deps.db, [teamAuth.deputy, teamAuth.member]);
    const [deputy, member] = members as [(typeof members)[0], (typeof members)[0]];
    const outsider = await makeMember(services.deps.db, { domainKey: platformDomainKey.cloudA });
    expect((await as(member).platform.choices()).teams).toEqual([{ id: team.id, name: team.name }]);
    for (const who of [admin, deputy, member]) {
      const page = await land(await open(who, { space: 'team', teamId: team.id }));
      expect(page.status).toBe(200);
      expect(page.text).toContain(`Signed in as ${who.name}`);
      expect(page.text).toContain(`Space: team ${team.id}`);
    }
    expect(await failure(as(outsider).platform.open({ space: 'team', teamId: team.id }))).toMatchObject({ code: 'Unauthorized', params: { reason: 'notTeamMember' } });
    expect(await failure(as(outsider).platform.open({ space: 'team', teamId: 'TAAAAAAAAAAAAAA' }))).toMatchObject({ code: 'TeamNotFound' });

    const before = await open(member, { space: 'team', teamId: team.id });
    await as(admin).teams.kick({ teamId: team.id, email: member.email });
    await sweepPlatformDeliveries(deps);
    expect((await findUser(services.deps.db, `${team.id}-${member.id}`))!.isClose).toBe(true);
    const refused = await land(before);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('closed');
    expect(await failure(as(member).platform.open({ space: 'team', teamId: team.id }))).toMatchObject({ code: 'Unauthorized' });
    expect((await as(member).platform.choices()).teams).toEqual([]);

    await as(deputy).teams.invite({ teamId: team.id, email: member.email });
    await sweepPlatformDeliveries(deps);
    expect((await findUser(services.deps.db, `${team.id}-${member.id}`))!.isClose).toBe(false);
    expect((await land(await open(member, { space: 'team', teamId: team.id }))).status).toBe(200);

    await as(member).teams.leave({ teamId: team.id });
    await sweepPlatformDeliveries(deps);
    expect((await findUser(services.deps.db, `${team.id}-${member.id}`))!.isClose).toBe(true);
  });

  it('creates the team member account when a new member is invited, and the administrator account with the team', async () => {
    const { team, admin } = await makeTeam(services.deps.db);
    const newcomer = await makeMember(services.deps.db);
    await as(admin).teams.invite({ teamId: team.id, email: newcomer.email });
    await sweepPlatformDeliveries(deps);
    expect(await findUser(services.deps.db, `${team.id}-${newcomer.id}`)).toMatchObject({ groupId: team.id, isTeam: true, isClose: false, userName: newcomer.name });

    const founder = await makePaidMember(services.deps.db);
    const created = await as(founder).teams.create({ name: '鑄件氣孔檢測' });
    await sweepPlatformDeliveries(deps);
    expect(await findUser(services.deps.db, `${created.id}-${founder.id}`)).toMatchObject({ groupId: created.id, isTeam: true, isClose: false });
  });
});
