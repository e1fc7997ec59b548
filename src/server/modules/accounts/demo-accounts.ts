import fs from 'node:fs';
import path from 'node:path';
import type { Tx } from '../../db/client';
import { projectRoot } from '../../project-root';
import type { FileStorage } from '../files/storage';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { staffByEmail } from '../staff/staff.service';
import { addMonths } from './account-admin.service';
import { uploadBusinessCard } from './accounts.service';
import { insertClassChange } from './account-admin.repository';
import { findUserByEmail, updateGroup, updateUser } from './accounts.repository';
import { createEnterprise } from './enterprise.service';

/**
 * Demo data of the back office's account work: a member waiting for activation, a disabled member,
 * the demo member's company upgraded to the Advanced class, and the audit rows of those changes.
 */
export async function addDemoAccountWork(tx: Tx, input: { superEmail: string; accountsEmail: string; memberEmail: string; passwordHash: string; now: Date }): Promise<void> {
  const boss = await staffByEmail(tx, input.superEmail);
  const clerk = await staffByEmail(tx, input.accountsEmail);
  if (!boss || !clerk) return;
  const asBoss: StaffActor = { staffId: boss.id, staffEmail: boss.email, address: '203.0.113.24' };
  const asClerk: StaffActor = { staffId: clerk.id, staffEmail: clerk.email, address: '203.0.113.57' };
  const { now } = input;
  await recordStaffAction(tx, { ...asBoss, action: 'staff.create', target: `staff:${clerk.email}`, after: { name: clerk.name, super: false, permissions: ['activate_account'], disabled: false } });

  await createEnterprise(
    tx,
    { companyName: '台中精密模具有限公司', taxId: '53212539', name: '陳雅婷', phone: '04-2461-0088', email: 'chen.yt@taichung-molding.example', passwordHash: input.passwordHash, language: 'zh-TW', companyAddress: '台中市大雅區中清路四段 88 號' },
    now,
  );

  const disabled = await createEnterprise(
    tx,
    { companyName: 'Northbay Metal Works', taxId: '90123457', name: 'Emma Hsu', phone: '+886 7 555 0142', email: 'emma.hsu@northbay-metal.example', passwordHash: input.passwordHash, language: 'en', companyAddress: 'No. 5, Linhai 3rd Rd, Kaohsiung' },
    now,
    { activated: true },
  );
  await updateUser(tx, disabled.user.id, { disabled: true, updatedAt: now });
  await recordStaffAction(tx, { ...asClerk, action: 'user.disable', target: `user:${disabled.user.email}`, before: { disabled: false }, after: { disabled: true } });

  const member = await findUserByEmail(tx, input.memberEmail);
  if (!member) return;
  const started = addMonths(now, -4);
  const expiry = addMonths(started, 12);
  await updateGroup(tx, member.groupId, { memberClass: 'advanced', classEffectiveFrom: started, classExpireDate: expiry, classAccConsumption: 0, classLastModifiedAt: started });
  await insertClassChange(tx, { groupId: member.groupId, action: 'upgrade', fromClass: 'normal', toClass: 'advanced', fromExpireDate: addMonths(now, 2), toExpireDate: expiry, createdBy: clerk.id, createdAt: started });
  await recordStaffAction(tx, {
    ...asClerk,
    action: 'group.classChange',
    target: `group:${member.groupId}`,
    before: { memberClass: 'normal', classAccConsumption: 0 },
    after: { action: 'upgrade', memberClass: 'advanced', classExpireDate: expiry, classAccConsumption: 0 },
  });
}

/**
 * The demo member's business card (a PNG beside this file), so that the demo's profile is complete
 * and Buy points can issue a quotation at once.
 */
export async function addDemoBusinessCard(tx: Tx, storage: FileStorage, userId: string, now: Date): Promise<void> {
  const bytes = fs.readFileSync(path.join(projectRoot(), 'src/server/modules/accounts/demo-business-card.png'));
  await uploadBusinessCard({ db: tx, storage, clock: () => now }, userId, bytes, { overwrite: true });
}
