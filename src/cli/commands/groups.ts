import { Command, Option } from 'commander';
import { classChangeActions, trialDomainFor, type ClassChangeAction } from '../../shared/account-admin';
import { platformDomainKeys } from '../../shared/platform';
import { projectTypes } from '../../shared/points';
import { enableTrial, groupIdFrom } from '../../server/modules/accounts/account-admin.service';
import { changeClass } from '../../server/modules/accounts/membership.service';
import { groupById } from '../../server/modules/accounts/users.service';
import { cliActor } from '../../server/modules/audit/audit.service';
import { withServices } from '../context';

export function registerGroupCommands(program: Command): void {
  const groups = program.command('groups').description('enterprise accounts (groups): trial, membership class');
  groups
    .command('enable-trial')
    .description('enable a group as trial (status 0 to 2): class normal for 12 months, administrator active, platform user queued')
    .argument('<group-id|admin-email>')
    .addOption(new Option('--domain <key>', 'platform domain (default: the one the group has already, else trial-public)').choices(platformDomainKeys))
    .addOption(new Option('--project-type <n>', 'default project type').choices(projectTypes.map(String)).default('9'))
    .option('--agent', 'mark the group as an agent')
    .option('--json', 'print JSON')
    .action((reference: string, options: { domain?: string; projectType: string; agent?: boolean; json?: boolean }) =>
      withServices(async (deps) => {
        const groupId = await groupIdFrom(deps, reference);
        const domainKey = options.domain ?? trialDomainFor((await groupById(deps.db, groupId))?.domainKey ?? null);
        const group = await enableTrial(deps, cliActor, {
          groupId,
          domainKey: domainKey as never,
          isAgent: Boolean(options.agent),
          defaultProjectType: Number(options.projectType),
        });
        if (options.json) console.log(JSON.stringify(group, null, 2));
        else console.log(`${group.id} (${group.companyName}) is a trial account on ${group.domainKey}, class ${group.memberClass} until ${group.classExpireDate?.toISOString()}.`);
      }),
    );
  groups
    .command('class')
    .description('change a group\'s membership class: upgrade, reset, renew or downgrade (recorded, shown to the member)')
    .argument('<group-id>')
    .addArgument(new Command().createArgument('<action>', classChangeActions.join(' | ')).choices(classChangeActions))
    .option('--json', 'print JSON')
    .action((groupId: string, action: ClassChangeAction, options: { json?: boolean }) =>
      withServices(async (deps) => {
        const change = await changeClass(deps, cliActor, { groupId, action });
        if (options.json) console.log(JSON.stringify(change, null, 2));
        else console.log(`${change.groupId}: ${change.fromClass ?? '-'} → ${change.toClass}, until ${change.toExpireDate.toISOString()}.`);
      }),
    );
}
