import { Command, CommanderError } from 'commander';
import { ZodError } from 'zod';
import { AppError } from '../server/errors';
import { textsIn } from '../server/http/public-pages/texts';
import { registerAccountCommands } from './commands/accounts';
import { registerCourseCommands } from './commands/courses';
import { registerDatabaseCommands } from './commands/database';
import { registerSettingsCommands } from './commands/settings';
import { registerMessageCommands } from './commands/messages';
import { registerOrderCommands } from './commands/orders';
import { registerOutboxCommands } from './commands/outbox';
import { registerPlatformCommands } from './commands/platform';
import { registerPointsCommands } from './commands/points';
import { registerStaffCommands } from './commands/staff';
import { registerTeamCommands } from './commands/teams';
import { registerAuditCommands } from './commands/audit';
import { registerGroupCommands } from './commands/groups';
import { registerUserCommands } from './commands/users';

const cliText: Partial<Record<string, string>> = {
  NotFound: 'No such record.',
  lastSuperStaff: 'At least one super staff member must remain.',
  cannotDeleteSelf: 'Nobody can remove themselves.',
  groupNotAwaitingTrial: 'Only a group that is not activated yet can be enabled as trial.',
  groupDomainFixed: 'The group already has its platform account, and its points, on another domain: enable it as trial there (leave out --domain to keep the domain it has).',
  groupNotActivated: 'The group is not activated (paid or trial) yet.',
  classAtTop: 'The group is in the highest class already.',
  classAtBottom: 'The group is in the lowest class already.',
  OperationError: 'That cannot be done.',
  alreadyReplied: 'That message was replied already.',
  UserNotFound: 'No account with that e-mail.',
  StaffEmailTaken: 'A staff account with that e-mail exists already.',
  TeamNotFound: 'No team with that id.',
  OutOfRange: 'The number is out of range (0 to 100).',
  CourseNotFound: 'No such course.',
  CourseTimeNotFound: 'That course has no slot starting at that time.',
  deliveryNotFailed: 'Only a failed delivery can be retried.',
  OrderStatusConflict: 'The order is not in a status that allows this step.',
  missingPermission: 'That staff member lacks the permission of this step.',
  notStaff: 'No active staff account with that e-mail.',
  platformNotEmulated: 'A platform address is configured: usage is recorded by the platform itself.',
};

/**
 * A reader that stops early (`inspectra orders export | head -1`) makes the next write to stdout fail
 * with EPIPE. That is no failure of the command: nobody wants the rest of its output. The failed
 * write destroys stdout, so later writes go nowhere; a command that writes through a stream of its
 * own (the CSV export) stops with that error, its database is closed as after any error
 * (withServices), and the CLI exits 0 with nothing on stderr. Without this listener the error event
 * was unhandled: a stack trace, exit code 1 and an embedded database left unclosed.
 */
let readerGone = false;
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  readerGone = true;
});
/** The error a command ends with once its reader has gone: the failed write, or a write after it. */
const isStdoutGone = (error: unknown) => readerGone && ['EPIPE', 'ERR_STREAM_DESTROYED'].includes((error as NodeJS.ErrnoException | undefined)?.code ?? '');

const program = new Command()
  .name('inspectra')
  .description('Inspectra portal: staff tasks from the command line. Uses DATABASE_URL, or the embedded database under DATA_DIR.')
  .exitOverride();
registerDatabaseCommands(program);
registerMessageCommands(program);
registerOutboxCommands(program);
registerStaffCommands(program);
registerAccountCommands(program);
registerSettingsCommands(program);
registerTeamCommands(program);
registerUserCommands(program);
registerGroupCommands(program);
registerAuditCommands(program);
registerCourseCommands(program);
registerPlatformCommands(program);
registerPointsCommands(program);
registerOrderCommands(program);

/** The web app's English texts: what the back office would say, for catalogue errors and field messages the CLI has no words of its own for. */
const english = textsIn('en');

/** A field message of the shared schemas is a `validation` i18n key ('validation.points'); anything else is said as it is. */
function fieldMessage(message: string): string {
  return message.startsWith('validation.') ? (english.text(`validation:${message.slice('validation.'.length)}`) ?? message) : message;
}

function appErrorText(error: AppError): string {
  const params = error.params as { reason?: string; fieldErrors?: Record<string, string[]> } & Record<string, unknown>;
  if (params.fieldErrors) return Object.entries(params.fieldErrors).map(([field, messages]) => `${field}: ${messages.map(fieldMessage).join(', ')}`).join('; ');
  const values = Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]));
  return (params.reason && cliText[params.reason]) ?? cliText[error.code] ?? english.text(`errors:${error.code}`, values) ?? error.code;
}

try {
  await program.parseAsync();
  // A command that failed without throwing (a delivery that failed again) has set the code.
  process.exit(Number(process.exitCode ?? 0));
} catch (error) {
  if (isStdoutGone(error)) process.exit(0);
  if (error instanceof CommanderError) process.exit(error.exitCode);
  if (error instanceof AppError) console.error(`Error: ${appErrorText(error)}`);
  else if (error instanceof ZodError) console.error(`Error: ${error.issues.map((issue) => `${issue.path.join('.')}: ${fieldMessage(issue.message)}`).join('; ')}`);
  else console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
