import { z } from 'zod';
import {
  balanceOutput,
  bonusGrantInput,
  grantOutput,
  lowBalanceInput,
  lowBalanceOutput,
  recordsInput,
  recordsOutput,
  usageRecordsOutput,
  staffBalanceInput,
  teamRecordsInput,
  teamSidesInput,
  transferInput,
  transferOutput,
  transferSidesOutput,
  visibleProjectTypes,
  myTrialOutput,
  trialApplicationOutput,
  trialApplyInput,
  trialDecisionInput,
  trialListInput,
} from '../../../shared/points';
import { router } from '../../trpc/init';
import { checked, memberProcedure, staff, staffActor } from '../../trpc/procedures';
import { noteAccountRemaining, setLowBalanceThreshold } from './alerts.service';
import { platformUsage, readBalance } from './balance.service';
import { grantBonus, resolveGroup } from './grants.service';
import { listRecords, listUsage } from './records.service';
import { applyForTrial, approveTrial, listTrialApplications, myTrial, refuseTrial } from './trial.service';
import { teamAccount, transferPoints, transferSides } from './transfers.service';

export const pointsRouter = router({
  /** The member's remaining points; only the general type 9 is shown to members. */
  balance: memberProcedure.output(checked(balanceOutput)).query(async ({ ctx }) => {
    const balance = await readBalance(ctx.deps, { groupId: ctx.groupId }, platformUsage(ctx.deps));
    return { ...balance, types: balance.types.filter((figure) => visibleProjectTypes.includes(figure.projectType as never)) };
  }),
  /** /point-record: purchases, trial and bonus points of the enterprise account. */
  records: memberProcedure
    .input(recordsInput)
    .output(checked(recordsOutput))
    .query(async ({ ctx, input }) => listRecords(ctx.deps, { groupId: ctx.groupId }, 'points', input)),
  /** /point-record's usage lines: the enterprise account's training and prediction on the platform. */
  usage: memberProcedure
    .input(recordsInput)
    .output(checked(usageRecordsOutput))
    .query(async ({ ctx, input }) => listUsage(ctx.deps, { groupId: ctx.groupId }, input)),
  /** /point-transfer-record: the enterprise account's transfers. */
  transferRecords: memberProcedure
    .input(recordsInput)
    .output(checked(recordsOutput))
    .query(async ({ ctx, input }) => listRecords(ctx.deps, { groupId: ctx.groupId }, 'transfers', input)),
  /** /team-points-record: a team's transfers in and out; any active member of the team. */
  teamRecords: memberProcedure
    .input(teamRecordsInput)
    .output(checked(recordsOutput))
    .query(async ({ ctx, input }) => listRecords(ctx.deps, await teamAccount(ctx.deps.db, ctx.userId, input.teamId), 'team', input)),
  /** /point-transfer: both sides' remaining points per type; the team's administrator only. */
  transferSides: memberProcedure
    .input(teamSidesInput)
    .output(checked(transferSidesOutput))
    .query(({ ctx, input }) => transferSides(ctx.deps, ctx.userId, input.teamId)),
  /** Moves points between the enterprise account and one of its teams; the team's administrator only. */
  transfer: memberProcedure
    .input(transferInput)
    .output(checked(transferOutput))
    .mutation(({ ctx, input }) => transferPoints(ctx.deps, ctx.userId, input)),
  /** The management centre's trial block: the member's latest application and whether they may apply. */
  trial: memberProcedure.output(checked(myTrialOutput)).query(({ ctx }) => myTrial(ctx.deps, ctx.userId)),
  applyForTrial: memberProcedure
    .input(trialApplyInput)
    .output(checked(trialApplicationOutput))
    .mutation(({ ctx, input }) => applyForTrial(ctx.deps, ctx.userId, input)),
  /**
   * The management centre's banner: the enterprise account's alert, compared with its points as
   * recorded (usage as last read), without the platform read and the chart of `balance`, so that
   * every page may ask. Points bought or granted since the last balance read lift it back above.
   */
  lowBalance: memberProcedure.output(checked(lowBalanceOutput)).query(({ ctx }) => noteAccountRemaining(ctx.deps, ctx.groupId)),
  setLowBalanceAlert: memberProcedure
    .input(lowBalanceInput)
    .output(checked(lowBalanceOutput))
    .mutation(({ ctx, input }) => setLowBalanceThreshold(ctx.deps, ctx.userId, input)),
  admin: router({
    grantBonus: staff('points_management')
      .input(bonusGrantInput)
      .output(checked(grantOutput))
      .mutation(({ ctx, input }) => grantBonus(ctx.deps, input, staffActor(ctx))),
    /** Trial point applications, open ones by default (apply_points). */
    trialApplications: staff('apply_points')
      .input(trialListInput)
      .output(checked(z.array(trialApplicationOutput)))
      .query(({ ctx, input }) => listTrialApplications(ctx.deps, input)),
    approveTrial: staff('apply_points')
      .input(trialDecisionInput)
      .output(checked(trialApplicationOutput))
      .mutation(({ ctx, input }) => approveTrial(ctx.deps, input.id, staffActor(ctx))),
    refuseTrial: staff('apply_points')
      .input(trialDecisionInput)
      .output(checked(trialApplicationOutput))
      .mutation(({ ctx, input }) => refuseTrial(ctx.deps, input.id, staffActor(ctx))),
    /** Every project type of any enterprise account. */
    balance: staff('points_management')
      .input(staffBalanceInput)
      .output(checked(balanceOutput.extend({ groupId: z.string() })))
      .query(async ({ ctx, input }) => {
        const group = await resolveGroup(ctx.deps.db, input.account);
        return { groupId: group.id, ...(await readBalance(ctx.deps, { groupId: group.id }, platformUsage(ctx.deps))) };
      }),
  }),
});
