import { eq } from 'drizzle-orm';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../../src/server/deps';
import { users } from '../../../src/server/db/schema';
import { createHttpApp } from '../../../src/server/http/app';
import { platformPasswordHook } from '../../../src/server/modules/platform/platform-password.hook';
import { setUpPlatform, type PlatformSetup } from '../../../src/server/modules/platform/platform.setup';
import { EMULATOR_KEY } from '../../../src/server/platform-emulator/emulator.server';
import { trialPlatformStatus } from '../../../src/shared/accounts';
import { platformDomainKey } from '../../../src/shared/platform';
import { teamAuth } from '../../../src/shared/teams';
import { makeMember } from '../../factories/members';
import { makeTeam } from '../../factories/teams';
import { callerFor, openTestServices, silentLog, type TestServices } from '../../fixtures/services';

/**
 * 'Use platform' under a plain `npm start`: no PUBLIC_URL and no platform address, so the emulator
 * answers and its login page is mounted on the portal. The link the portal answers is then a path
 * on the portal, and following it from the portal's origin lands on the emulator's login page.
 */
let services: TestServices;
let platform: PlatformSetup;
let deps: Deps;
let server: Server;
let portal: string;

beforeAll(async () => {
  services = await openTestServices();
  platform = await setUpPlatform({ PLATFORM_TIMEOUT_MS: 5000, PLATFORM_READ_RETRIES: 2 }, services.database.db, silentLog);
  deps = {
    ...services.deps,
    platform: platform.connector,
    platformAccounts: platformPasswordHook(platform.connector),
    config: { ...services.deps.config, PUBLIC_URL: undefined },
  };
  server = createHttpApp(deps, { ready: true }, { development: false, platformEmulatorKey: platform.emulatorKey }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  portal = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  server?.close();
  await platform?.close();
  await services?.close();
});

const as = (user: { id: string }) => callerFor(deps, { kind: 'member', userId: user.id });

/** Opens a space and follows the answer the way the browser does: relative to the portal's page. */
async function openAndFollow(user: { id: string }, input: Parameters<ReturnType<typeof as>['platform']['open']>[0]) {
  const { url } = await as(user).platform.open(input);
  expect(url.startsWith('/platform-emulator/login?')).toBe(true);
  const response = await fetch(new URL(url, `${portal}/management-center`));
  return { status: response.status, text: await response.text() };
}

describe('opening the platform with no PUBLIC_URL configured', () => {
  it('opens the individual, trial and team spaces on the emulator mounted at the portal', async () => {
    const member = await makeMember(services.deps.db, { domainKey: platformDomainKey.cloudA });
    const own = await openAndFollow(member, { space: 'individual' });
    expect(own.status).toBe(200);
    expect(own.text).toContain(`Signed in as ${member.name}`);
    expect(own.text).toContain(`Platform account ${member.id}`);

    await services.deps.db.update(users).set({ trialPlatformStatus: trialPlatformStatus.activated }).where(eq(users.id, member.id));
    const trial = await openAndFollow(member, { space: 'trial' });
    expect(trial.status).toBe(200);
    expect(trial.text).toContain(`Platform account trial-${member.id}`);

    const { team, members } = await makeTeam(services.deps.db, [teamAuth.member]);
    const teamPage = await openAndFollow(members[0]!, { space: 'team', teamId: team.id });
    expect(teamPage.status).toBe(200);
    expect(teamPage.text).toContain(`Space: team ${team.id}`);
  });

  it('still answers absolute addresses only when a public address is set, and never a scheme-relative one', async () => {
    const member = await makeMember(services.deps.db, { domainKey: platformDomainKey.cloudB });
    const { url: withPublicUrl } = await callerFor(services.deps, { kind: 'member', userId: member.id }).platform.open({ space: 'individual' });
    expect(withPublicUrl.startsWith('https://portal.inspectra.example/platform-emulator/login?')).toBe(true);
    const { openPlatformOutput } = await import('../../../src/shared/platform');
    for (const bad of ['//evil.example/login', 'javascript:alert(1)', 'platform-emulator/login', '/\\evil.example']) expect(openPlatformOutput.safeParse({ url: bad }).success).toBe(false);
  });
});

describe('the emulator in a deployment (PLATFORM_EMULATOR=on)', () => {
  it('answers with a key of its own: the published key reads and writes nothing through the portal', async () => {
    const deployed = await setUpPlatform({ PLATFORM_TIMEOUT_MS: 5000, PLATFORM_READ_RETRIES: 2, DEPLOYED: true }, services.database.db, silentLog);
    const mounted = createHttpApp(deps, { ready: true }, { development: false, platformEmulatorKey: deployed.emulatorKey }).listen(0, '127.0.0.1');
    try {
      await new Promise((resolve) => mounted.once('listening', resolve));
      const base = `http://127.0.0.1:${(mounted.address() as { port: number }).port}/platform-emulator/scapi/v1/ai`;
      const member = await makeMember(services.deps.db, { domainKey: platformDomainKey.cloudA });
      expect(deployed.emulatorKey).toBeDefined();
      expect(deployed.emulatorKey).not.toBe(EMULATOR_KEY);
      const read = (await (await fetch(`${base}/group-buy-and-usage?key=${EMULATOR_KEY}&group_id=${member.groupId}`)).json()) as { type: number; message?: string };
      expect(read.type).not.toBe(0);
      expect(read.message).toBe('invalid key');
      // The portal's own calls go through with its key.
      await expect(deployed.connector.groupBuyAndUsage(platformDomainKey.cloudA, { groupId: member.groupId })).resolves.toBeDefined();
    } finally {
      mounted.close();
      await deployed.close();
    }
  });
});
