import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema';
import { memoryCookieJar } from '../../../src/server/http/cookies';
import { newTotpSecret, totpCode } from '../../../src/server/modules/auth/totp';
import { sealStoredTotpSecrets } from '../../../src/server/modules/auth/two-factor.service';
import type { Actor } from '../../../src/server/trpc/context';
import { makeMember } from '../../factories/members';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

/** Authenticator secrets encrypted at rest (issue 7, item 10): a copy of the database gives none of them. */
let services: TestServices;
let now = new Date('2026-11-22T08:00:07Z');
beforeAll(async () => {
  services = await openTestServices({ clock: () => now });
});
afterAll(() => services?.close());

let ipSequence = 0;
const visitor = () => callerFor(services.deps, undefined, undefined, { ip: `198.18.2.${++ipSequence}`, cookies: memoryCookieJar() });
const storedSecret = async (id: string) => (await services.deps.db.select({ value: users.totpSecret }).from(users).where(eq(users.id, id)))[0]!.value;

describe('member authenticator secrets at rest', { timeout: 60_000 }, () => {
  it('are stored sealed from the enrolment on, and sign-in still takes the code', async () => {
    const member = await makeMember(services.deps.db, { now });
    const asMember = callerFor(services.deps, { kind: 'member', userId: member.id } satisfies Actor);
    const { secret } = await asMember.auth.totp.begin();
    expect(await storedSecret(member.id)).toMatch(/^v1:[\w-]+$/);
    expect(await storedSecret(member.id)).not.toContain(secret);
    await asMember.auth.totp.confirm({ code: totpCode(secret, now) });
    now = new Date(now.getTime() + 30_000);
    await expect(visitor().auth.signIn({ email: member.email, password: member.password, totpCode: totpCode(secret, now) })).resolves.toMatchObject({ status: 'signedIn' });
  });

  it('stored in plain text before are sealed at start, and their codes keep working', async () => {
    const member = await makeMember(services.deps.db, { now });
    const secret = newTotpSecret();
    await services.deps.db.update(users).set({ totpSecret: secret, totpEnabledAt: now }).where(eq(users.id, member.id));
    await sealStoredTotpSecrets(services.deps);
    const sealed = await storedSecret(member.id);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain(secret);
    // A second start leaves sealed secrets as they are.
    await sealStoredTotpSecrets(services.deps);
    expect(await storedSecret(member.id)).toBe(sealed);
    await expect(visitor().auth.signIn({ email: member.email, password: member.password, totpCode: totpCode(secret, now) })).resolves.toMatchObject({ status: 'signedIn' });
  });

  it('cannot be used with another key: a stolen database and a guessed key give no sign-in', async () => {
    const member = await makeMember(services.deps.db, { now });
    const asMember = callerFor(services.deps, { kind: 'member', userId: member.id } satisfies Actor);
    const { secret } = await asMember.auth.totp.begin();
    await asMember.auth.totp.confirm({ code: totpCode(secret, now) });
    now = new Date(now.getTime() + 30_000);
    const otherKey = { ...services.deps, totpKey: randomBytes(32) };
    const cookies = memoryCookieJar();
    await expect(callerFor(otherKey, undefined, undefined, { ip: '198.18.3.1', cookies }).auth.signIn({ email: member.email, password: member.password, totpCode: totpCode(secret, now) })).rejects.toThrow();
    expect(cookies.values.size).toBe(0);
  });
});
