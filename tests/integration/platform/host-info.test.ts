import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostCredentialReveals } from '../../../src/server/db/schema';
import { addDemoHostInfo } from '../../../src/server/modules/platform/demo-host-info';
import { platformDomainKey } from '../../../src/shared/platform';
import { makeMember } from '../../factories/members';
import { failure } from '../../fixtures/errors';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

/** Host information (issue 11 part 5): the host from domain_key, secrets masked, each showing recorded. */
let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(async () => {
  await services?.close();
});

const as = (user: { id: string }) => callerFor(services.deps, { kind: 'member', userId: user.id });

describe('host information', () => {
  it('shows the host and the credentials without their secrets, and one secret on request, recorded', async () => {
    const member = await makeMember(services.deps.db, { domainKey: platformDomainKey.cloudA });
    await addDemoHostInfo(services.deps.db, member.email, new Date());
    const info = await as(member).platform.hostInfo();
    expect(info.domainKey).toBe('cloud-a');
    expect(info.host).toBe('https://portal.inspectra.example/platform-emulator');
    expect(info.credentials.map((entry) => entry.kind)).toEqual(['login', 'remote', 'inference']);
    expect(info.credentials[1]).toEqual({ kind: 'remote', address: 'rdp://10.20.4.17:3389', username: 'aoi-station', hasSecret: true });
    expect(JSON.stringify(info)).not.toContain('demo-Remote-4Zx9');

    expect(await as(member).platform.revealCredential({ kind: 'remote' })).toEqual({ secret: 'demo-Remote-4Zx9' });
    const reveals = await services.deps.db.select().from(hostCredentialReveals).where(eq(hostCredentialReveals.userId, member.id));
    expect(reveals).toMatchObject([{ kind: 'remote', groupId: member.groupId }]);
  });

  it("never shows another account's secrets, says when nothing is set up, refuses bad input and visitors", async () => {
    const owner = await makeMember(services.deps.db, { domainKey: platformDomainKey.cloudB });
    await addDemoHostInfo(services.deps.db, owner.email, new Date());
    const other = await makeMember(services.deps.db);
    expect(await as(other).platform.hostInfo()).toEqual({ domainKey: null, host: null, credentials: [] });
    expect(await failure(as(other).platform.revealCredential({ kind: 'login' }))).toMatchObject({ code: 'NotFound' });
    expect(await failure(as(other).platform.revealCredential({ kind: 'password' as never }))).toMatchObject({ code: 'InvalidInput' });
    expect(await failure(callerFor(services.deps).platform.hostInfo())).toMatchObject({ code: 'MissingAuthentication' });
    expect(await failure(callerFor(services.deps).platform.revealCredential({ kind: 'login' }))).toMatchObject({ code: 'MissingAuthentication' });
    expect(await services.deps.db.select().from(hostCredentialReveals).where(eq(hostCredentialReveals.userId, other.id))).toEqual([]);
  });
});
