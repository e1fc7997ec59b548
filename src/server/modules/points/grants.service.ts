import { bonusGrantInput, ledgerKind, projectType, toTenths, type BonusGrantForm } from '../../../shared/points';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { groupById, userByEmail, type GroupRow } from '../accounts/users.service';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { schedulePlatformDeliveries } from '../platform/platform.service';
import { applyMovement, queueCreditForPlatform } from './ledger.service';

/** An enterprise account named by its 14-character group id or by the e-mail of one of its members. */
export async function resolveGroup(db: Executor, reference: string): Promise<GroupRow> {
  const trimmed = reference.trim();
  if (/^[A-Z0-9]{14}$/.test(trimmed)) {
    const group = await groupById(db, trimmed);
    if (group) return group;
  }
  const user = trimmed.includes('@') ? await userByEmail(db, trimmed.toLowerCase()) : undefined;
  const group = user ? await groupById(db, user.groupId) : undefined;
  if (!group) throw new AppError('UserNotFound', trimmed.includes('@') ? { email: trimmed.toLowerCase() } : {});
  return group;
}

/**
 * Bonus points (issue 9 part 6): staff with points_management grant M Points to an enterprise
 * account with a reason, recorded paid; the member sees them in /point-record.
 */
export async function grantBonus(deps: Pick<Deps, 'db' | 'clock' | 'jobs' | 'log'>, form: BonusGrantForm, actor: StaffActor): Promise<{ groupId: string; entryId: number; points: number }> {
  const by = actor.staffEmail;
  const input = bonusGrantInput.parse(form);
  const { result, deliveryIds } = await deps.db.transaction(async (tx) => {
    const group = await resolveGroup(tx, input.account);
    const { entry } = await applyMovement(tx, {
      account: { groupId: group.id },
      projectType: projectType.mPoint,
      points: toTenths(input.points),
      kind: ledgerKind.bonus,
      isRemit: true,
      reason: input.reason,
      by,
      at: deps.clock(),
    });
    await recordStaffAction(tx, { ...actor, action: 'points.grantBonus', target: `group:${group.id}`, after: { points: entry.points, projectType: entry.projectType, reason: input.reason } });
    const deliveryIds = await queueCreditForPlatform(tx, { groupId: group.id, projectType: projectType.mPoint, points: entry.points, by, at: entry.createdAt });
    return { result: { groupId: group.id, entryId: entry.id, points: entry.points }, deliveryIds };
  });
  await schedulePlatformDeliveries(deps, deliveryIds);
  return result;
}
