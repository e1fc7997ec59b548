import { Command, Option } from 'commander';
import { randomBytes } from 'node:crypto';
import { grantableRoles, staffPermissions, type StaffPermission } from '../../shared/staff';
import { AppError } from '../../server/errors';
import { cliActor } from '../../server/modules/audit/audit.service';
import { addStaff, grantStaffRoles, listStaff, removeStaff, revokeStaffRoles } from '../../server/modules/staff/staff-admin.service';
import { hasStaff, staffByEmail } from '../../server/modules/staff/staff.service';
import type { Deps } from '../../server/deps';
import { resetStaffAuthenticator } from '../../server/modules/staff/staff-totp.service';
import { printTable, readStdinLine, withServices } from '../context';

async function staffIdOf(deps: Deps, email: string): Promise<string> {
  const member = await staffByEmail(deps.db, email);
  if (!member || member.disabled) throw new AppError('NotFound');
  return member.id;
}

type Role = (typeof grantableRoles)[number];

function roles(values: string[]): Role[] {
  const unknown = values.filter((value) => !(grantableRoles as readonly string[]).includes(value));
  if (unknown.length > 0) throw new Error(`unknown permission ${unknown.join(', ')}; one of: ${grantableRoles.join(', ')}`);
  return values as Role[];
}

function rolesText(member: { super: boolean; permissions: string[] }): string {
  return member.super ? 'super' : member.permissions.join(', ') || '-';
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
        const member = await addStaff(deps, cliActor, {
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
  staff
    .command('list')
    .description('active staff accounts with their permissions, oldest first')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      withServices(async (deps) => {
        const { items } = await listStaff(deps);
        if (options.json) console.log(JSON.stringify(items, null, 2));
        else printTable(items.map((member) => ({ email: member.email, name: member.name, roles: rolesText(member), created: member.createdAt })));
      }),
    );
  for (const [name, grant] of [
    ['grant', true],
    ['revoke', false],
  ] as const) {
    staff
      .command(name)
      .description(`${name} permissions (or super) of a staff member; audited`)
      .argument('<email>')
      .argument('<permission...>', grantableRoles.join(' | '))
      .option('--json', 'print JSON')
      .action((email: string, permissions: string[], options: { json?: boolean }) =>
        withServices(async (deps) => {
          const form = { staffId: await staffIdOf(deps, email), roles: roles(permissions) };
          const member = grant ? await grantStaffRoles(deps, cliActor, form) : await revokeStaffRoles(deps, cliActor, form);
          if (options.json) console.log(JSON.stringify(member, null, 2));
          else console.log(`${member.email}: ${rolesText(member)}`);
        }),
      );
  }
  staff
    .command('remove')
    .description('remove a staff account (disabled and signed out; the last super staff stays)')
    .argument('<email>')
    .action((email: string) =>
      withServices(async (deps) => {
        await removeStaff(deps, cliActor, { staffId: await staffIdOf(deps, email) });
        console.log(`${email} was removed and signed out.`);
      }),
    );
}
