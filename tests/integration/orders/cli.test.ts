import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../src/server/trpc/context';
import { makeBuyer, orderForm, plans } from '../../factories/orders';
import { makeStaff } from '../../factories/staff';
import { cliTestTimeout, runCli } from '../../fixtures/cli';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
let basicId: number;
beforeAll(async () => {
  services = await openTestServices();
  basicId = (await plans(services.deps.db)).basic.id;
});
afterAll(() => services?.close());

const cli = (...args: string[]) => runCli(services.database.url, ...args);
const as = (actor: Actor) => callerFor(services.deps, actor);

describe('the orders CLI', { timeout: cliTestTimeout }, () => {
  it('lists, shows and moves an order through the same services and permissions as the back office', async () => {
    const buyer = await makeBuyer(services.deps.db);
    const member = as({ kind: 'member', userId: buyer.id });
    const { orderId } = await member.orders.place(orderForm(basicId));
    await member.orders.reportRemittance({ orderId, accountDigits: '40213' });
    const clerk = await makeStaff(services.deps.db, { permissions: ['confirm_order'] });
    const cashier = await makeStaff(services.deps.db, { permissions: ['confirm_payment'] });

    const listed = await cli('orders', 'list', '--status', 'awaitingConfirmation', '--json');
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout).items).toContainEqual(expect.objectContaining({ id: orderId, status: 0, totalMinor: 20_000_000 }));

    const refused = await cli('orders', 'confirm', orderId, '--by', cashier.email);
    expect(refused).toMatchObject({ code: 1, stderr: 'Error: That staff member lacks the permission of this step.\n' });
    const confirmed = await cli('orders', 'confirm', orderId, '--by', clerk.email);
    expect(confirmed).toMatchObject({ code: 0, stdout: `Order ${orderId} is now 10 (awaitingPayment).\n` });
    const paid = await cli('orders', 'confirm-payment', orderId, '--to', '1', '--by', cashier.email, '--json');
    expect(JSON.parse(paid.stdout)).toMatchObject({ id: orderId, status: 1 });
    expect((await member.points.balance()).types.find((figure) => figure.projectType === 9)?.remaining).toBe(400);

    const shown = await cli('orders', 'show', orderId);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`${orderId}  1 complete`);
    expect(shown.stdout).toContain('remittance account 40213');
    expect(shown.stdout).toMatch(new RegExp(`10\\s+1\\s+staff ${cashier.name}`));
    const again = await cli('orders', 'cancel', orderId, '--by', clerk.email);
    expect(again).toMatchObject({ code: 1, stderr: 'Error: The order is not in a status that allows this step.\n' });
  });

  it('exports CSV in UTF-8 to stdout and lists the packages', async () => {
    const buyer = await makeBuyer(services.deps.db);
    const { orderId } = await as({ kind: 'member', userId: buyer.id }).orders.place(orderForm(basicId, 2));
    const exported = await cli('orders', 'export', '--encoding', 'utf8', '--status', '0');
    expect(exported.code).toBe(0);
    expect(exported.stdout.startsWith('\uFEFF訂單編號,建立時間,狀態')).toBe(true);
    expect(exported.stdout).toMatch(new RegExp(`^${orderId},.*,訂單待確認,匯款,.*,80\\.0,`, 'm'));
    for (const command of ['list', 'export']) {
      // Malformed or not in the calendar: said so, not that dates start in 2000.
      for (const [option, value] of [['--from', '2026-13-01'], ['--from', '23/11/2026'], ['--to', '2026-02-30'], ['--from', '2026-02-29'], ['--to', '2026-1-05']]) {
        expect(await cli('orders', command, option!, value!)).toEqual({
          code: 1,
          stdout: '',
          stderr: `error: option '${option} <day>' argument '${value}' is invalid. not a valid calendar date: give a Taipei day as YYYY-MM-DD, e.g. 2026-11-23\n`,
        });
      }
      for (const ancient of ['0000-01-01', '1999-12-31']) {
        expect(await cli('orders', command, '--from', ancient)).toMatchObject({ code: 1, stderr: 'Error: from: Please enter a date from the year 2000 on, as YYYY-MM-DD.\n' });
      }
    }
    expect(await cli('orders', 'list', '--from', '2024-02-29', '--to', '2026-12-31')).toMatchObject({ code: 0, stderr: '' });

    const packages = JSON.parse((await cli('packages', 'list', '--json')).stdout) as Array<{ pointsTenths: number; priceMinor: number; type: string }>;
    expect(packages).toContainEqual(expect.objectContaining({ pointsTenths: 400, priceMinor: 20_000_000, type: 'general' }));
  });
});
