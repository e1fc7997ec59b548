import { Command, InvalidArgumentError, Option } from 'commander';
import { Writable } from 'node:stream';
import { formatPoints } from '../../shared/money';
import { orderExportEncodings, orderStatus, orderStatusKey, type OrderExportEncoding } from '../../shared/orders';
import { packageStatus } from '../../shared/packages';
import { keyOf } from '../../shared/enums';
import type { Deps } from '../../server/deps';
import { AppError } from '../../server/errors';
import { staffOrder, staffOrders, toOrderSummary } from '../../server/modules/orders/order-queries.service';
import { changeOrderStatus, type StatusChange } from '../../server/modules/orders/order-status.service';
import { writeOrdersCsv } from '../../server/modules/orders/orders-export';
import { allPackages } from '../../server/modules/packages/packages.service';
import { staffByEmail } from '../../server/modules/staff/staff.service';
import { printTable, withServices } from '../context';

function print(json: boolean | undefined, value: unknown, table: () => void) {
  if (json) console.log(JSON.stringify(value, null, 2));
  else table();
}

function statusCode(value: string): number {
  const code = /^\d+$/.test(value) ? Number(value) : (orderStatus as Record<string, number>)[value];
  if (code === undefined || keyOf(orderStatus, code) === undefined) throw new InvalidArgumentError(`must be one of ${Object.entries(orderStatus).map(([key, code]) => `${code} (${key})`).join(', ')}`);
  return code;
}

/**
 * A Taipei day, YYYY-MM-DD, that the calendar has: 2026-13-01 and 2026-02-30 are refused here as
 * such. A real day before 2000 goes on to the service, which says that days start in 2000.
 */
function day(value: string): string {
  const [, year, month, date] = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) ?? [];
  const calendar = new Date(0);
  calendar.setUTCFullYear(Number(year), Number(month) - 1, Number(date));
  if (year === undefined || calendar.toISOString().slice(0, 10) !== value) throw new InvalidArgumentError('not a valid calendar date: give a Taipei day as YYYY-MM-DD, e.g. 2026-11-23');
  return value;
}

const twd = (minor: number) => (minor / 100).toFixed(2);
const points = (tenths: number) => formatPoints(tenths, 'en');

/** The staff member the CLI acts as: the same permission checks and the same log entry as in the back office. */
async function staffId(deps: Deps, email: string): Promise<string> {
  const member = await staffByEmail(deps.db, email);
  if (!member) throw new AppError('UserNotFound', { email });
  return member.id;
}

function change(deps: Deps, by: string, orderChange: StatusChange, json?: boolean) {
  return (async () => {
    const order = toOrderSummary(await changeOrderStatus(deps, orderChange, { kind: 'staff', staffId: await staffId(deps, by) }));
    print(json, order, () => console.log(`Order ${order.id} is now ${order.status} (${orderStatusKey(order.status)}).`));
  })();
}

/** stdout as a stream the export may end without closing the process's stdout. */
function stdoutKeptOpen(): Writable {
  return new Writable({ write: (chunk, _encoding, done) => void process.stdout.write(chunk, done) });
}

const byOption = () => new Option('--by <email>', 'the staff member acting (needs the permission of the step; written to the order log)').makeOptionMandatory();

export function registerOrderCommands(program: Command): void {
  const orders = program.command('orders').description('orders of point packages: list, show, move along the status table, export');
  orders
    .command('list')
    .description('orders, newest first, filtered by status and Taipei days (inclusive)')
    .option('--status <status>', 'status code or name', statusCode)
    .option('--from <day>', 'first Taipei day, YYYY-MM-DD', day)
    .option('--to <day>', 'last Taipei day, YYYY-MM-DD', day)
    .option('--before <order-id>', 'the page of orders placed before that one (the next page)')
    .option('--json', 'print JSON instead of a table')
    .action((options: { status?: number; from?: string; to?: string; before?: string; json?: boolean }) =>
      withServices(async (deps) => {
        const result = await staffOrders(deps, { status: options.status as 0 | undefined, from: options.from, to: options.to, olderThan: options.before, pageSize: 100 });
        print(options.json, result, () => {
          printTable(
            result.items.map((order) => ({
              id: order.id,
              created: order.createdAt,
              status: `${order.status} ${orderStatusKey(order.status)}`,
              payment: order.paymentType,
              company: order.companyName,
              points: points(order.pointsTenths),
              'total TWD': twd(order.totalMinor),
            })),
          );
          console.log(`\n${result.total} order(s)${result.older ? `; the next page: --before ${result.older}` : ''}`);
        });
      }),
    );
  orders
    .command('show')
    .description('one order: its plans, remittance report, documents and log (times in UTC)')
    .argument('<order-id>', 'order id, e.g. M202611230011')
    .option('--json', 'print JSON instead of text')
    .action((orderId: string, options: { json?: boolean }) =>
      withServices(async (deps) => {
        const order = await staffOrder(deps, orderId);
        print(options.json, order, () => {
          console.log(`${order.id}  ${order.status} ${orderStatusKey(order.status)}  ${order.companyName}`);
          console.log(`payment ${order.paymentType}  total TWD ${twd(order.totalMinor)}  points ${points(order.pointsTenths)} (bonus ${points(order.bonusTenths)})`);
          console.log(`invoice ${order.invoiceType}${order.invoiceTaxId ? ` ${order.invoiceCompanyName} ${order.invoiceTaxId}` : ''}  remittance account ${order.accountDigits ?? '-'}`);
          if (order.virtualAccount) console.log(`virtual account ${order.virtualAccount.bankCode} ${order.virtualAccount.account} until ${order.virtualAccount.expiresAt.toISOString()}`);
          console.log('');
          printTable(order.items.map((item) => ({ plan: item.names['zh-TW'], quantity: item.quantity, points: points(item.unitPointsTenths * item.quantity), 'subtotal TWD': twd(item.subtotalMinor) })));
          console.log('');
          printTable(order.log.map((entry) => ({ at: entry.at, from: entry.from ?? '', to: entry.to, by: `${entry.actorKind} ${entry.actorName}` })));
          console.log(`\ndocuments: ${order.documents.map((document) => `${document.kind} ${document.available ? 'yes' : 'no'}`).join(', ')}`);
          console.log(`next: ${order.actions.map((action) => `${action.action} → ${action.to}`).join(', ') || 'none'}`);
        });
      }),
    );
  orders
    .command('confirm')
    .description('confirm the order: 0 → 10 (confirm_order)')
    .argument('<order-id>')
    .addOption(byOption())
    .option('--json', 'print JSON')
    .action((orderId: string, options: { by: string; json?: boolean }) => withServices((deps) => change(deps, options.by, { orderId, action: 'confirmOrder' }, options.json)));
  orders
    .command('confirm-payment')
    .description('confirm the payment: 10 → 20, or 15 / 1 which enable the points at once (confirm_payment)')
    .argument('<order-id>')
    .addOption(new Option('--to <status>', 'target status').choices(['20', '15', '1']).default('20'))
    .addOption(byOption())
    .option('--json', 'print JSON')
    .action((orderId: string, options: { to: string; by: string; json?: boolean }) =>
      withServices((deps) => change(deps, options.by, { orderId, action: 'confirmPayment', to: Number(options.to) }, options.json)),
    );
  orders
    .command('enable')
    .description('enable a paid order (20): records the points, to 15, or to 1 with --complete (confirm_payment)')
    .argument('<order-id>')
    .option('--complete', 'complete at once (status 1) instead of awaiting receipt of funds (15)')
    .addOption(byOption())
    .option('--json', 'print JSON')
    .action((orderId: string, options: { complete?: boolean; by: string; json?: boolean }) =>
      withServices((deps) => change(deps, options.by, { orderId, action: 'enable', to: options.complete ? orderStatus.complete : orderStatus.awaitingFunds }, options.json)),
    );
  orders
    .command('cancel')
    .description('cancel an order awaiting confirmation: 0 → 99 (confirm_order)')
    .argument('<order-id>')
    .addOption(byOption())
    .option('--json', 'print JSON')
    .action((orderId: string, options: { by: string; json?: boolean }) => withServices((deps) => change(deps, options.by, { orderId, action: 'cancel' }, options.json)));
  orders
    .command('export')
    .description("write the orders as CSV to stdout (the back office's export)")
    .option('--status <status>', 'status code or name', statusCode)
    .option('--from <day>', 'first Taipei day, YYYY-MM-DD', day)
    .option('--to <day>', 'last Taipei day, YYYY-MM-DD', day)
    .addOption(new Option('--encoding <encoding>', 'Big5 for Excel on Traditional Chinese Windows, or UTF-8 with a byte-order mark').choices(orderExportEncodings).default('big5'))
    .action((options: { status?: number; from?: string; to?: string; encoding: OrderExportEncoding }) =>
      withServices((deps) => writeOrdersCsv(deps, { status: options.status, from: options.from, to: options.to, encoding: options.encoding }, stdoutKeptOpen())),
    );

  const packages = program.command('packages').description('point packages');
  packages
    .command('list')
    .description('every point package with its points, price, bonus and status')
    .option('--json', 'print JSON instead of a table')
    .action((options: { json?: boolean }) =>
      withServices(async (deps) => {
        const rows = await allPackages(deps);
        print(options.json, rows, () =>
          printTable(
            rows.map((row) => ({
              id: row.id,
              name: row.names['zh-TW'],
              type: row.type,
              'project type': row.projectType,
              points: points(row.pointsTenths),
              'price TWD': twd(row.priceMinor),
              bonus: `${points(row.bonusTenths)} (${row.bonusPercent}%)`,
              status: keyOf(packageStatus, row.status) ?? row.status,
            })),
          ),
        );
      }),
    );
}
