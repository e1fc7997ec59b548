import { z } from 'zod';
import { balanceOutput, bonusGrantInput, grantOutput, lowBalanceInput, lowBalanceOutput, recordsInput, recordsOutput, staffBalanceInput, visibleProjectTypes } from '../../../shared/points';
import { router } from '../../trpc/init';
import { memberProcedure, staff } from '../../trpc/procedures';
import { staffProfile } from '../staff/staff-sign-in.service';
import { setLowBalanceThreshold } from './alerts.service';
import { readBalance } from './balance.service';
import { grantBonus, resolveGroup } from './grants.service';
import { listRecords, memberAccount } from './records.service';

export const pointsRouter = router({
  /** The member's remaining points; only the general type 9 is shown to members. */
  balance: memberProcedure.output(balanceOutput).query(async ({ ctx }) => {
    const balance = await readBalance(ctx.deps, await memberAccount(ctx.deps.db, ctx.userId));
    return { ...balance, types: balance.types.filter((figure) => visibleProjectTypes.includes(figure.projectType as never)) };
  }),
  /** /point-record: purchases, trial and bonus points of the enterprise account. */
  records: memberProcedure
    .input(recordsInput)
    .output(recordsOutput)
    .query(async ({ ctx, input }) => listRecords(ctx.deps, await memberAccount(ctx.deps.db, ctx.userId), 'points', input)),
  /** /point-transfer-record: the enterprise account's transfers. */
  transferRecords: memberProcedure
    .input(recordsInput)
    .output(recordsOutput)
    .query(async ({ ctx, input }) => listRecords(ctx.deps, await memberAccount(ctx.deps.db, ctx.userId), 'transfers', input)),
  setLowBalanceAlert: memberProcedure
    .input(lowBalanceInput)
    .output(lowBalanceOutput)
    .mutation(({ ctx, input }) => setLowBalanceThreshold(ctx.deps, ctx.userId, input)),
  admin: router({
    grantBonus: staff('points_management')
      .input(bonusGrantInput)
      .output(grantOutput)
      .mutation(async ({ ctx, input }) => grantBonus(ctx.deps, input, (await staffProfile(ctx.deps, ctx.staffId)).email)),
    /** Every project type of any enterprise account. */
    balance: staff('points_management')
      .input(staffBalanceInput)
      .output(balanceOutput.extend({ groupId: z.string() }))
      .query(async ({ ctx, input }) => {
        const group = await resolveGroup(ctx.deps.db, input.account);
        return { groupId: group.id, ...(await readBalance(ctx.deps, { groupId: group.id })) };
      }),
  }),
});
