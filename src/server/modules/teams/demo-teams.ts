import { trialPlatformStatus } from '../../../shared/accounts';
import { teamAuth } from '../../../shared/teams';
import type { Executor } from '../../db/client';
import { createEnterprise } from '../accounts/enterprise.service';
import { platformDomainKey } from '../../../shared/platform';
import { markGroupPaid, setCreateTeamLimit, setTrialPlatformStatus, userByEmail } from '../accounts/users.service';
import { insertMembership, insertTeam } from './teams.repository';
import { addTeamFile } from './team-files.service';
import { logTeamEvent, newTeamId } from './teams.service';
import type { FileStorage } from '../files/storage';

const colleagues = [
  { email: 'wang.mh@chenghong-parts.example', name: '王美華', auth: teamAuth.deputy, language: 'zh-TW' as const },
  { email: 'k.tanaka@kasumi-denshi.example', name: '田中 健', auth: teamAuth.member, language: 'ja' as const },
];

/**
 * Demo data (seed), after the demo points (which put the account on the platform cloud A): the demo
 * member's account is paid, may open the trial platform, may create two teams and administers one,
 * 'AOI 外觀檢測小組', with a deputy and a member (both sign in with the demo password), its log and two files.
 */
export async function addDemoTeams(tx: Executor, storage: FileStorage, ownerEmail: string, passwordHash: string, now: Date): Promise<void> {
  const owner = await userByEmail(tx, ownerEmail);
  if (!owner) return;
  await markGroupPaid(tx, owner.groupId, now);
  await setTrialPlatformStatus(tx, owner.id, { status: trialPlatformStatus.activated }, now);
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
  for (const [index, file] of demoFiles.entries()) {
    await addTeamFile(tx, storage, { teamId: team.id, name: file.name, bytes: Buffer.from(file.text, 'utf8'), uploadedBy: owner.id, at: at(20 - index * 7) });
  }
}

const demoFiles = [
  { name: 'AOI-標註規範-v3.md', text: '# AOI 標註規範 v3\n\n- 刮傷：長度 0.5 mm 以上標為瑕疵\n- 凹痕：以 45 度側光確認後標註\n- 油污：不列入瑕疵，另標為「需清潔」\n' },
  { name: 'press-line-validation-2026Q4.csv', text: 'date,line,images,false_reject,false_accept\n2026-10-05,P1,1200,0.8%,0.1%\n2026-10-19,P2,980,1.1%,0.2%\n' },
];
