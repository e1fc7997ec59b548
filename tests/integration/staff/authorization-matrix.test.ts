import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from '../../../src/server/trpc/router';
import type { Actor } from '../../../src/server/trpc/context';
import { staffPermissions, type StaffPermission } from '../../../src/shared/staff';
import { makeMember } from '../../factories/members';
import { makeStaff } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

/**
 * Every staff procedure and who may call it: one permission, any of several, or super staff only.
 * The first test fails when a staff procedure is added without a line here.
 */
const expected: Record<string, 'super' | StaffPermission[]> = {
  'staff.admin.list': 'super',
  'staff.admin.create': 'super',
  'staff.admin.update': 'super',
  'staff.admin.grant': 'super',
  'staff.admin.revoke': 'super',
  'staff.admin.remove': 'super',
  'audit.admin.search': 'super',
  'staff.admin.mailSettings': 'super',
  'staff.admin.updateMailSettings': 'super',
  'settings.security': 'super',
  'settings.updateSecurity': 'super',
  'accounts.admin.search': ['activate_account'],
  'accounts.admin.group': ['activate_account'],
  'accounts.admin.groupClassChanges': ['activate_account'],
  'accounts.admin.enableTrial': ['activate_account'],
  'accounts.admin.changeClass': ['activate_account'],
  'accounts.admin.disableUser': ['activate_account'],
  'accounts.admin.enableUser': ['activate_account'],
  'accounts.admin.awaitingActivation': ['activate_account'],
  'accounts.admin.activate': ['activate_account'],
  'accounts.admin.agents.list': ['agent_management'],
  'accounts.admin.agents.referrals': ['agent_management'],
  'accounts.admin.agents.set': ['agent_management'],
  'accounts.admin.agents.clear': ['agent_management'],
  'messages.list': ['customer_service'],
  'messages.get': ['customer_service'],
  'messages.reply': ['customer_service'],
  'shop.coupons': ['points_management'],
  'shop.updateCoupon': ['points_management'],
  'shop.createSmartCoupon': ['points_management'],
  'points.admin.grantBonus': ['points_management'],
  'points.admin.balance': ['points_management'],
  'points.admin.trialApplications': ['apply_points'],
  'points.admin.approveTrial': ['apply_points'],
  'points.admin.refuseTrial': ['apply_points'],
  'platform.admin.deliveries': ['points_management'],
  'platform.admin.retry': ['points_management'],
  'packages.admin.list': ['points_management'],
  'packages.admin.create': ['points_management'],
  'packages.admin.update': ['points_management'],
  'content.admin.list': ['content_management'],
  'content.admin.get': ['content_management'],
  'content.admin.save': ['content_management'],
  'content.admin.setStatus': ['content_management'],
  'content.admin.preview': ['content_management'],
  'content.admin.banners.list': ['content_management'],
  'content.admin.banners.save': ['content_management'],
  'content.admin.banners.setStatus': ['content_management'],
  'content.admin.banners.move': ['content_management'],
  'content.admin.videos.list': ['content_management'],
  'content.admin.videos.save': ['content_management'],
  'content.admin.videos.setStatus': ['content_management'],
  'content.admin.videos.move': ['content_management'],
  'courses.admin.list': ['manage_course'],
  'courses.admin.get': ['manage_course'],
  'courses.admin.create': ['manage_course'],
  'courses.admin.update': ['manage_course'],
  'courses.admin.addSlot': ['manage_course'],
  'courses.admin.updateSlot': ['manage_course'],
  'courses.admin.setSlotStatus': ['manage_course'],
  'courses.admin.enrollees': ['manage_course'],
  'courses.admin.exportEnrollees': ['manage_course'],
  'courses.admin.cancelForMember': ['manage_course'],
  'orders.admin.list': ['confirm_order', 'confirm_payment'],
  'orders.admin.show': ['confirm_order', 'confirm_payment'],
  'orders.admin.confirm': ['confirm_order'],
  'orders.admin.cancel': ['confirm_order'],
  'orders.admin.confirmPayment': ['confirm_payment'],
  'orders.admin.enable': ['confirm_payment'],
  'orders.admin.complete': ['confirm_payment'],
};

const procedures = (appRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def.procedures;
/** Not a permission check: the back office asks it who is signed in, and a member gets 'not signed in'. */
const sessionReads = ['staff.me'];

let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

/** Calls a procedure by its path with an input no schema accepts, so that nothing changes whoever passes the permission check. */
async function outcome(actor: Actor, path: string): Promise<string> {
  let target: unknown = callerFor(services.deps, actor);
  for (const segment of path.split('.')) target = (target as Record<string, unknown>)[segment];
  const call = (target as (input: unknown) => Promise<unknown>)({ __matrix: true, staffId: 'not-a-uuid', groupId: '!', userId: '!', orderId: '!', courseId: '!', slotId: '!' });
  try {
    await call;
    return 'passed';
  } catch {
    const error = await failure(call);
    if (error.code === 'MissingAuthentication') return 'signedOut';
    if (error.code === 'Unauthorized' && ['missingPermission', 'notSuperStaff', 'notStaff'].includes(String((error.params as { reason?: string }).reason))) return 'refused';
    return 'passed';
  }
}

describe('the authorization matrix over every staff procedure', () => {
  it('lists every staff procedure: each procedure that a signed-in member cannot call for want of a staff sign-in', async () => {
    const member = await makeMember(services.deps.db);
    const staffPaths: string[] = [];
    for (const path of Object.keys(procedures)) {
      if (!sessionReads.includes(path) && (await outcome({ kind: 'member', userId: member.id }, path)) === 'signedOut') staffPaths.push(path);
    }
    expect(staffPaths.sort()).toEqual(Object.keys(expected).sort());
  });

  it('lets through exactly super staff and the holders of the right permission; members and visitors are not signed in as staff', { timeout: 120_000 }, async () => {
    const member = await makeMember(services.deps.db);
    const superStaff = await makeStaff(services.deps.db, { super: true });
    const holders = new Map<StaffPermission, string>();
    for (const permission of staffPermissions) holders.set(permission, (await makeStaff(services.deps.db, { permissions: [permission] })).id);
    const noPermission = await makeStaff(services.deps.db);

    const wrong: string[] = [];
    const check = (path: string, who: string, got: string, want: string) => {
      if (got !== want) wrong.push(`${path} as ${who}: ${got}, expected ${want}`);
    };
    for (const [path, rule] of Object.entries(expected)) {
      check(path, 'visitor', await outcome({ kind: 'visitor' }, path), 'signedOut');
      check(path, 'member', await outcome({ kind: 'member', userId: member.id }, path), 'signedOut');
      check(path, 'super', await outcome({ kind: 'staff', staffId: superStaff.id }, path), 'passed');
      check(path, 'no permission', await outcome({ kind: 'staff', staffId: noPermission.id }, path), 'refused');
      for (const permission of staffPermissions) {
        const allowed = rule !== 'super' && rule.includes(permission);
        check(path, permission, await outcome({ kind: 'staff', staffId: holders.get(permission)! }, path), allowed ? 'passed' : 'refused');
      }
    }
    expect(wrong).toEqual([]);
  });
});
