import type { Executor } from './db/client';
import type { Deps } from './deps';
import { addDemoAccountWork, addDemoBusinessCard } from './modules/accounts/demo-accounts';
import { createEnterprise } from './modules/accounts/enterprise.service';
import { disableMembersSigningInWith } from './modules/accounts/users.service';
import { hashPassword } from './modules/auth/password-hash';
import { addDemoAgents } from './modules/accounts/demo-agents';
import { addDemoNewsIfNone } from './modules/content/content.service';
import { addDemoCoursesIfNone } from './modules/courses/demo-courses';
import { addDemoOrders } from './modules/orders/demo-orders';
import { addStandardPackagesIfNone } from './modules/packages/standard-packages';
import { addDemoMessagesIfNone } from './modules/messages/demo-messages';
import { addDemoPoints, addDemoTransferAndTrial } from './modules/points/demo-points';
import { addDemoDevices } from './modules/platform/demo-devices';
import { addDemoMedia } from './modules/content/demo-media';
import { addDemoHostInfo } from './modules/platform/host-info.service';
import { createStaff, disableStaffSigningInWith, hasStaff } from './modules/staff/staff.service';
import { setStaffAuthenticator } from './modules/staff/staff-totp.service';
import { addDemoTeams } from './modules/teams/demo-teams';

/**
 * Demo sign-ins, documented in the README; seeded only into a database with no staff yet. Staff must
 * use an authenticator, so each has one already, with the secret the README publishes (add it to an
 * authenticator app, or `oathtool --totp -b <secret>`).
 */
export const demoStaff = [
  { email: 'admin@inspectra.example', name: '系統管理員', password: 'inspectra-demo', super: true, permissions: [], totpSecret: 'DGCGVC47ZT5PMTLGJBKXB62LVJ3BILGW' },
  { email: 'service@inspectra.example', name: '客服 陳怡君', password: 'inspectra-demo', super: false, permissions: ['customer_service' as const], totpSecret: '6UIUOMEOL4ELDSBU4JYYGWOWOO5S264A' },
  { email: 'accounts@inspectra.example', name: '帳務 王美華', password: 'inspectra-demo', super: false, permissions: ['activate_account' as const], totpSecret: 'JVISRPOZP2D6R2UTOA3PGKANCK4P3JGW' },
];

/**
 * Adds the demo data in one transaction, so that a failure leaves no half-seeded database (and no
 * demo staff without the rest). A domain's demo data is one function of its module, called here with `tx`.
 */
export async function seedDemoData(deps: Pick<Deps, 'db' | 'log' | 'clock' | 'totpKey' | 'storage'>): Promise<boolean> {
  if (await hasStaff(deps.db)) return false;
  const memberPasswordHash = await hashPassword(demoMember.password);
  const seeded = await deps.db.transaction(async (tx) => {
    if (await hasStaff(tx)) return false;
    for (const { totpSecret, ...member } of demoStaff) {
      const created = await createStaff(tx, member);
      await setStaffAuthenticator({ ...deps, db: tx }, created.id, totpSecret);
    }
    const buyer = await seedDemoMember(tx, memberPasswordHash);
    await addDemoBusinessCard(tx, deps.storage, buyer.userId, new Date());
    await addDemoPoints(tx, demoMember.email, new Date());
    // The orders after the account's platform domain (set by the demo points) and before its transfers, which spend their points.
    await addStandardPackagesIfNone(tx);
    await addDemoOrders(tx, buyer, new Date());
    await addDemoTeams(tx, deps.storage, demoMember.email, memberPasswordHash, new Date());
    await addDemoTransferAndTrial(tx, demoMember.email, 'k.tanaka@kasumi-denshi.example', new Date());
    await addDemoDevices(tx, demoMember.email, new Date());
    await addDemoHostInfo(tx, deps.totpKey, buyer.groupId, new Date());
    await addDemoMessagesIfNone(tx, new Date());
    await addDemoAgents(tx, buyer.groupId, new Date());
    await addDemoNewsIfNone(tx);
    await addDemoMedia(tx, new Date());
    await addDemoCoursesIfNone(tx, new Date(), demoMember.email);
    await addDemoAccountWork(tx, { superEmail: demoStaff[0]!.email, accountsEmail: demoStaff[2]!.email, memberEmail: demoMember.email, passwordHash: memberPasswordHash, now: new Date() });
    return true;
  });
  if (!seeded) return false;
  deps.log.info({ staff: demoStaff.map((member) => member.email), member: demoMember.email }, 'demo data seeded');
  return true;
}

/** A demo enterprise with an active, verified administrator, documented in the README. */
export const demoMember = { email: 'lin.zm@chenghong-parts.example', name: '林志明', password: 'inspectra-demo' };

async function seedDemoMember(tx: Executor, passwordHash: string) {
  const { group, user } = await createEnterprise(
    tx,
    {
      companyName: '晟弘精密工業股份有限公司',
      taxId: '24536806',
      name: demoMember.name,
      phone: '04-2359-1234',
      email: demoMember.email,
      passwordHash,
      language: 'zh-TW',
      companyAddress: '台中市西屯區工業區一路 1 號',
    },
    new Date(),
    { activated: true },
  );
  return { groupId: group.id, userId: user.id, name: user.name, companyName: group.companyName };
}

/**
 * A deployment started on a database that holds the demo data (a laptop's `npm start` carried
 * over): its accounts sign in with the password this README publishes. Every staff member and
 * member at a reserved `.example` address (RFC 2606: no real mailbox) who still signs in with it is
 * disabled, in one transaction. Their e-mails, for the log.
 */
export async function closeDemoSignIns(deps: Pick<Deps, 'db' | 'clock'>): Promise<string[]> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => [
    ...(await disableStaffSigningInWith(tx, '.example', demoMember.password, now)),
    ...(await disableMembersSigningInWith(tx, '.example', demoMember.password, now)),
  ]);
}
