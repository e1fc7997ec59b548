import { eq } from 'drizzle-orm';
import superjson from 'superjson';
import { staff as staffTable } from '../../../src/server/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMember } from '../../factories/members';
import { makeStaff, staffCode } from '../../factories/staff';
import { openTestServices, type TestServices } from '../../fixtures/services';
import { serveApiOnLoopback, type LoopbackApi } from '../../fixtures/http';

let services: TestServices;
let api: LoopbackApi;
let base: string;
beforeAll(async () => {
  services = await openTestServices();
  api = await serveApiOnLoopback(services.deps);
  base = api.base;
});
afterAll(async () => {
  api?.close();
  await services?.close();
});

const admin = { 'x-portal-area': 'admin' };

async function call(kind: 'query' | 'mutation', path: string, input: unknown, headers: Record<string, string> = {}) {
  const encoded = JSON.stringify(superjson.serialize(input));
  const response =
    kind === 'query'
      ? await fetch(`${base}/trpc/${path}?input=${encodeURIComponent(encoded)}`, { headers })
      : await fetch(`${base}/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: encoded });
  const body = (await response.json()) as { result?: { data: { json: unknown } }; error?: { json: { data: { app: { code: string } } } } };
  return { status: response.status, data: body.result?.data.json, code: body.error?.json.data.app.code, setCookie: response.headers.get('set-cookie') };
}

describe('the back office session beside a member session', () => {
  it('keeps a member and a staff member signed in in one browser, each area answering as its own', async () => {
    const member = await makeMember(services.deps.db);
    const staff = await makeStaff(services.deps.db, { super: true });
    const memberCookie = (await call('mutation', 'auth.signIn', { email: member.email, password: member.password })).setCookie!.split(';')[0]!;
    const staffSignIn = await call('mutation', 'staff.signIn', { email: staff.email, password: 'correct horse battery', totpCode: staffCode(staff) }, { ...admin, cookie: memberCookie });
    expect(staffSignIn.status).toBe(200);
    const staffCookie = staffSignIn.setCookie!.split(';')[0]!;
    const both = { cookie: `${memberCookie}; ${staffCookie}` };

    // The public site and the management centre see the member...
    expect(((await call('query', 'auth.session', undefined, both)).data as { member: { email: string } }).member.email).toBe(member.email);
    expect((await call('query', 'staff.session', undefined, both)).data).toEqual({ staff: null });
    // ...the back office sees the staff member, and staff procedures work there.
    expect(((await call('query', 'staff.session', undefined, { ...both, ...admin })).data as { staff: { email: string } }).staff.email).toBe(staff.email);
    expect((await call('query', 'settings.security', undefined, { ...both, ...admin })).status).toBe(200);
    // A member cookie never opens the back office.
    expect((await call('query', 'settings.security', undefined, { cookie: memberCookie, ...admin })).code).toBe('MissingAuthentication');
    expect((await call('query', 'staff.session', undefined, { cookie: memberCookie, ...admin })).data).toEqual({ staff: null });

    // Signing out of the back office leaves the member signed in.
    await call('mutation', 'staff.signOut', undefined, { ...both, ...admin });
    expect((await call('query', 'staff.session', undefined, { ...both, ...admin })).data).toEqual({ staff: null });
    expect(((await call('query', 'auth.session', undefined, both)).data as { member: { email: string } }).member.email).toBe(member.email);
  });

  it("signs no one in with a session token moved into the other area's cookie, and ends neither session", async () => {
    const member = await makeMember(services.deps.db);
    const staff = await makeStaff(services.deps.db, { super: true });
    const memberCookie = (await call('mutation', 'auth.signIn', { email: member.email, password: member.password })).setCookie!.split(';')[0]!;
    const staffCookie = (await call('mutation', 'staff.signIn', { email: staff.email, password: 'correct horse battery', totpCode: staffCode(staff) }, admin)).setCookie!.split(';')[0]!;
    const tokenOf = (cookie: string) => cookie.split('=')[1]!;
    const swapped = { cookie: `${memberCookie.split('=')[0]}=${tokenOf(staffCookie)}; ${staffCookie.split('=')[0]}=${tokenOf(memberCookie)}` };
    expect((await call('query', 'auth.session', undefined, swapped)).data).toMatchObject({ member: null });
    expect((await call('query', 'staff.session', undefined, { ...swapped, ...admin })).data).toEqual({ staff: null });
    expect((await call('query', 'settings.security', undefined, { ...swapped, ...admin })).code).toBe('MissingAuthentication');
    // Each session still works from its own cookie.
    expect(((await call('query', 'auth.session', undefined, { cookie: memberCookie })).data as { member: { email: string } }).member.email).toBe(member.email);
    expect(((await call('query', 'staff.session', undefined, { cookie: staffCookie, ...admin })).data as { staff: { email: string } }).staff.email).toBe(staff.email);
  });

  it('says who is signed in, with what permissions, and null to a visitor', async () => {
    expect((await call('query', 'staff.session', undefined, admin)).data).toEqual({ staff: null });
    const staff = await makeStaff(services.deps.db, { permissions: ['customer_service', 'content_management'] });
    const cookie = (await call('mutation', 'staff.signIn', { email: staff.email, password: 'correct horse battery', totpCode: staffCode(staff) }, admin)).setCookie!.split(';')[0]!;
    expect((await call('query', 'staff.session', undefined, { ...admin, cookie })).data).toEqual({
      staff: { id: staff.id, email: staff.email, name: staff.name, super: false, permissions: ['customer_service', 'content_management'] },
    });
  });

  it('refuses, at the next request with the same cookie, a staff member whose permission was withdrawn or who was disabled', async () => {
    const member = await makeStaff(services.deps.db, { permissions: ['customer_service'] });
    const cookie = (await call('mutation', 'staff.signIn', { email: member.email, password: 'correct horse battery', totpCode: staffCode(member) }, admin)).setCookie!.split(';')[0]!;
    const inbox = () => call('query', 'messages.list', {}, { ...admin, cookie });
    expect((await inbox()).status).toBe(200);
    await services.deps.db.update(staffTable).set({ customerService: false }).where(eq(staffTable.id, member.id));
    expect(await inbox()).toMatchObject({ status: 403, code: 'Unauthorized' });
    await services.deps.db.update(staffTable).set({ customerService: true, disabled: true }).where(eq(staffTable.id, member.id));
    expect(await inbox()).toMatchObject({ status: 403, code: 'Unauthorized' });
  });
});
