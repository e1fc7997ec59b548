import {
  createStaffInput,
  staffIdInput,
  staffRolesInput,
  updateStaffInput,
  type CreateStaffInput,
  type StaffMember,
  type StaffRolesForm,
  type UpdateStaffForm,
} from '../../../shared/staff';
import type { Deps } from '../../deps';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { endSessionsOfStaff } from '../sessions/sessions.service';
import { allPermissionValues, ownPermissions } from './permissions.service';
import { findActiveStaff, lockActiveSuperStaff, lockStaff, updateStaffRow } from './staff-admin.repository';
import type { StaffRow } from './staff.repository';
import { createStaff } from './staff.service';

/** Staff management by super staff (issue 12 part 2); every change is audited in its own transaction. */

function toMember(row: StaffRow): StaffMember {
  return { id: row.id, email: row.email, name: row.name, super: row.super, permissions: ownPermissions(row), createdAt: row.createdAt };
}

/** What the audit log keeps of a staff account before and after a change. */
function snapshot(row: StaffRow) {
  return { name: row.name, super: row.super, permissions: ownPermissions(row), disabled: row.disabled };
}

export async function listStaff(deps: Pick<Deps, 'db'>): Promise<{ items: StaffMember[] }> {
  return { items: (await findActiveStaff(deps.db)).map(toMember) };
}

export async function addStaff(deps: Pick<Deps, 'db'>, actor: StaffActor, form: CreateStaffInput): Promise<StaffMember> {
  const input = createStaffInput.parse(form);
  return deps.db.transaction(async (tx) => {
    const row = await createStaff(tx, input, actor.staffId ?? undefined);
    await recordStaffAction(tx, { ...actor, action: 'staff.create', target: `staff:${row.email}`, after: snapshot(row) });
    return toMember(row);
  });
}

/**
 * Locks the super staff (then the account) and refuses a change that would leave no active super
 * staff. The lock order is always the same, so concurrent changes queue instead of deadlocking.
 */
async function lockForChange(tx: Tx, staffId: string, keepsSuper: (row: StaffRow) => boolean): Promise<StaffRow> {
  const supers = await lockActiveSuperStaff(tx);
  const row = await lockStaff(tx, staffId);
  if (!row || row.disabled) throw new AppError('NotFound');
  if (row.super && !keepsSuper(row) && supers.filter((id) => id !== row.id).length === 0) throw new AppError('OperationError', { reason: 'lastSuperStaff' });
  return row;
}

export async function editStaff(deps: Pick<Deps, 'db'>, actor: StaffActor, form: UpdateStaffForm): Promise<StaffMember> {
  const input = updateStaffInput.parse(form);
  return deps.db.transaction(async (tx) => {
    const before = await lockForChange(tx, input.staffId, () => input.super);
    const after = await updateStaffRow(tx, input.staffId, { name: input.name, super: input.super, ...allPermissionValues(input.permissions), updatedAt: new Date() });
    await recordStaffAction(tx, { ...actor, action: 'staff.update', target: `staff:${after.email}`, before: snapshot(before), after: snapshot(after) });
    return toMember(after);
  });
}

async function changeRoles(deps: Pick<Deps, 'db'>, actor: StaffActor, form: StaffRolesForm, grant: boolean): Promise<StaffMember> {
  const { staffId, roles } = staffRolesInput.parse(form);
  return deps.db.transaction(async (tx) => {
    const before = await lockForChange(tx, staffId, (row) => grant || !roles.includes('super') || !row.super);
    const held = new Set(ownPermissions(before));
    for (const role of roles) {
      if (role === 'super') continue;
      if (grant) held.add(role);
      else held.delete(role);
    }
    const superFlag = roles.includes('super') ? grant : before.super;
    const after = await updateStaffRow(tx, staffId, { super: superFlag, ...allPermissionValues([...held]), updatedAt: new Date() });
    await recordStaffAction(tx, { ...actor, action: grant ? 'staff.grant' : 'staff.revoke', target: `staff:${after.email}`, before: snapshot(before), after: snapshot(after) });
    return toMember(after);
  });
}

export function grantStaffRoles(deps: Pick<Deps, 'db'>, actor: StaffActor, form: StaffRolesForm): Promise<StaffMember> {
  return changeRoles(deps, actor, form, true);
}

export function revokeStaffRoles(deps: Pick<Deps, 'db'>, actor: StaffActor, form: StaffRolesForm): Promise<StaffMember> {
  return changeRoles(deps, actor, form, false);
}

/**
 * Removes a staff account: it is disabled (kept, since orders, courses and the audit log name it) and
 * signed out at once. Nobody removes themselves; the last super staff cannot be removed.
 */
export async function removeStaff(deps: Pick<Deps, 'db'>, actor: StaffActor, form: { staffId: string }): Promise<{ removed: true }> {
  const { staffId } = staffIdInput.parse(form);
  if (staffId === actor.staffId) throw new AppError('OperationError', { reason: 'cannotDeleteSelf' });
  return deps.db.transaction(async (tx) => {
    const before = await lockForChange(tx, staffId, () => false);
    const after = await updateStaffRow(tx, staffId, { disabled: true, updatedAt: new Date() });
    await endSessionsOfStaff(tx, staffId);
    await recordStaffAction(tx, { ...actor, action: 'staff.remove', target: `staff:${after.email}`, before: snapshot(before), after: snapshot(after) });
    return { removed: true as const };
  });
}
