import { teamAuth } from '../../../shared/teams';
import type { Executor } from '../../db/client';
import { createEnterprise } from '../accounts/enterprise.service';
import { platformDomainKey } from '../../../shared/platform';
import { markGroupPaid, markTrialPlatformActivated, setCreateTeamLimit, setGroupDomainKey, userByEmail } from '../accounts/users.service';
import { insertMembership, insertTeam } from './teams.repository';
import { logTeamEvent, newTeamId } from './teams.service';

const colleagues = [
  { email: 'wang.mh@chenghong-parts.example', name: '王美華', auth: teamAuth.deputy, language: 'zh-TW' as const },
  { email: 'k.tanaka@kasumi-denshi.example', name: '田中 健', auth: teamAuth.member, language: 'ja' as const },
];

/**
 * Demo data (seed): the demo member's account is paid, on the platform cloud A, may open the trial
 * platform, may create two teams and administers one,
 * 'AOI 外觀檢測小組', with a deputy and a member (both sign in with the demo password), and its log.
 */
export async function addDemoTeams(tx: Executor, ownerEmail: string, passwordHash: string, now: Date): Promise<void> {
  const owner = await userByEmail(tx, ownerEmail);
  if (!owner) return;
  await markGroupPaid(tx, owner.groupId, now);
  await setGroupDomainKey(tx, owner.groupId, platformDomainKey.cloudA, now);
  await markTrialPlatformActivated(tx, owner.id, now);
  await setCreateTeamLimit(tx, ownerEmail, 2, now);
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000);
  const team = await insertTeam(tx, {
    id: newTeamId(),
    name: 'AOI 外觀檢測小組',
    description: '沖壓件與射出件的表面瑕疵模型：標註、訓練與產線驗證。',
    groupId: owner.groupId,
    domainKey: platformDomainKey.cloudA,
    createdBy: owner.id,
    modifiedBy: owner.id,
    createdAt: at(30),
    updatedAt: at(30),
  });
  await insertMembership(tx, { teamId: team.id, userId: owner.id, auth: teamAuth.admin, createdBy: owner.id, modifiedBy: owner.id, createdAt: at(30), updatedAt: at(30) });
  await logTeamEvent(tx, team.id, 'created', owner.id, at(30), owner.id);
  for (const [index, colleague] of colleagues.entries()) {
    const { user } = await createEnterprise(
      tx,
      { companyName: index === 0 ? '晟弘精密工業股份有限公司' : '霞電子株式会社', taxId: index === 0 ? '24536806' : 'JP4011001', name: colleague.name, phone: '04-2359-1234', email: colleague.email, passwordHash, language: colleague.language },
      at(40),
      { activated: true },
    );
    const joined = at(25 - index * 5);
    await insertMembership(tx, { teamId: team.id, userId: user.id, auth: colleague.auth, createdBy: owner.id, modifiedBy: owner.id, createdAt: joined, updatedAt: joined });
    await logTeamEvent(tx, team.id, 'invited', owner.id, joined, user.id);
    if (colleague.auth === teamAuth.deputy) await logTeamEvent(tx, team.id, 'deputyNamed', owner.id, joined, user.id);
  }
}
