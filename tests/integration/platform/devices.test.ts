import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceBindings, users } from '../../../src/server/db/schema';
import { sweepPlatformDeliveries } from '../../../src/server/modules/platform/platform-deliveries.service';
import { trialPlatformStatus } from '../../../src/shared/accounts';
import { teamAuth } from '../../../src/shared/teams';
import { makeMember } from '../../factories/members';
import { makeTeam } from '../../factories/teams';
import { failure } from '../../fixtures/errors';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

/** Device binding (issue 11 part 4): one device belongs to one account at a time. */
let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(async () => {
  await services?.close();
});

const as = (user: { id: string }) => callerFor(services.deps, { kind: 'member', userId: user.id });
let sequence = 0;
const deviceId = () => `c0ffee00-4a1b-4c2d-9e3f-${String(++sequence).padStart(12, '0')}`;

describe('binding devices', () => {
  it('binds, names, lists and unbinds a device of the account', async () => {
    const member = await makeMember(services.deps.db);
    const id = deviceId();
    expect((await as(member).platform.devices.list()).devices).toEqual([]);
    const bound = await as(member).platform.devices.bind({ platformId: ` ${id} `, name: '沖壓線 AOI 工作站' });
    expect(bound.devices).toMatchObject([{ platformId: id, name: '沖壓線 AOI 工作站', status: 'bound', boundBy: member.email, unboundAt: null }]);
    const renamed = await as(member).platform.devices.rename({ platformId: id, name: '射出線 2 號機' });
    expect(renamed.devices[0]!.name).toBe('射出線 2 號機');
    const again = await as(member).platform.devices.bind({ platformId: id, name: '射出線 3 號機' });
    expect(again.devices).toHaveLength(1);
    expect(again.devices[0]!.name).toBe('射出線 3 號機');
    const unbound = await as(member).platform.devices.unbind({ platformId: id });
    expect(unbound.devices).toMatchObject([{ platformId: id, status: 'unbound' }]);
    expect(await failure(as(member).platform.devices.unbind({ platformId: id }))).toMatchObject({ code: 'NotFound' });
  });

  it("refuses another account's device until it is unbound there, and never touches it", async () => {
    const owner = await makeMember(services.deps.db);
    const other = await makeMember(services.deps.db);
    const id = deviceId();
    await as(owner).platform.devices.bind({ platformId: id, name: '檢測站 A' });
    expect(await failure(as(other).platform.devices.bind({ platformId: id, name: '搶來的' }))).toMatchObject({ code: 'DeviceAlreadyBound', trpcCode: 'CONFLICT' });
    // The same UUID in capitals is the same device, for the other account and the owner alike.
    expect(await failure(as(other).platform.devices.bind({ platformId: id.toUpperCase(), name: '搶來的' }))).toMatchObject({ code: 'DeviceAlreadyBound' });
    await as(owner).platform.devices.bind({ platformId: id.toUpperCase(), name: '檢測站 A' });
    expect((await as(owner).platform.devices.list()).devices).toMatchObject([{ platformId: id, name: '檢測站 A', status: 'bound' }]);
    expect(await failure(as(other).platform.devices.rename({ platformId: id, name: '改名' }))).toMatchObject({ code: 'NotFound' });
    expect(await failure(as(other).platform.devices.unbind({ platformId: id }))).toMatchObject({ code: 'NotFound' });
    expect((await as(other).platform.devices.list()).devices).toEqual([]);
    expect((await as(owner).platform.devices.list()).devices).toMatchObject([{ name: '檢測站 A', status: 'bound' }]);

    await as(owner).platform.devices.unbind({ platformId: id });
    expect((await as(other).platform.devices.bind({ platformId: id, name: '檢測站 B' })).devices).toMatchObject([{ status: 'bound' }]);
  });

  it('lets exactly one of 10 accounts racing for the same device bind it', async () => {
    const racers = await Promise.all(Array.from({ length: 10 }, () => makeMember(services.deps.db)));
    const id = deviceId();
    const results = await Promise.allSettled(racers.map((racer, index) => as(racer).platform.devices.bind({ platformId: id, name: `站 ${index}` })));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect((result.reason as { message: string }).message).toBe('DeviceAlreadyBound');
    }
    const lists = await Promise.all(racers.map((racer) => as(racer).platform.devices.list()));
    expect(lists.flatMap((list) => list.devices)).toHaveLength(1);
  });

  it("refuses an id an enterprise account, a team or a member goes by: points sent to the 'device' would reach that account", async () => {
    const { team, admin, members } = await makeTeam(services.deps.db, [teamAuth.member]);
    const other = await makeMember(services.deps.db, { domainKey: 'cloud-a' });
    // The member's own platform accounts: their own, their trial one and the one for the team.
    await services.deps.db.update(users).set({ trialPlatformStatus: trialPlatformStatus.activated }).where(eq(users.id, admin.id));
    await as(admin).platform.open({ space: 'individual' });
    await as(admin).platform.open({ space: 'trial' });
    await as(admin).platform.open({ space: 'team', teamId: team.id });
    await sweepPlatformDeliveries(services.deps);
    for (const platformId of [
      other.groupId,
      other.groupId.toLowerCase(),
      admin.groupId,
      team.id,
      team.id.toLowerCase(),
      other.id,
      members[0]!.id.toUpperCase(),
      `trial-${admin.id}`,
      `${team.id}-${admin.id}`,
      `${team.id.toLowerCase()}-${admin.id}`,
    ]) {
      expect(await failure(as(admin).platform.devices.bind({ platformId, name: '檢測站' })), platformId).toMatchObject({
        code: 'InvalidInput',
        fieldErrors: { platformId: ['validation.deviceIdIsAccount'] },
      });
    }
    expect((await as(admin).platform.devices.list()).devices).toEqual([]);
    expect(await services.deps.db.select().from(deviceBindings).where(eq(deviceBindings.groupId, admin.groupId))).toEqual([]);
    // A device's own id is still bound.
    expect((await as(admin).platform.devices.bind({ platformId: deviceId(), name: '檢測站' })).devices).toMatchObject([{ status: 'bound' }]);
  });

  it('refuses bad input with field errors, storing nothing, and visitors', async () => {
    const member = await makeMember(services.deps.db);
    for (const input of [
      { platformId: '', name: '站' },
      { platformId: 'a b', name: '站' },
      { platformId: 'x'.repeat(65), name: '站' },
      { platformId: deviceId(), name: '   ' },
      { platformId: deviceId(), name: '檢'.repeat(21) },
    ]) {
      expect(await failure(as(member).platform.devices.bind(input))).toMatchObject({ code: 'InvalidInput' });
    }
    expect((await as(member).platform.devices.list()).devices).toEqual([]);
    expect(await failure(callerFor(services.deps).platform.devices.list())).toMatchObject({ code: 'MissingAuthentication' });
    expect(await failure(callerFor(services.deps).platform.devices.bind({ platformId: deviceId(), name: '站' }))).toMatchObject({ code: 'MissingAuthentication' });
  });
});
