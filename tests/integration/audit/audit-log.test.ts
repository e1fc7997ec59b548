import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/db/schema';
import { recordStaffAction } from '../../../src/server/modules/audit/audit.service';
import { makeMember } from '../../factories/members';
import { makeStaff } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
let superStaff: Awaited<ReturnType<typeof makeStaff>>;
let clerk: Awaited<ReturnType<typeof makeStaff>>;
beforeAll(async () => {
  services = await openTestServices();
  superStaff = await makeStaff(services.deps.db, { super: true });
  clerk = await makeStaff(services.deps.db, { permissions: ['activate_account'] });
});
afterAll(() => services?.close());

const superCaller = () => callerFor(services.deps, { kind: 'staff', staffId: superStaff.id });

describe('recording', () => {
  it('writes the row with the change and loses it when the change rolls back', async () => {
    await services.deps.db.transaction((tx) =>
      recordStaffAction(tx, { staffId: clerk.id, staffEmail: clerk.email, address: '10.1.2.3', action: 'user.disable', target: 'user:a@chenghong-parts.example', before: { disabled: false }, after: { disabled: true } }),
    );
    await expect(
      services.deps.db.transaction(async (tx) => {
        await recordStaffAction(tx, { staffId: clerk.id, staffEmail: clerk.email, address: '10.1.2.3', action: 'user.enable', target: 'user:a@chenghong-parts.example' });
        throw new Error('the change failed after its audit row');
      }),
    ).rejects.toThrow('the change failed');
    const { items } = await superCaller().audit.admin.search({ target: 'user:a@chenghong-parts.example' });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ staffEmail: clerk.email, action: 'user.disable', before: { disabled: false }, after: { disabled: true }, address: '10.1.2.3' });
  });
});

describe('search (super staff)', () => {
  it('filters by person, action, target and date, newest first, page by page', async () => {
    const other = await makeStaff(services.deps.db, { permissions: ['activate_account'] });
    await services.deps.db.transaction(async (tx) => {
      for (let index = 0; index < 7; index += 1) {
        await recordStaffAction(tx, { staffId: other.id, staffEmail: other.email, address: null, action: index % 2 ? 'user.activate' : 'group.enableTrial', target: `group:G${index}` });
      }
    });
    const byPerson = await superCaller().audit.admin.search({ staffEmail: other.email.toUpperCase() });
    expect(byPerson.items.map((item) => item.target)).toEqual(['group:G6', 'group:G5', 'group:G4', 'group:G3', 'group:G2', 'group:G1', 'group:G0']);
    const activations = await superCaller().audit.admin.search({ staffEmail: other.email, action: 'user.activate' });
    expect(activations.items.map((item) => item.target)).toEqual(['group:G5', 'group:G3', 'group:G1']);

    const first = await superCaller().audit.admin.search({ staffEmail: other.email, limit: 3 });
    expect(first.items.map((item) => item.target)).toEqual(['group:G6', 'group:G5', 'group:G4']);
    const second = await superCaller().audit.admin.search({ staffEmail: other.email, limit: 3, before: first.nextBefore! });
    expect(second.items.map((item) => item.target)).toEqual(['group:G3', 'group:G2', 'group:G1']);
    const last = await superCaller().audit.admin.search({ staffEmail: other.email, limit: 3, before: second.nextBefore! });
    expect(last).toMatchObject({ items: [{ target: 'group:G0' }], nextBefore: null });

    const future = new Date(Date.now() + 3_600_000);
    expect((await superCaller().audit.admin.search({ staffEmail: other.email, from: future })).items).toEqual([]);
    expect((await superCaller().audit.admin.search({ staffEmail: other.email, to: new Date(Date.now() - 3_600_000) })).items).toEqual([]);
    expect((await superCaller().audit.admin.search({ staffEmail: other.email, from: new Date(Date.now() - 3_600_000), to: future })).items).toHaveLength(7);
  });

  it('refuses bad filters with field errors', async () => {
    expect(await failure(superCaller().audit.admin.search({ action: 'user.delete' as never }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { action: ['validation.invalid'] } });
    expect(await failure(superCaller().audit.admin.search({ from: new Date('2026-02-01'), to: new Date('2026-01-01') }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { to: ['validation.dateRange'] } });
    expect(await failure(superCaller().audit.admin.search({ from: 'not a date' as never }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { from: ['validation.invalid'] } });
  });

  it('is for super staff only', async () => {
    const member = await makeMember(services.deps.db);
    const before = (await services.deps.db.select().from(auditLog)).length;
    expect(await failure(callerFor(services.deps).audit.admin.search({}))).toMatchObject({ code: 'MissingAuthentication' });
    expect(await failure(callerFor(services.deps, { kind: 'member', userId: member.id }).audit.admin.search({}))).toMatchObject({ code: 'MissingAuthentication' });
    expect(await failure(callerFor(services.deps, { kind: 'staff', staffId: clerk.id }).audit.admin.search({}))).toMatchObject({ trpcCode: 'FORBIDDEN', code: 'Unauthorized' });
    expect((await services.deps.db.select().from(auditLog)).length).toBe(before);
  });
});
