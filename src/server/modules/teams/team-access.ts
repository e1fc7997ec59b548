import { isActiveTeamAuth, teamRoleMay, type ActiveTeamAuth, type TeamAction } from '../../../shared/teams';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { findTeamAndRole, type TeamRow } from './teams.repository';

export interface TeamAccess {
  team: TeamRow;
  auth: ActiveTeamAuth;
}

/**
 * The caller's role in the team, read from the database at each call (issue 11): TeamNotFound when
 * there is no such team, Unauthorized when the caller is no active member or the role may not do
 * `action`. With `lock`, the team row stays locked for the caller's transaction, so that changes of
 * one team's members run one after another and every count they check stays true until commit.
 */
export async function requireTeamRole(db: Executor, teamId: string, userId: string, action: TeamAction, options: { lock?: 'update' | 'share' } = {}): Promise<TeamAccess> {
  const found = await findTeamAndRole(db, teamId, userId, options.lock);
  if (!found) throw new AppError('TeamNotFound');
  const { team, auth } = found;
  if (auth === null || !isActiveTeamAuth(auth)) throw new AppError('Unauthorized', { action, reason: 'notTeamMember' });
  if (!teamRoleMay(auth, action)) throw new AppError('Unauthorized', { action, reason: 'teamRole' });
  return { team, auth };
}
