import { classChangeInput, memberClasses, type ClassChange, type ClassChangeAction, type MemberClass } from '../../../shared/account-admin';
import { groupStatus } from '../../../shared/accounts';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { addMonths } from './account-admin.service';
import { findClassChanges, insertClassChange, lockGroup, type ClassChangeRow } from './account-admin.repository';
import { findUserById, updateGroup } from './accounts.repository';

/** Membership classes (issue 12 part 5): upgrade, reset, renew, downgrade, each recorded in class_changes and the audit log. */

function toChange(row: ClassChangeRow): ClassChange {
  return {
    id: row.id,
    groupId: row.groupId,
    action: row.action as ClassChangeAction,
    fromClass: row.fromClass,
    toClass: row.toClass,
    fromExpireDate: row.fromExpireDate,
    toExpireDate: row.toExpireDate,
    createdAt: row.createdAt,
  };
}

function nextClass(current: MemberClass, action: ClassChangeAction): MemberClass {
  const index = memberClasses.indexOf(current);
  if (action === 'reset') return 'normal';
  if (action === 'renew') return current;
  if (action === 'upgrade') {
    if (index === memberClasses.length - 1) throw new AppError('OperationError', { reason: 'classAtTop' });
    return memberClasses[index + 1]!;
  }
  if (index === 0) throw new AppError('OperationError', { reason: 'classAtBottom' });
  return memberClasses[index - 1]!;
}

/**
 * Changes an activated group's class (spec section 3 'account-change actions'), under a lock on the
 * group row: a new 12-month period with zero accumulated consumption; renew extends from the later
 * of now and the current expiry.
 */
export async function changeClass(deps: Pick<Deps, 'db' | 'clock'>, actor: StaffActor, form: { groupId: string; action: ClassChangeAction }): Promise<ClassChange> {
  const { groupId, action } = classChangeInput.parse(form);
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    if (!group) throw new AppError('NotFound');
    if (group.status === groupStatus.notActivated) throw new AppError('OperationError', { reason: 'groupNotActivated' });
    const current = (memberClasses as readonly string[]).includes(group.memberClass ?? '') ? (group.memberClass as MemberClass) : 'normal';
    const toClass = nextClass(current, action);
    const start = action === 'renew' && group.classExpireDate && group.classExpireDate > now ? group.classExpireDate : now;
    const toExpireDate = addMonths(start, 12);
    await updateGroup(tx, groupId, {
      memberClass: toClass,
      classEffectiveFrom: action === 'renew' ? (group.classEffectiveFrom ?? now) : now,
      classExpireDate: toExpireDate,
      classAccConsumption: 0,
      classLastModifiedAt: now,
      updatedAt: now,
    });
    const row = await insertClassChange(tx, { groupId, action, fromClass: group.memberClass, toClass, fromExpireDate: group.classExpireDate, toExpireDate, createdBy: actor.staffId, createdAt: now });
    await recordStaffAction(tx, {
      ...actor,
      action: 'group.classChange',
      target: `group:${groupId}`,
      before: { memberClass: group.memberClass, classExpireDate: group.classExpireDate, classAccConsumption: group.classAccConsumption },
      after: { action, memberClass: toClass, classExpireDate: toExpireDate, classAccConsumption: 0 },
    });
    return toChange(row);
  });
}

/** A group's class changes, newest first (the back office's group page). */
export async function classChangesOfGroup(deps: Pick<Deps, 'db'>, groupId: string): Promise<{ items: ClassChange[] }> {
  return { items: (await findClassChanges(deps.db, groupId)).map(toChange) };
}

/** The member's own group's class changes (/plan-exchange-record). */
export async function myClassChanges(deps: Pick<Deps, 'db'>, userId: string): Promise<{ items: ClassChange[] }> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('UserNotFound', {});
  return classChangesOfGroup(deps, user.groupId);
}
