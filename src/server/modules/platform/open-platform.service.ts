import { trialPlatformStatus, userStatus } from '../../../shared/accounts';
import { openPlatformInput, platformSpace, type OpenPlatformForm, type PlatformChoices } from '../../../shared/platform';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { groupById, setPlatformUserId, userById } from '../accounts/users.service';
import { myTeams, teamRoleOf } from '../teams/teams.service';
import { ensurePlatformAccount, ensureTrialAccount, openTeamAccount, platformAccountId } from './platform-accounts.service';
import { platformLoginUrl } from './platform.service';
import { deliverPlatformDelivery } from './platform-deliveries.service';

/**
 * 'Use platform' (spec sections 2 and 7): the spaces a member may open, and the signed redirect to
 * the platform's login page for one of them. Every rule is checked here, from the database, at
 * each call: the individual space needs user status 1, the trial space trial_platform_status 1,
 * a team space an active membership (auth 0, 1 or 2) of that team.
 */
export async function platformChoices(deps: Pick<Deps, 'db'>, userId: string): Promise<PlatformChoices> {
  const user = await userById(deps.db, userId);
  if (!user) throw new AppError('MissingAuthentication');
  const { teams } = await myTeams(deps, userId);
  return {
    individual: user.status === userStatus.active,
    trial: user.trialPlatformStatus === trialPlatformStatus.activated,
    teams: teams.map((team) => ({ id: team.id, name: team.name })),
  };
}

/**
 * Makes the member's account in the chosen space when it does not exist yet (user/create through
 * the outbox, delivered at once so that the account is there when the browser arrives), and
 * answers the login page's address with a fresh 60-second, single-use credential. The address is
 * never logged: it lets its holder in once.
 */
export async function openPlatform(deps: Deps, userId: string, form: OpenPlatformForm): Promise<{ url: string }> {
  const input = openPlatformInput.parse(form);
  const { accountId, domainKey, deliveryIds } = await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const user = await userById(tx, userId);
    if (!user) throw new AppError('MissingAuthentication');
    const owner = { id: user.id, name: user.name, platformUserId: user.platformUserId };
    switch (input.space) {
      case platformSpace.individual: {
        if (user.status !== userStatus.active) throw new AppError('Unauthorized', { action: 'openPlatform', reason: 'accountNotActive' });
        const group = await groupById(tx, user.groupId);
        const domain = group?.domainKey ?? null;
        const ensured = await ensurePlatformAccount(tx, { space: platformSpace.individual, owner, platformGroupId: user.groupId, groupId: user.groupId, domainKey: domain, createdBy: user.id }, now);
        await setPlatformUserId(tx, user.id, ensured.accountId, now);
        return { accountId: ensured.accountId, domainKey: domain, deliveryIds: ensured.deliveryIds };
      }
      case platformSpace.trial: {
        if (user.trialPlatformStatus !== trialPlatformStatus.activated) throw new AppError('Unauthorized', { action: 'openPlatform', reason: 'trialNotActivated' });
        const group = await groupById(tx, user.groupId);
        const ensured = await ensureTrialAccount(tx, { owner, group: { id: user.groupId, domainKey: group?.domainKey ?? null }, createdBy: user.id, trialPointType: null }, now);
        return { accountId: ensured.accountId, domainKey: ensured.domainKey, deliveryIds: ensured.deliveryIds };
      }
      case platformSpace.team: {
        const { team } = await teamRoleOf(tx, input.teamId, user.id, 'view');
        if (team.domainKey === null) throw new AppError('UndefinedDomain');
        const ids = await openTeamAccount(tx, { owner, team, by: user.id }, now);
        return { accountId: platformAccountId(platformSpace.team, owner, team.id), domainKey: team.domainKey, deliveryIds: ids };
      }
    }
  });
  for (const id of deliveryIds) {
    const outcome = await deliverPlatformDelivery(deps, id);
    if (outcome !== 'delivered') deps.log.warn({ deliveryId: id, outcome, userId }, 'platform account not delivered before opening; the sweep retries it');
  }
  deps.log.info({ userId, space: input.space, teamId: input.space === platformSpace.team ? input.teamId : undefined }, 'platform opened');
  return { url: platformLoginUrl(deps, domainKey, { userId: accountId, projectType: input.projectType, funcId: input.funcId, appId: input.appId, view: input.view }) };
}
