import { Command, Option } from 'commander';
import { randomBytes } from 'node:crypto';
import { staffPermissions, type StaffPermission } from '../../shared/staff';
import { createStaff, hasStaff } from '../../server/modules/staff/staff.service';
import { resetStaffAuthenticator } from '../../server/modules/staff/staff-totp.service';
import { withServices } from '../context';

async function readStdinLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return text.split(/\r?\n/)[0] ?? '';
}

export function registerStaffCommands(program: Command): void {
  const staff = program.command('staff').description('back-office staff accounts');
  staff
    .command('create')
    .description('create a staff account (use --super for the first one)')
    .requiredOption('--email <email>', 'sign-in e-mail')
    .requiredOption('--name <name>', 'display name')
    .option('--super', 'super staff: every permission, and may manage other staff')
    .addOption(new Option('--permission <name...>', 'permissions to grant').choices(staffPermissions))
    .option('--password-stdin', 'read the password from standard input instead of generating one')
    .option('--if-no-staff', 'do nothing when any staff account exists (the first super staff of a deployment)')
    .action((options: { email: string; name: string; super?: boolean; permission?: StaffPermission[]; passwordStdin?: boolean; ifNoStaff?: boolean }) =>
      withServices(async (deps) => {
        if (options.ifNoStaff && (await hasStaff(deps.db))) {
          console.log('Staff accounts exist already: none created.');
          return;
        }
        const generated = options.passwordStdin ? undefined : randomBytes(12).toString('base64url');
        const password = generated ?? (await readStdinLine());
        const member = await createStaff(deps.db, {
          email: options.email,
          name: options.name,
          password,
          super: Boolean(options.super),
          permissions: options.permission ?? [],
        });
        const granted = member.super ? 'super (all permissions)' : (options.permission ?? []).join(', ') || 'no permissions yet';
        console.log(`Staff account ${member.email} created: ${granted}.`);
        if (generated) console.log(`Password (shown once, change it after the first sign-in): ${generated}`);
        console.log('At the first sign-in at /admin they set up an authenticator app (staff must use one).');
      }),
    );
  staff
    .command('reset-totp')
    .description("reset a staff member's authenticator (lost phone): their sessions end and the next sign-in enrols a new one")
    .argument('<email>', 'sign-in e-mail')
    .action((email: string) =>
      withServices(async (deps) => {
        const reset = await resetStaffAuthenticator(deps, email);
        console.log(`Authenticator of ${reset.email} reset: they enrol a new one at their next sign-in.`);
      }),
    );
}
