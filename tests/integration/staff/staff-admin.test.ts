import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staff as staffTable } from '../../../src/server/db/schema';
import { startSession, resumeSession } from '../../../src/server/modules/sessions/sessions.service';
import { signInStaff } from '../../../src/server/modules/staff/staff-sign-in.service';
import { memoryCookieJar } from '../../../src/server/http/cookies';
import { makeStaff } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
let boss: Awaited<ReturnType<typeof makeStaff>>;
let asBoss: ReturnType<typeof callerFor>;
beforeAll(async () => {
  services = await openTestServices();
  boss = await makeStaff(services.deps.db, { super: true });
  asBoss = callerFor(services.deps, { kind: 'staff', staffId: boss.id }, 'en', { ip: '192.0.2.10' });
});
afterAll(() => services?.close());

const auditOf = (email: string) => services.deps.db.select().from(auditLog).where(eq(auditLog.target, `staff:${email}`)).orderBy(auditLog.id);
const superCount = async () => (await services.deps.db.select().from(staffTable).where(eq(staffTable.super, true))).filter((row) => !row.disabled).length;

describe('staff management by super staff', () => {
  it('adds, lists, edits, grants, revokes and removes, each change audited with before and after', async () => {
    const created = await asBoss.staff.admin.create({ email: 'Mei.Chen@Inspectra.example', name: '陳美', password: 'service-desk-2026', permissions: ['customer_service'] });
    expect(created).toMatchObject({ email: 'mei.chen@inspectra.example', name: '陳美', super: false, permissions: ['customer_service'] });
    expect((await asBoss.staff.admin.list()).items.map((item) => item.email)).toContain('mei.chen@inspectra.example');
    // The new account signs in with the password it was given.
    await signInStaff(services.deps, { email: 'mei.chen@inspectra.example', password: 'service-desk-2026' }, { ip: '192.0.2.99' }, memoryCookieJar());

    expect(await asBoss.staff.admin.update({ staffId: created.id, name: '陳美玲', super: false, permissions: ['customer_service', 'manage_course'] })).toMatchObject({
      name: '陳美玲',
      permissions: ['customer_service', 'manage_course'],
    });
    expect(await asBoss.staff.admin.grant({ staffId: created.id, roles: ['activate_account'] })).toMatchObject({ permissions: ['customer_service', 'manage_course', 'activate_account'] });
    expect(await asBoss.staff.admin.revoke({ staffId: created.id, roles: ['manage_course', 'customer_service'] })).toMatchObject({ permissions: ['activate_account'] });
    expect(await asBoss.staff.admin.remove({ staffId: created.id })).toEqual({ removed: true });
    expect((await asBoss.staff.admin.list()).items.map((item) => item.email)).not.toContain('mei.chen@inspectra.example');

    const rows = await auditOf('mei.chen@inspectra.example');
    expect(rows.map((row) => row.action)).toEqual(['staff.create', 'staff.update', 'staff.grant', 'staff.revoke', 'staff.remove']);
    expect(rows.every((row) => row.staffEmail === boss.email && row.address === '192.0.2.10')).toBe(true);
    expect(rows[1]).toMatchObject({ before: { name: '陳美', permissions: ['customer_service'] }, after: { name: '陳美玲', permissions: ['customer_service', 'manage_course'] } });
    expect(rows[4]).toMatchObject({ before: { disabled: false }, after: { disabled: true } });
    // A removed account no longer signs in.
    await expect(signInStaff(services.deps, { email: 'mei.chen@inspectra.example', password: 'service-desk-2026' }, { ip: '192.0.2.98' }, memoryCookieJar())).rejects.toMatchObject({
      code: 'Unauthorized',
      params: { reason: 'accountDisabled' },
    });
  });

  it('signs a removed staff member out at once', async () => {
    const clerk = await makeStaff(services.deps.db, { permissions: ['manage_course'] });
    const token = await startSession(services.deps, { staffId: clerk.id });
    expect((await resumeSession(services.deps, token, 'staff')).status).toBe('active');
    await asBoss.staff.admin.remove({ staffId: clerk.id });
    expect((await resumeSession(services.deps, token, 'staff')).status).toBe('none');
    expect(await failure(callerFor(services.deps, { kind: 'staff', staffId: clerk.id }).courses.admin.list())).toMatchObject({ code: 'Unauthorized', params: { reason: 'notStaff' } });
  });

  it('refuses removing oneself, and changes nothing', async () => {
    expect(await failure(asBoss.staff.admin.remove({ staffId: boss.id }))).toMatchObject({ code: 'OperationError', params: { reason: 'cannotDeleteSelf' } });
    expect((await asBoss.staff.admin.list()).items.map((item) => item.id)).toContain(boss.id);
    expect(await auditOf(boss.email)).toEqual([]);
  });

  it('refuses bad input with field errors and an unknown account as not found', async () => {
    expect(await failure(asBoss.staff.admin.create({ email: 'not-an-address', name: '', password: 'short', permissions: [] }))).toMatchObject({
      code: 'InvalidInput',
      fieldErrors: { email: ['validation.email'], name: ['validation.required'], password: ['validation.passwordLength'] },
    });
    expect(await failure(asBoss.staff.admin.create({ email: boss.email, name: 'Again', password: 'long enough 1', permissions: [] }))).toMatchObject({ code: 'StaffEmailTaken' });
    expect(await failure(asBoss.staff.admin.grant({ staffId: boss.id, roles: ['root' as never] }))).toMatchObject({ code: 'InvalidInput' });
    expect(await failure(asBoss.staff.admin.grant({ staffId: boss.id, roles: [] }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { roles: ['validation.required'] } });
    expect(await failure(asBoss.staff.admin.grant({ staffId: '00000000-0000-4000-8000-000000000000', roles: ['manage_course'] }))).toMatchObject({ code: 'NotFound' });
  });
});

describe('at least one super staff remains', () => {
  it('refuses demoting or revoking the last super, and allows it while another remains', async () => {
    const { db } = services.deps;
    // Make `boss` the only super staff of this database.
    for (const row of await db.select().from(staffTable).where(eq(staffTable.super, true))) if (row.id !== boss.id) await db.update(staffTable).set({ super: false }).where(eq(staffTable.id, row.id));
    expect(await superCount()).toBe(1);
    expect(await failure(asBoss.staff.admin.update({ staffId: boss.id, name: boss.name, super: false, permissions: [] }))).toMatchObject({ code: 'OperationError', params: { reason: 'lastSuperStaff' } });
    expect(await failure(asBoss.staff.admin.revoke({ staffId: boss.id, roles: ['super'] }))).toMatchObject({ code: 'OperationError', params: { reason: 'lastSuperStaff' } });
    expect(await superCount()).toBe(1);

    const second = await asBoss.staff.admin.create({ email: 'ops.lead@inspectra.example', name: 'Ops lead', password: 'ops-lead-2026', super: true, permissions: [] });
    expect(await asBoss.staff.admin.revoke({ staffId: boss.id, roles: ['super'] })).toMatchObject({ super: false });
    const asSecond = callerFor(services.deps, { kind: 'staff', staffId: second.id });
    expect(await failure(asSecond.staff.admin.remove({ staffId: second.id }))).toMatchObject({ params: { reason: 'cannotDeleteSelf' } });
    expect(await asSecond.staff.admin.grant({ staffId: boss.id, roles: ['super'] })).toMatchObject({ super: true });
  });

  it('lets only one of two supers demote the other at the same moment', async () => {
    const { db } = services.deps;
    const a = await makeStaff(db, { super: true });
    const b = await makeStaff(db, { super: true });
    for (const row of await db.select().from(staffTable).where(eq(staffTable.super, true))) if (row.id !== a.id && row.id !== b.id) await db.update(staffTable).set({ super: false }).where(eq(staffTable.id, row.id));
    const asA = callerFor(services.deps, { kind: 'staff', staffId: a.id });
    const asB = callerFor(services.deps, { kind: 'staff', staffId: b.id });
    const results = await Promise.allSettled([asA.staff.admin.remove({ staffId: b.id }), asB.staff.admin.remove({ staffId: a.id })]);
    const passed = results.filter((result) => result.status === 'fulfilled');
    expect(passed).toHaveLength(1);
    expect(await superCount()).toBe(1);
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    // The loser is either refused as the last super, or was removed first and is no longer staff.
    expect(['OperationError', 'Unauthorized']).toContain((refused.reason as { cause?: { code?: string } }).cause?.code ?? (refused.reason as { code?: string }).code);
  });
});
