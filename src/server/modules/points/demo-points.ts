import { ledgerKind, projectType } from '../../../shared/points';
import type { Executor } from '../../db/client';
import { userByEmail } from '../accounts/users.service';
import { applyMovement, recordPurchase } from './ledger.service';
import { recordUsage } from './points.repository';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Demo points for the demo member's enterprise account, so that `npm start` shows a balance, its
 * chart and the records: two enabled orders, a trial grant, a bonus and some usage over two months.
 */
export async function addDemoPoints(tx: Executor, memberEmail: string, now: Date): Promise<void> {
  const member = await userByEmail(tx, memberEmail);
  if (!member) return;
  const account = { groupId: member.groupId };
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  await applyMovement(tx, { account, projectType: projectType.mPoint, points: 20, kind: ledgerKind.trial, isRemit: true, reason: '試用點數', by: 'admin@inspectra.example', at: at(60) });
  await recordPurchase(tx, { groupId: member.groupId, orderId: 'M202609240014', projectType: projectType.mPoint, points: 400, by: 'admin@inspectra.example', at: at(55) });
  await applyMovement(tx, { account, projectType: projectType.mPoint, points: 50, kind: ledgerKind.bonus, isRemit: true, reason: '首購贈點', by: 'admin@inspectra.example', at: at(55) });
  await recordPurchase(tx, { groupId: member.groupId, orderId: 'M202610290027', projectType: projectType.mPoint, points: 800, by: 'admin@inspectra.example', at: at(20) });
  for (const [daysAgo, used] of [
    [50, 35],
    [40, 120],
    [30, 260],
    [18, 410],
    [8, 655],
    [1, 782],
  ] as const) {
    await recordUsage(tx, member.groupId, member.groupId, projectType.mPoint, used, at(daysAgo));
  }
}
