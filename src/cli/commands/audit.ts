import { Command, Option } from 'commander';
import { auditActions, type AuditAction } from '../../shared/audit';
import { searchAudit } from '../../server/modules/audit/audit.service';
import { printTable, wholeNumber, withServices } from '../context';

export function registerAuditCommands(program: Command): void {
  const audit = program.command('audit').description('the staff audit log');
  audit
    .command('search')
    .description('audit entries, newest first')
    .option('--staff <email>', 'by staff e-mail (cli for the CLI)')
    .addOption(new Option('--action <action>', 'by action').choices(auditActions))
    .option('--target <target>', 'by target, e.g. user:lin@example.com, group:<id>, staff:<email>')
    .option('--from <date>', 'from this time (ISO 8601)')
    .option('--to <date>', 'up to this time (ISO 8601)')
    .option('--limit <n>', 'at most this many (1 to 100)', wholeNumber(1, 100), 50)
    .option('--json', 'print JSON')
    .action((options: { staff?: string; action?: AuditAction; target?: string; from?: string; to?: string; limit: number; json?: boolean }) =>
      withServices(async (deps) => {
        const page = await searchAudit(deps.db, { staffEmail: options.staff, action: options.action, target: options.target, from: options.from as never, to: options.to as never, limit: options.limit });
        if (options.json) console.log(JSON.stringify(page.items, null, 2));
        else printTable(page.items.map((entry) => ({ when: entry.createdAt, staff: entry.staffEmail, action: entry.action, target: entry.target, address: entry.address ?? '' })));
      }),
    );
}
