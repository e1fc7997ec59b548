import { Command, InvalidArgumentError, Option } from 'commander';
import { inquiryTypeKey, replyStatus, replyStatusKey } from '../../shared/messages';
import { AppError } from '../../server/errors';
import { listContactMessages, replyToContactMessage } from '../../server/modules/messages/messages.service';
import { staffByEmail } from '../../server/modules/staff/staff.service';
import { printTable, truncate, withServices } from '../context';

function positiveInt(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new InvalidArgumentError('must be a positive whole number');
  return number;
}

export function registerMessageCommands(program: Command): void {
  const messages = program.command('messages').description('contact-form messages');
  messages
    .command('list')
    .description('list contact messages, newest first')
    .addOption(new Option('--status <status>', 'only open or only replied messages').choices(['open', 'replied']))
    .option('--page <n>', 'page number', positiveInt, 1)
    .option('--page-size <n>', 'messages per page (at most 100)', positiveInt, 20)
    .option('--json', 'print JSON instead of a table')
    .action((options: { status?: 'open' | 'replied'; page: number; pageSize: number; json?: boolean }) =>
      withServices(async (deps) => {
        const status = options.status === undefined ? undefined : replyStatus[options.status];
        const result = await listContactMessages(deps, { status, page: options.page, pageSize: Math.min(options.pageSize, 100) });
        if (options.json) {
          console.log(JSON.stringify(result, null, 2));
          return;
        }
        printTable(
          result.items.map((message) => ({
            id: message.id,
            status: replyStatusKey(message.status),
            received: message.createdAt,
            name: `${message.firstName} ${message.lastName}`,
            email: message.email,
            type: inquiryTypeKey(message.type),
            description: truncate(message.description, 48),
          })),
        );
        const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
        console.log(`\n${result.total} message(s), page ${result.page} of ${pages}`);
      }),
    );
  messages
    .command('reply')
    .description('mark a message replied')
    .argument('<id>', 'message id', positiveInt)
    .option('--by <email>', 'the staff member who replied')
    .action((id: number, options: { by?: string }) =>
      withServices(async (deps) => {
        const staffMember = options.by ? await staffByEmail(deps.db, options.by) : undefined;
        if (options.by && !staffMember) throw new AppError('UserNotFound', { email: options.by });
        const message = await replyToContactMessage(deps, id, staffMember?.id ?? null);
        console.log(`Message ${message.id} from ${message.email} is marked replied.`);
      }),
    );
}
