import type { StaffPermission } from '../../shared/staff';
import { AppError } from '../errors';
import { requireStaffPermission } from '../modules/staff/staff.service';
import { publicProcedure } from './init';

export { publicProcedure };

/** A signed-in member. The session rules (status 1, verified e-mail) live in the accounts service. */
export const memberProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.actor.kind !== 'member') throw new AppError('MissingAuthentication');
  return next({ ctx: { ...ctx, userId: ctx.actor.userId } });
});

/** Staff holding `permission` (or super), checked against the database on every call. */
export function staff(permission: StaffPermission) {
  return publicProcedure.use(async ({ ctx, next }) => {
    if (ctx.actor.kind !== 'staff') throw new AppError('MissingAuthentication');
    const member = await requireStaffPermission(ctx.deps.db, ctx.actor.staffId, permission);
    return next({ ctx: { ...ctx, staffId: member.id } });
  });
}
