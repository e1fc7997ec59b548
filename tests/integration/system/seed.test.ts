import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../src/server/db/schema';
import { memoryCookieJar } from '../../../src/server/http/cookies';
import { hasStaff } from '../../../src/server/modules/staff/staff.service';
import { demoMember, demoStaff, seedDemoData } from '../../../src/server/seed';
import { totpCode } from '../../../src/server/modules/auth/totp';
import { makeMember } from '../../factories/members';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
afterAll(() => services?.close());
beforeAll(async () => {
  services = await openTestServices();
});

describe('demo data', () => {
  it('is added in one transaction: a failure part-way leaves no demo staff behind', async () => {
    // The demo member's address is taken, so the seed fails after the demo staff were written.
    const taken = await makeMember(services.deps.db, { email: demoMember.email });
    await expect(seedDemoData(services.deps)).rejects.toThrow();
    expect(await hasStaff(services.deps.db)).toBe(false);
    await services.deps.db.delete(users).where(eq(users.id, taken.id));
  });

  it('includes a member who can sign in with the documented password, once', async () => {
    expect(await seedDemoData(services.deps)).toBe(true);
    expect(await seedDemoData(services.deps)).toBe(false);
    const caller = callerFor(services.deps, undefined, undefined, { cookies: memoryCookieJar() });
    await expect(caller.auth.signIn({ email: demoMember.email, password: demoMember.password })).resolves.toMatchObject({ status: 'signedIn', pendingSteps: [] });
    const [user] = await services.deps.db.select().from(users).where(eq(users.email, demoMember.email));
    const teams = await callerFor(services.deps, { kind: 'member', userId: user!.id }).teams.mine();
    expect(teams).toMatchObject({ owned: 1, limit: 2, groupPaid: true, mayCreate: true, teams: [{ name: 'AOI 外觀檢測小組', auth: 0, memberCount: 3 }] });
  });

  it('includes staff who sign in with the documented password and an authenticator on the documented secret', async () => {
    for (const member of demoStaff) {
      const caller = callerFor(services.deps, undefined, undefined, { cookies: memoryCookieJar() });
      await expect(caller.staff.signIn({ email: member.email, password: member.password })).resolves.toEqual({ status: 'totpRequired' });
      const signedIn = caller.staff.signIn({ email: member.email, password: member.password, totpCode: totpCode(member.totpSecret, new Date()) });
      await expect(signedIn).resolves.toMatchObject({ status: 'signedIn', staff: { email: member.email, super: member.super } });
    }
  });
});
