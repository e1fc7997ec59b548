import { agentSetInput, type Agent } from '../../../shared/accounts';
import { pgErrorCode } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { recordStaffAction, type StaffActor } from '../audit/audit.service';
import { findAgents, findReferrals, lockGroup, markAgent, unmarkAgent } from './agents.repository';
import { findGroupById, findUserByEmail } from './accounts.repository';

/**
 * Agents (staff with agent_management, issue 12 part 8): a group marked as agent with its agent id,
 * and the accounts that name that id as their agent reference (ref_agent_id, set once by members).
 */

export function listAgents(deps: Pick<Deps, 'db'>): Promise<Agent[]> {
  return findAgents(deps.db);
}

export function agentReferrals(deps: Pick<Deps, 'db'>, agentId: string) {
  return findReferrals(deps.db, agentId);
}

const notFound = () => new AppError('InvalidInput', { fieldErrors: { account: ['validation.accountNotFound'] } });

/** The group an account names: its 14-character id, or its administrator's (or any member's) e-mail. */
async function groupIdOf(deps: Pick<Deps, 'db'>, account: string): Promise<string> {
  if (/^[A-Z0-9]{14}$/.test(account)) {
    if (await findGroupById(deps.db, account)) return account;
    throw notFound();
  }
  const user = await findUserByEmail(deps.db, account.toLowerCase());
  if (!user?.groupId) throw notFound();
  return user.groupId;
}

/** Marks a group as an agent with its agent id, or changes the id of an agent; another agent's id is refused on its field. */
export async function setAgent(deps: Pick<Deps, 'db' | 'clock'>, actor: StaffActor, form: { account: string; agentId: string }): Promise<Agent> {
  const { account, agentId } = agentSetInput.parse(form);
  const groupId = await groupIdOf(deps, account);
  try {
    const group = await deps.db.transaction(async (tx) => {
      const before = await lockGroup(tx, groupId);
      const updated = (await markAgent(tx, groupId, agentId, deps.clock()))!;
      await recordStaffAction(tx, { ...actor, action: 'group.agentSet', target: `group:${groupId}`, before: { isAgent: before?.isAgent, agentId: before?.agentId }, after: { isAgent: true, agentId } });
      return updated;
    });
    const referrals = (await findReferrals(deps.db, agentId)).length;
    return { groupId: group.id, companyName: group.companyName, agentId, referrals };
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw new AppError('InvalidInput', { fieldErrors: { agentId: ['validation.agentIdTaken'] } });
    throw error;
  }
}

/** Ends a group's agent role; the accounts referring to its former id keep their reference. */
export async function clearAgent(deps: Pick<Deps, 'db' | 'clock'>, actor: StaffActor, groupId: string): Promise<{ groupId: string }> {
  await deps.db.transaction(async (tx) => {
    const before = await lockGroup(tx, groupId);
    if (!before?.isAgent) throw new AppError('NotFound');
    await unmarkAgent(tx, groupId, deps.clock());
    await recordStaffAction(tx, { ...actor, action: 'group.agentClear', target: `group:${groupId}`, before: { isAgent: true, agentId: before.agentId }, after: { isAgent: false } });
  });
  return { groupId };
}
