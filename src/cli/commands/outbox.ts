import type { Command } from 'commander';
import { listOutbox } from '../../server/modules/notifications/outbox.service';
import { printTable, truncate, wholeNumber, withServices } from '../context';

export function registerOutboxCommands(program: Command): void {
  program
    .command('outbox')
    .description('mails and chat notices the portal has sent or recorded')
    .command('list')
    .option('--limit <n>', 'how many of each, newest first, 1 to 500', wholeNumber(1, 500), 50)
    .option('--body', 'print each mail in full')
    .action((options: { limit: number; body?: boolean }) =>
      withServices(async (deps) => {
        const { mails, notices } = await listOutbox(deps.db, options.limit);
        console.log('Mails');
        printTable(
          mails.map((mail) => ({
            created: mail.createdAt,
            status: mail.status,
            tries: mail.attempts,
            to: mail.recipient,
            subject: truncate(mail.subject, 70),
            error: mail.lastError ? truncate(mail.lastError, 40) : '',
          })),
        );
        if (options.body) for (const mail of mails) console.log(`\n--- ${mail.recipient}: ${mail.subject}\n${mail.body}`);
        console.log('\nChat notices');
        printTable(notices.map((notice) => ({ created: notice.createdAt, status: notice.status, tries: notice.attempts, message: truncate(notice.message, 90) })));
      }),
    );
}
