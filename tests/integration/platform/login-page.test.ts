import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deps } from '../../../src/server/deps';
import { createHttpApp } from '../../../src/server/http/app';
import { platformLoginUrl } from '../../../src/server/modules/platform/platform.service';
import { platformDomainKey } from '../../../src/shared/platform';
import { projectType } from '../../../src/shared/points';
import { openTestServices, type TestServices } from '../../fixtures/services';

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
  await deps.platform.createUser(platformDomainKey.publicTrial, { groupId: 'GLOGINPAGE0001', createBy: 'staff', userId: 'trial-lin', userName: '林志明', password: 'x-Pass-1' });
});
afterAll(async () => {
  server.close();
  await services.close();
});

/** The signed address points at the portal's public address; the test reaches the same route on its own server. */
function linkFor(ticket: Parameters<typeof platformLoginUrl>[2]): string {
  const url = platformLoginUrl(deps, platformDomainKey.publicTrial, ticket);
  expect(url.startsWith('https://portal.inspectra.example/platform-emulator/login?')).toBe(true);
  return url.replace('https://portal.inspectra.example', portal);
}

describe('the platform login page behind the signed use-platform redirect', () => {
  it('lets a signed, fresh link in once, and says who signed in', async () => {
    const link = linkFor({ userId: 'trial-lin', projectType: projectType.mPoint, funcId: 'train', appId: 'vision' });
    expect(new URL(link).searchParams.get('pw')).not.toContain('x-Pass-1');
    const page = await fetch(link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Signed in as 林志明');
    expect(html).toContain('function train');
    const again = await fetch(link);
    expect(again.status).toBe(403);
    expect(await again.text()).toContain('used already');
  });

  it('refuses an altered, expired, or unknown-account link', async () => {
    const link = new URL(linkFor({ userId: 'trial-lin', projectType: projectType.mPoint }));
    link.searchParams.set('project_type', '1');
    expect(await (await fetch(link)).text()).toContain('not valid');

    const old = linkFor({ userId: 'trial-lin', projectType: projectType.mPoint, view: true });
    now = new Date(now.getTime() + 61_000);
    const expired = await fetch(old);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('expired');

    const stranger = await fetch(linkFor({ userId: 'nobody-here', projectType: projectType.mPoint }));
    expect(await stranger.text()).toContain('No platform account');
    expect(await (await fetch(`${portal}/platform-emulator/login?id=trial-lin`)).text()).toContain('incomplete');
  });

  it('refuses a closed account', async () => {
    await deps.platform.updateUser(platformDomainKey.publicTrial, { userId: 'trial-lin', modifyBy: 'staff', modifyTime: now, isClose: true });
    expect(await (await fetch(linkFor({ userId: 'trial-lin', projectType: projectType.mPoint }))).text()).toContain('closed');
  });
});
