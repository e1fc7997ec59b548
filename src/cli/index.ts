import { Command, CommanderError } from 'commander';
import { DrizzleQueryError } from 'drizzle-orm';
import { ZodError } from 'zod';
import { readEnv } from '../server/env';
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

/**
 * The errors commander has said already: a bad option or argument (it prints them before it exits),
 * --help, --version. A CommanderError not among them was thrown by a command's action (an
 * InvalidArgumentError of a check made there) and has been said by nobody: it is said below.
 * Subcommands take this callback from the program as they are added.
 */
const saidByCommander = new WeakSet<CommanderError>();
const program = new Command()
  .name('inspectra')
  .description('Inspectra portal: staff tasks from the command line. Uses DATABASE_URL, or the embedded database under DATA_DIR.')
  .exitOverride((error) => {
    saidByCommander.add(error);
    throw error;
  });
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

/**
 * Network errors of a connection that could not be made or was lost, and PostgreSQL's classes of
 * connection (08), authorisation (28), no such database (3D000) and a server shutting down or
 * starting (57P0x).
 */
const connectionFaultCodes = /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOENT|08...|28...|3D000|57P0.)$/;

type ErrorLink = Error & { code?: unknown; syscall?: unknown; address?: unknown; port?: unknown; severity?: unknown };

/** The error and its causes (Drizzle's failed query wraps the driver's error; a connection to a name with two addresses fails with an AggregateError of both). */
function errorChain(error: unknown): ErrorLink[] {
  const chain: ErrorLink[] = [];
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    chain.push(current, ...(current instanceof AggregateError ? current.errors.filter((inner) => inner instanceof Error) : []));
  }
  return chain;
}

/** host:port of DATABASE_URL, without its user, password or database name. */
function databaseAddress(): string | undefined {
  try {
    const url = new URL(readEnv().DATABASE_URL ?? '');
    return `${url.hostname || url.searchParams.get('host') || 'localhost'}:${url.port || '5432'}`;
  } catch {
    return undefined;
  }
}

/**
 * What to say of a failed database call. A Drizzle error's message is the SQL and its parameters
 * (`Failed query: select … params: lin.zm@…`): it can hold e-mails and other personal data, and
 * says nothing of the cause. Said instead: the driver's words, and, when the database could not be
 * reached, where it was looked for. A failed query is a DrizzleQueryError; the driver's own error
 * comes unwrapped from a transaction's connect, as a network error or one of PostgreSQL's (which
 * has a severity). Undefined for any other error.
 */
function databaseFaultText(error: unknown): string | undefined {
  const chain = errorChain(error);
  const top = chain[0];
  const failedQuery = error instanceof DrizzleQueryError;
  // ENOENT: a Unix socket that is not there (a file that is not there is no database's fault).
  const isConnectionFault = (link: ErrorLink) => typeof link.code === 'string' && connectionFaultCodes.test(link.code) && (link.code !== 'ENOENT' || link.syscall === 'connect');
  const lost = failedQuery ? chain.find(isConnectionFault) : top && isConnectionFault(top) && (top.severity !== undefined || top.syscall !== undefined) ? top : undefined;
  const firstLine = (text: string) => text.split('\n')[0];
  if (lost) {
    const where = typeof lost.address === 'string' && typeof lost.port === 'number' ? `${lost.address}:${lost.port}` : databaseAddress();
    const said = chain.find((link) => !(link instanceof DrizzleQueryError) && link.message)?.message ?? String(lost.code);
    return `cannot reach the database${where ? ` at ${where}` : ''}: ${firstLine(said)}`;
  }
  if (failedQuery) return `database error: ${firstLine(chain.find((link) => link !== error && link.message)?.message ?? 'the query failed')}`;
  if (top?.severity !== undefined && typeof top.code === 'string') return `database error: ${firstLine(top.message)}`;
  return undefined;
}

try {
  await program.parseAsync();
  // A command that failed without throwing (a delivery that failed again) has set the code.
  process.exit(Number(process.exitCode ?? 0));
} catch (error) {
  if (isStdoutGone(error)) process.exit(0);
  if (error instanceof CommanderError) {
    if (!saidByCommander.has(error)) console.error(`Error: ${error.message}`);
    process.exit(error.exitCode);
  }
  const databaseFault = databaseFaultText(error);
  if (databaseFault !== undefined) console.error(`Error: ${databaseFault}`);
  else if (error instanceof AppError) console.error(`Error: ${appErrorText(error)}`);
  else if (error instanceof ZodError) console.error(`Error: ${error.issues.map((issue) => `${issue.path.join('.')}: ${fieldMessage(issue.message)}`).join('; ')}`);
  else console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
