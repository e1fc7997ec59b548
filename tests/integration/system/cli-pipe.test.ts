import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBuyer, orderForm, plans } from '../../factories/orders';
import { cliTestTimeout, spawnCli } from '../../fixtures/cli';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

let services: TestServices;
beforeAll(async () => {
  services = await openTestServices();
});
afterAll(() => services?.close());

describe('the CLI writing to a reader that has gone', { timeout: cliTestTimeout }, () => {
  it('stops quietly with exit code 0, as in `inspectra orders export | head -1`', async () => {
    const { basic } = await plans(services.deps.db);
    const buyer = await makeBuyer(services.deps.db);
    for (let placed = 0; placed < 3; placed += 1) await callerFor(services.deps, { kind: 'member', userId: buyer.id }).orders.place(orderForm(basic.id));

    const child = spawnCli(services.database.url, 'orders', 'export', '--encoding', 'utf8');
    // The read end of the CLI's stdout closes at once, long before the CLI (a new Node process that
    // then opens the database) writes anything: its first write to stdout fails with EPIPE. The test
    // cannot see that write itself; without the CLI's rule for EPIPE it ends with an error and exit code 1.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];

    expect({ code, signal }, stderr).toEqual({ code: 0, signal: null });
    expect(stderr).not.toContain('EPIPE');
    expect(stderr).not.toContain('Error');
  });
});
