import { Command, InvalidArgumentError, Option } from 'commander';
import type { Deps } from '../../server/deps';
import { AppError } from '../../server/errors';
import { platformUsage, readBalance } from '../../server/modules/points/balance.service';
import { grantBonus } from '../../server/modules/points/grants.service';
import { approveTrial, listTrialApplications, refuseTrial } from '../../server/modules/points/trial.service';
import { requireStaffPermission } from '../../server/modules/staff/permissions.service';
import { staffByEmail } from '../../server/modules/staff/staff.service';
import { formatPoints } from '../../shared/points';
import type { StaffPermission } from '../../shared/staff';
import { enterpriseAccount, largestId, printTable, truncate, wholeNumber, withServices } from '../context';

function pointsOption(value: string): number {
  const points = Number(value);
  if (!Number.isFinite(points) || points <= 0) throw new InvalidArgumentError('a positive number of points, one decimal at most');
  return points;
}

/**
 * The audit log's actor for a CLI call: the operator 'cli', or the staff member named by --by, who
 * must hold the permission the back office requires for the same step (as the orders commands check).
 */
async function cliActor(deps: Deps, by: string | undefined, permission: StaffPermission) {
  if (!by) return { staffId: null, staffEmail: 'cli', address: null };
  const staffMember = await staffByEmail(deps.db, by);
  if (!staffMember) throw new AppError('UserNotFound', { email: by });
  await requireStaffPermission(deps.db, staffMember.id, permission);
  return { staffId: staffMember.id, staffEmail: staffMember.email, address: null };
}

const statusNames: Record<number, string> = { 0: 'open', 1: 'approved', 9: 'refused' };

export function registerPointsCommands(program: Command): void {
  const points = program.command('points').description('points: balances, bonus points, trial applications');
  points
    .command('balance')
    .description("an enterprise account's bought, used and remaining points per project type (type 9 is the sum)")
    .argument('<account>', 'a member e-mail or a 14-character group id')
    .option('--json', 'print JSON')
    .action((account: string, options: { json?: boolean }) =>
      withServices(async (deps) => {
        const group = await enterpriseAccount(deps.db, account);
        const balance = await readBalance(deps, { groupId: group.id }, platformUsage(deps));
        if (options.json) return console.log(JSON.stringify({ groupId: group.id, ...balance }, null, 2));
        console.log(`${group.companyName} (${group.id})${balance.retrieved ? '' : ': failed to retrieve remaining points'}`);
        printTable(balance.types.map((type) => ({ type: type.projectType, bought: formatPoints(type.bought), used: formatPoints(type.used), remaining: formatPoints(type.remaining) })));
      }),
    );
  points
    .command('grant-bonus')
    .description('grant bonus M Points (type 9, recorded paid) to an enterprise account')
    .argument('<account>', 'a member e-mail or a 14-character group id')
    .argument('<points>', 'points, one decimal at most', pointsOption)
    .requiredOption('--reason <text>', 'why (shown to the member in /point-record)')
    .option('--by <email>', 'the staff member who grants (needs points_management; for the audit log)')
    .option('--json', 'print JSON')
    .action((account: string, amount: number, options: { reason: string; by?: string; json?: boolean }) =>
      withServices(async (deps) => {
        await enterpriseAccount(deps.db, account);
        const result = await grantBonus(deps, { account, points: amount, reason: options.reason }, await cliActor(deps, options.by, 'points_management'));
        if (options.json) return console.log(JSON.stringify(result));
        console.log(`Granted ${formatPoints(result.points)} bonus points to ${result.groupId}.`);
      }),
    );
  const trial = points.command('trial').description('trial point applications');
  trial
    .command('list')
    .description('applications, newest first')
    .addOption(new Option('--status <status>', 'open or all').choices(['open', 'all'] as const).default('all'))
    .option('--json', 'print JSON')
    .action((options: { status: 'open' | 'all'; json?: boolean }) =>
      withServices(async (deps) => {
        const rows = await listTrialApplications(deps, { status: options.status });
        if (options.json) return console.log(JSON.stringify(rows, null, 2));
        printTable(rows.map((row) => ({ id: row.id, applied: row.createdAt, email: row.email, status: statusNames[row.status] ?? row.status, reason: truncate(row.reason, 48), by: row.decidedBy ?? '' })));
      }),
    );
  for (const [name, decide, done] of [
    ['approve', approveTrial, 'approved: trial points granted'],
    ['refuse', refuseTrial, 'refused'],
  ] as const) {
    trial
      .command(name)
      .description(name === 'approve' ? "approve: grants the active trial package's points and opens the trial platform; mails the member" : 'refuse (status 9); mails the member')
      .argument('<id>', 'application id (see `points trial list`)', wholeNumber(1, largestId))
      .option('--by <email>', 'the staff member who decides (needs apply_points; for the audit log)')
      .option('--json', 'print JSON')
      .action((id: number, options: { by?: string; json?: boolean }) =>
        withServices(async (deps) => {
          const row = await decide(deps, id, await cliActor(deps, options.by, 'apply_points'));
          if (options.json) return console.log(JSON.stringify(row));
          console.log(`Application ${row.id} of ${row.email} ${done}.`);
        }),
      );
  }
}
