import { Command } from 'commander';
import { activateUserByEmail, usersAwaitingActivation } from '../../server/modules/accounts/accounts.service';
import { cliActor } from '../../server/modules/audit/audit.service';
import { printTable, withServices } from '../context';

export function registerAccountCommands(program: Command): void {
  const accounts = program.command('accounts').description('member accounts');
  accounts
    .command('pending')
    .description('members waiting for activation, oldest first')
    .action(() =>
      withServices(async (deps) => {
        const rows = await usersAwaitingActivation(deps);
        printTable(rows.map((row) => ({ email: row.email, name: row.name, company: row.companyName, group: row.groupId, verified: row.emailVerifiedAt ? 'yes' : 'no', registered: row.createdAt })));
      }),
    );
  accounts
    .command('activate')
    .description('activate a member (status 1) and mail them')
    .argument('<email>', 'the member\'s sign-in e-mail')
    .action((email: string) =>
      withServices(async (deps) => {
        const result = await activateUserByEmail(deps, cliActor, email);
        console.log(result.alreadyActive ? `${result.email} was active already; no mail sent.` : `${result.email} is now active and has been mailed.`);
      }),
    );
}
