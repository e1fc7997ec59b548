import { Command } from 'commander';
import { setUserDisabledByEmail } from '../../server/modules/accounts/account-admin.service';
import { cliActor } from '../../server/modules/audit/audit.service';
import { withServices } from '../context';

/** `users disable|enable <email>`; joins the `users` command the teams commands start. */
export function registerUserCommands(program: Command): void {
  const users = program.commands.find((command) => command.name() === 'users') ?? program.command('users').description('member accounts');
  for (const [name, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    users
      .command(name)
      .description(disabled ? 'disable a member: refused at sign-in and signed out at once' : 'enable a disabled member again')
      .argument('<email>')
      .option('--json', 'print JSON')
      .action((email: string, options: { json?: boolean }) =>
        withServices(async (deps) => {
          const state = await setUserDisabledByEmail(deps, cliActor, email, disabled);
          if (options.json) console.log(JSON.stringify(state, null, 2));
          else console.log(`${state.email} is ${state.disabled ? 'disabled and signed out' : 'enabled'}.`);
        }),
      );
  }
}
