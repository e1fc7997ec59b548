import { groupStatus } from '../../../shared/accounts';
import type { Executor } from '../../db/client';
import { insertGroup, updateGroup } from './accounts.repository';
import { newGroupId } from './enterprise.service';

const DAY = 86_400_000;

/**
 * Two integrators who resell Inspectra, and the accounts that name them: the demo member's own
 * company among them, so the agents screen of `npm start` has figures to compare.
 */
export async function addDemoAgents(tx: Executor, demoGroupId: string, now: Date): Promise<void> {
  const agents = [
    { companyName: '新竹智慧視覺整合有限公司', agentId: 'HSV001', referrals: ['台灣光電模組股份有限公司', '竹科精密鏡片有限公司'] },
    { companyName: '大阪ファクトリーオートメーション株式会社', agentId: 'OFA002', referrals: ['関西樹脂成形株式会社'] },
  ];
  for (const [index, agent] of agents.entries()) {
    await insertGroup(tx, { id: newGroupId(), companyName: agent.companyName, status: groupStatus.paid, isAgent: true, agentId: agent.agentId, createdAt: new Date(now.getTime() - (200 + index) * DAY) });
    for (const [position, companyName] of agent.referrals.entries()) {
      await insertGroup(tx, { id: newGroupId(), companyName, status: position === 0 ? groupStatus.paid : groupStatus.notActivated, refAgentId: agent.agentId, createdAt: new Date(now.getTime() - (30 + 20 * position) * DAY) });
    }
  }
  await updateGroup(tx, demoGroupId, { refAgentId: 'HSV001' });
}
