import { Argument, Command, InvalidArgumentError, Option } from 'commander';
import { cliActor } from '../../server/modules/audit/audit.service';
import { groupHostInfo, setHostCredential } from '../../server/modules/platform/host-info.service';
import { listPlatformDeliveries, retryPlatformDelivery } from '../../server/modules/platform/platform-deliveries.service';
import { credentialKinds, platformDeliveryRetryInput, type CredentialKind } from '../../shared/platform';
import { recordPlatformUsage } from '../../server/modules/points/balance.service';
import { projectTypes, type ProjectType } from '../../shared/points';
import { enterpriseAccount, printTable, readStdinLine, truncate, wholeNumber, withServices } from '../context';

function projectTypeOption(value: string): ProjectType {
  const type = Number(value);
  if (!(projectTypes as readonly number[]).includes(type)) throw new InvalidArgumentError(`one of ${projectTypes.join(', ')}`);
  return type as ProjectType;
}

/** A delivery id as the back office takes it (a UUID): anything else is refused before the database is asked. */
function deliveryIdArgument(value: string): string {
  const parsed = platformDeliveryRetryInput.safeParse({ id: value.trim() });
  if (!parsed.success) throw new InvalidArgumentError('not a delivery id: use the id (a UUID) that `platform deliveries` shows.');
  return parsed.data.id;
}

function hoursOption(value: string): number {
  const hours = Number(value);
  if (!Number.isFinite(hours) || hours <= 0 || Math.abs(hours * 10 - Math.round(hours * 10)) > 1e-9) throw new InvalidArgumentError('a positive number with at most one decimal');
  return hours;
}

export function registerPlatformCommands(program: Command): void {
  const platform = program.command('platform').description('the AI platform: deliveries of the outbox, emulated usage');
  platform
    .command('deliveries')
    .description('platform writes (purchase records, transfers, accounts) and their delivery status, newest first')
    .option('--failed', 'only deliveries that failed after their last try')
    .option('--limit <n>', 'how many, 1 to 500', wholeNumber(1, 500), 50)
    .option('--json', 'print JSON')
    .action((options: { failed?: boolean; limit: number; json?: boolean }) =>
      withServices(async (deps) => {
        const rows = await listPlatformDeliveries(deps, { failedOnly: options.failed ?? false, limit: options.limit });
        if (options.json) return console.log(JSON.stringify(rows, null, 2));
        printTable(
          rows.map((row) => ({
            id: row.id,
            created: row.createdAt,
            call: row.call,
            account: row.subject,
            domain: row.domainKey,
            status: row.status,
            tries: row.attempts,
            error: row.lastError ? truncate(row.lastError, 60) : '',
            'waiting for': row.waitingFor ? `${row.waitingFor.call} ${row.waitingFor.id}` : '',
          })),
        );
      }),
    );
  platform
    .command('retry')
    .description('try a failed delivery again now (with its idempotency key: never applied twice)')
    .argument('<delivery-id>', 'the id shown by `platform deliveries --failed`', deliveryIdArgument)
    .option('--json', 'print JSON')
    .action((id: string, options: { json?: boolean }) =>
      withServices(async (deps) => {
        // The operator, as the audit log names a CLI call.
        const result = await retryPlatformDelivery(deps, id, { staffId: null, staffEmail: 'cli', address: null });
        if (options.json) return console.log(JSON.stringify(result, null, 2));
        const said = { delivered: 'delivered', retry: 'not delivered yet; it will be tried again', failed: 'failed again', 'not-due': 'not sent yet' } as const;
        const ahead = result.delivery.waitingFor;
        const why = ahead ? ` (waiting for ${ahead.call} ${ahead.id} of the same account)` : result.delivery.lastError && result.outcome !== 'delivered' ? ` (${result.delivery.lastError})` : '';
        console.log(`${result.delivery.call} ${id}: ${said[result.outcome]}${why}`);
        if (result.outcome === 'failed') process.exitCode = 1;
      }),
    );
  platform
    .command('usage')
    .description('emulator only: record training or prediction hours of a member\'s group (one point an hour)')
    .argument('<email>', 'a member of the group')
    .requiredOption('--project-type <t>', 'project type (0, 1, 2, 3 or 9)', projectTypeOption)
    .requiredOption('--hours <h>', 'hours used, one decimal at most', hoursOption)
    .addOption(new Option('--task <task>', 'training or prediction').choices(['training', 'prediction'] as const).default('training'))
    .option('--json', 'print JSON')
    .action((email: string, options: { projectType: ProjectType; hours: number; task: 'training' | 'prediction'; json?: boolean }) =>
      withServices(async (deps) => {
        const result = await recordPlatformUsage(deps, { email, projectType: options.projectType, hours: options.hours, taskType: options.task });
        if (options.json) return console.log(JSON.stringify(result));
        console.log(`Recorded ${options.hours} h of ${options.task} for group ${result.groupId}; ${result.remainingPoints.toFixed(1)} points of project type ${options.projectType} remain.`);
      }),
    );
  const host = platform.command('host').description("an account's host information (/host-info): platform host and credentials");
  host
    .command('show')
    .description('the platform host and each credential of an account, secrets left out')
    .argument('<account>', 'group id or the e-mail of one of its members')
    .option('--json', 'print JSON')
    .action((account: string, options: { json?: boolean }) =>
      withServices(async (deps) => {
        const group = await enterpriseAccount(deps.db, account);
        const info = await groupHostInfo(deps, group.id);
        if (options.json) return console.log(JSON.stringify({ groupId: group.id, ...info }, null, 2));
        console.log(`${group.companyName} (${group.id}): ${info.host ?? 'no platform host yet'}`);
        printTable(info.credentials.map((entry) => ({ kind: entry.kind, address: entry.address, username: entry.username, secret: entry.hasSecret ? 'set' : 'none' })));
      }),
    );
  host
    .command('set')
    .description('set one credential (audited); the secret is read from standard input, never from the command line, and stored sealed')
    .argument('<account>', 'group id or the e-mail of one of its members')
    .addArgument(new Argument('<kind>', credentialKinds.join(' | ')).choices(credentialKinds))
    .requiredOption('--address <address>', 'where it signs in (URL or host:port)')
    .requiredOption('--username <name>', 'the user name')
    .option('--secret-stdin', 'read the password from standard input (otherwise the credential has none)')
    .action((account: string, kind: CredentialKind, options: { address: string; username: string; secretStdin?: boolean }) =>
      withServices(async (deps) => {
        const group = await enterpriseAccount(deps.db, account);
        const secret = options.secretStdin ? await readStdinLine() : '';
        await setHostCredential(deps, group.id, { kind, address: options.address, username: options.username, secret }, cliActor);
        console.log(`${kind} credential of ${group.id} set${secret ? ' (secret sealed)' : ' (no secret)'}.`);
      }),
    );
}
