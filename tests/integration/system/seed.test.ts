import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../src/server/db/schema';
import { memoryCookieJar } from '../../../src/server/http/cookies';
import { demoMember, seedDemoData } from '../../../src/server/seed';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

describe('demo data', () => {
  it('includes a member who can sign in with the documented password, once', async () => {
    expect(await seedDemoData(services.deps)).toBe(true);
    expect(await seedDemoData(services.deps)).toBe(false);
    const caller = callerFor(services.deps, undefined, undefined, { cookies: memoryCookieJar() });
    await expect(caller.auth.signIn({ email: demoMember.email, password: demoMember.password })).resolves.toMatchObject({ status: 'signedIn', pendingSteps: [] });
    const [user] = await services.deps.db.select().from(users).where(eq(users.email, demoMember.email));
    const teams = await callerFor(services.deps, { kind: 'member', userId: user!.id }).teams.mine();
    expect(teams).toMatchObject({ owned: 1, limit: 2, groupPaid: true, mayCreate: true, teams: [{ name: 'AOI 外觀檢測小組', auth: 0, memberCount: 3 }] });
  });
});
