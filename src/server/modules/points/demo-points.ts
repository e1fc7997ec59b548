import { platformDomainKey } from '../../../shared/platform';
import { ledgerKind, projectType } from '../../../shared/points';
import type { Executor } from '../../db/client';
import { groupById, setGroupDomainKey, userByEmail } from '../accounts/users.service';
import { allTeams } from '../teams/teams.service';
import { applyMovement, queueCreditForPlatform } from './ledger.service';
import { movePoints } from './transfers.service';
import { insertTrialApplication, recordUsage } from './points.repository';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Demo points for the demo member's enterprise account, on the platform cloud A, so that `npm start`
 * shows a balance, its chart and the records: a trial grant, a bonus and some usage over two months
 * (the purchases of its two enabled orders are the demo orders': modules/orders/demo-orders.ts).
 * Each credit is queued for the platform, as staff's would be.
 */
export async function addDemoPoints(tx: Executor, memberEmail: string, now: Date): Promise<void> {
  const member = await userByEmail(tx, memberEmail);
  if (!member) return;
  await setGroupDomainKey(tx, member.groupId, platformDomainKey.cloudA, now);
  const account = { groupId: member.groupId };
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  const staffEmail = 'admin@inspectra.example';
  const credit = async (kind: typeof ledgerKind.trial | typeof ledgerKind.bonus, points: number, reason: string, when: Date) => {
    await applyMovement(tx, { account, projectType: projectType.mPoint, points, kind, isRemit: true, reason, by: staffEmail, at: when });
    await queueCreditForPlatform(tx, { groupId: member.groupId, projectType: projectType.mPoint, points, by: staffEmail, at: when });
  };
  await credit(ledgerKind.trial, 20, '試用點數', at(60));
  // The first order (placed 55 days ago) was enabled two days later; its bonus came the day after.
  await credit(ledgerKind.bonus, 50, '首購贈點', at(52));
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

/**
 * After the demo teams: the demo account has moved 30 M Points to its team (so
 * /point-transfer-record and the team's /team-points-record are filled and /point-transfer works),
 * and a colleague's trial point application waits for staff (back office, `points trial list`).
 */
export async function addDemoTransferAndTrial(tx: Executor, memberEmail: string, applicantEmail: string, now: Date): Promise<void> {
  const member = await userByEmail(tx, memberEmail);
  if (!member) return;
  const [team] = await allTeams(tx, member.groupId);
  if (team) {
    const move = { source: { groupId: member.groupId }, destination: { groupId: member.groupId, teamId: team.id }, sourceDomain: (await groupById(tx, member.groupId))?.domainKey ?? null, by: memberEmail };
    await movePoints(tx, { ...move, entries: [{ projectType: projectType.mPoint, tenths: 300 }] }, new Date(now.getTime() - 12 * DAY));
  }
  const applicant = await userByEmail(tx, applicantEmail);
  if (applicant) {
    await insertTrialApplication(tx, {
      userId: applicant.id,
      email: applicant.email,
      reason: 'コネクタ端子のめっき不良（変色・異物）を画像で判定したい。現在は目視検査で、1 ラインあたり 2 名が担当しています。',
      createdAt: new Date(now.getTime() - 2 * 3_600_000),
    });
  }
}
