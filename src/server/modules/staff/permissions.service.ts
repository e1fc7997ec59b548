import { staffPermissions, type StaffPermission } from '../../../shared/staff';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import type { SessionStaff } from '../sessions/sessions.service';
import { findStaffById, findStaffHolding, type NewStaffRow, type StaffRow } from './staff.repository';

export type { StaffRow };

/** The column of each permission in a staff row (spec section 3 'Admin'). */
const permissionFields = {
  confirm_order: 'confirmOrder',
  confirm_payment: 'confirmPayment',
  apply_points: 'applyPoints',
  customer_service: 'customerService',
  manage_course: 'manageCourse',
  activate_account: 'activateAccount',
  content_management: 'contentManagement',
  agent_management: 'agentManagement',
  points_management: 'pointsManagement',
} as const satisfies Record<StaffPermission, keyof StaffRow>;

/** Super staff hold every permission. */
export function hasPermission(row: SessionStaff, permission: StaffPermission): boolean {
  return row.super || row[permissionFields[permission]];
}

export function permissionValues(permissions: readonly StaffPermission[]): Partial<NewStaffRow> {
  return Object.fromEntries(permissions.map((permission) => [permissionFields[permission], true]));
}

/** Every permission column set: true for those in `permissions`, false for the rest. */
export function allPermissionValues(permissions: readonly StaffPermission[]): Partial<NewStaffRow> {
  return Object.fromEntries(staffPermissions.map((permission) => [permissionFields[permission], permissions.includes(permission)]));
}

/** The permissions a staff row holds in its own right (not counting super). */
export function ownPermissions(row: StaffRow): StaffPermission[] {
  return staffPermissions.filter((permission) => row[permissionFields[permission]]);
}

/** The staff member behind `staffId`, if active and holding `permission`; Unauthorized otherwise. */
export async function requireStaffPermission(db: Executor, staffId: string, permission: StaffPermission, readAlready?: SessionStaff): Promise<SessionStaff> {
  const member = await staffRow(db, staffId, readAlready);
  if (!member || member.disabled) throw new AppError('Unauthorized', { action: permission, reason: 'notStaff' });
  if (!hasPermission(member, permission)) throw new AppError('Unauthorized', { action: permission, reason: 'missingPermission' });
  return member;
}

/** The staff member behind `staffId`, if active and holding at least one of `permissions`; Unauthorized otherwise. */
export async function requireAnyStaffPermission(db: Executor, staffId: string, permissions: readonly StaffPermission[], readAlready?: SessionStaff): Promise<SessionStaff> {
  const member = await staffRow(db, staffId, readAlready);
  if (!member || member.disabled) throw new AppError('Unauthorized', { action: permissions.join('|'), reason: 'notStaff' });
  if (!permissions.some((permission) => hasPermission(member, permission))) throw new AppError('Unauthorized', { action: permissions.join('|'), reason: 'missingPermission' });
  return member;
}

/** Super staff only (the security settings, staff, the audit log); Unauthorized otherwise. */
export async function requireSuperStaff(db: Executor, staffId: string, readAlready?: SessionStaff): Promise<SessionStaff> {
  const member = await staffRow(db, staffId, readAlready);
  if (!member || member.disabled) throw new AppError('Unauthorized', { action: 'securitySettings', reason: 'notStaff' });
  if (!member.super) throw new AppError('Unauthorized', { action: 'securitySettings', reason: 'notSuperStaff' });
  return member;
}

/** The staff member's row: the one read with the request's session moments ago, if any, is as fresh as a new read. */
async function staffRow(db: Executor, staffId: string, readAlready: SessionStaff | undefined): Promise<SessionStaff | undefined> {
  return readAlready?.id === staffId ? readAlready : findStaffById(db, staffId);
}

/** Active staff who hold `permission`: the people a notice of that kind goes to. */
export function staffHolding(db: Executor, permission: StaffPermission): Promise<StaffRow[]> {
  return findStaffHolding(db, permission);
}
