import { Command, Option } from 'commander';
import { inquiryTypeKey, replyStatus, replyStatusKey } from '../../shared/messages';
import { AppError } from '../../server/errors';
import { contactMessageById, listContactMessages, replyToContactMessage } from '../../server/modules/messages/messages.service';
import { staffByEmail } from '../../server/modules/staff/staff.service';
import { formatUtc, largestId, printTable, truncate, wholeNumber, withServices } from '../context';

const messageId = wholeNumber(1, largestId);

export function registerMessageCommands(program: Command): void {
  const messages = program.command('messages').description('contact-form messages');
  messages
    .command('list')
    .description('list contact messages, newest first (the beginning of each; messages show <id> gives one whole)')
    .addOption(new Option('--status <status>', 'only open or only replied messages').choices(['open', 'replied']))
    .option('--before <id>', 'the page after this message (the id that the previous page ended with)', messageId)
    .option('--page-size <n>', 'messages per page, 1 to 100', wholeNumber(1, 100), 20)
    .option('--json', 'print JSON instead of a table')
    .action((options: { status?: 'open' | 'replied'; before?: number; pageSize: number; json?: boolean }) =>
      withServices(async (deps) => {
        const status = options.status === undefined ? undefined : replyStatus[options.status];
        const before = options.before === undefined ? undefined : await contactMessageById(deps, options.before);
        const result = await listContactMessages(deps, { status, cursor: before && { createdAt: before.createdAt, id: before.id }, pageSize: options.pageSize });
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
        console.log(`\n${result.counts.open} open and ${result.counts.replied} replied message(s) in all.`);
        if (result.next) console.log(`More: messages list --before ${result.next.id}${options.status ? ` --status ${options.status}` : ''}`);
      }),
    );
  messages
    .command('show')
    .description('one contact message whole: the form as sent, its status and the reply (times in UTC)')
    .argument('<id>', 'message id', messageId)
    .option('--json', 'print JSON instead of text')
    .action((id: number, options: { json?: boolean }) =>
      withServices(async (deps) => {
        const message = await contactMessageById(deps, id);
        if (options.json) {
          console.log(JSON.stringify(message, null, 2));
          return;
        }
        console.log(`${message.id}  ${replyStatusKey(message.status)}  ${inquiryTypeKey(message.type)}  received ${formatUtc(message.createdAt)}  (${message.language})`);
        console.log(`${message.firstName} ${message.lastName} <${message.email}>  ${message.phone}`);
        const answers = { companyIndustry: message.companyIndustry, adoptionTime: message.adoptionTime, attendees: message.attendees, classMode: message.classMode, courseContent: message.courseContent };
        const given = Object.entries(answers).filter(([, value]) => value !== null);
        if (given.length > 0) console.log(given.map(([key, value]) => `${key} ${value}`).join('  '));
        console.log(`\n${message.description}`);
        if (message.repliedAt) console.log(`\nreplied ${formatUtc(message.repliedAt)}${message.replyBody ? `:\n${message.replyBody}` : ' (not mailed)'}`);
      }),
    );
  messages
    .command('reply')
    .description('answer a message: with --text the reply is mailed to the customer; without it the message is only marked replied')
    .argument('<id>', 'message id', messageId)
    .option('--text <reply>', 'the reply to mail to the customer')
    .option('--by <email>', 'the staff member who replied')
    .action((id: number, options: { by?: string; text?: string }) =>
      withServices(async (deps) => {
        const staffMember = options.by ? await staffByEmail(deps.db, options.by) : undefined;
        if (options.by && !staffMember) throw new AppError('UserNotFound', { email: options.by });
        const actor = { staffId: staffMember?.id ?? null, staffEmail: staffMember?.email ?? 'cli', address: null };
        const message = await replyToContactMessage(deps, { messageId: id, body: options.text }, actor);
        console.log(options.text ? `Your reply to message ${message.id} is being mailed to ${message.email}.` : `Message ${message.id} from ${message.email} is marked replied.`);
      }),
    );
}
