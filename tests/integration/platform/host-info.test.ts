import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, hostCredentialReveals, hostCredentials } from '../../../src/server/db/schema';
import { cliActor } from '../../../src/server/modules/audit/audit.service';
import { addDemoHostInfo, sealPlainHostSecrets, setHostCredential } from '../../../src/server/modules/platform/host-info.service';
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
    await addDemoHostInfo(services.deps.db, services.deps.totpKey, member.groupId, new Date());
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
    await addDemoHostInfo(services.deps.db, services.deps.totpKey, owner.groupId, new Date());
    const other = await makeMember(services.deps.db);
    expect(await as(other).platform.hostInfo()).toEqual({ domainKey: null, host: null, credentials: [] });
    expect(await failure(as(other).platform.revealCredential({ kind: 'login' }))).toMatchObject({ code: 'NotFound' });
    expect(await failure(as(other).platform.revealCredential({ kind: 'password' as never }))).toMatchObject({ code: 'InvalidInput' });
    expect(await failure(callerFor(services.deps).platform.hostInfo())).toMatchObject({ code: 'MissingAuthentication' });
    expect(await failure(callerFor(services.deps).platform.revealCredential({ kind: 'login' }))).toMatchObject({ code: 'MissingAuthentication' });
    expect(await services.deps.db.select().from(hostCredentialReveals).where(eq(hostCredentialReveals.userId, other.id))).toEqual([]);
  });

  it('keeps secrets sealed at rest: staff set one, the database holds no plain text, the audit names the change without the secret', async () => {
    const { db } = services.deps;
    const member = await makeMember(db, { domainKey: platformDomainKey.cloudA });
    await setHostCredential(services.deps, member.groupId, { kind: 'remote', address: 'rdp://10.20.4.30:3389', username: 'line-3', secret: 'Wq9-remote-secret' }, cliActor);

    const [stored] = await db.select().from(hostCredentials).where(eq(hostCredentials.groupId, member.groupId));
    expect(stored).toMatchObject({ kind: 'remote', address: 'rdp://10.20.4.30:3389', username: 'line-3' });
    expect(stored!.secret).toMatch(/^v1:/);
    expect(stored!.secret).not.toContain('Wq9-remote-secret');
    expect(await as(member).platform.revealCredential({ kind: 'remote' })).toEqual({ secret: 'Wq9-remote-secret' });

    const audit = await db.select().from(auditLog).where(eq(auditLog.target, member.groupId));
    expect(audit).toMatchObject([{ action: 'group.hostCredential', staffEmail: 'cli', before: null, after: { kind: 'remote', address: 'rdp://10.20.4.30:3389', username: 'line-3', hasSecret: true } }]);
    expect(JSON.stringify(audit)).not.toContain('Wq9-remote-secret');
  });

  it('refuses bad input and an unknown account, and stores nothing', async () => {
    const { db } = services.deps;
    const member = await makeMember(db);
    await expect(setHostCredential(services.deps, member.groupId, { kind: 'login', address: '  ', username: 'a', secret: 'x' }, cliActor)).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ['address'], message: 'validation.required' })],
    });
    await expect(setHostCredential(services.deps, member.groupId, { kind: 'ssh' as never, address: 'a', username: 'a', secret: '' }, cliActor)).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ['kind'], message: 'validation.invalid' })],
    });
    await expect(setHostCredential(services.deps, 'ZZZZZZZZZZZZZZ', { kind: 'login', address: 'a', username: 'a', secret: '' }, cliActor)).rejects.toMatchObject({ code: 'NotFound' });
    expect(await db.select().from(hostCredentials).where(eq(hostCredentials.groupId, member.groupId))).toEqual([]);
  });

  it('seals, at start, a secret stored in plain text before encryption, and still shows it', async () => {
    const { db } = services.deps;
    const member = await makeMember(db, { domainKey: platformDomainKey.cloudA });
    await db.insert(hostCredentials).values({ groupId: member.groupId, kind: 'inference', address: 'https://infer.example', username: 'old', secret: 'plain-Old-1' });
    await sealPlainHostSecrets(services.deps);
    const [stored] = await db.select().from(hostCredentials).where(eq(hostCredentials.groupId, member.groupId));
    expect(stored!.secret).toMatch(/^v1:/);
    expect(await as(member).platform.revealCredential({ kind: 'inference' })).toEqual({ secret: 'plain-Old-1' });
  });
});
