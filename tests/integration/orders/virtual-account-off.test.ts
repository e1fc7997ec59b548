import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../src/server/db/schema';
import { createHttpApp } from '../../../src/server/http/app';
import { createLogger } from '../../../src/server/logger';
import { sweepVirtualAccounts, VIRTUAL_ACCOUNT_GRACE_MS, VIRTUAL_ACCOUNT_RETRY_AFTER_MS } from '../../../src/server/modules/orders/order-payment.service';
import { setUpPayments, type PaymentSetup } from '../../../src/server/modules/orders/payment.setup';
import { signPayload, SIGNATURE_HEADER } from '../../../src/server/modules/orders/payment-provider';
import type { Deps } from '../../../src/server/deps';
import { makeBuyer, orderForm, plans } from '../../factories/orders';
import { failure } from '../../fixtures/errors';
import { mailsTo } from '../../fixtures/mails';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

/**
 * A deployment (NODE_ENV=production) without PAYMENT_PROVIDER_URL: virtual accounts are off. No
 * emulator stands in (anyone could pay an order with it, and members would be shown an account
 * number no bank knows), /buy-points offers remittance only, and a virtual-account order is refused.
 */
const lines: string[] = [];
const log = createLogger('info', 'test', new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
const deployed: PaymentSetup = setUpPayments({ DEPLOYED: true, PAYMENT_PROVIDER_URL: undefined, PAYMENT_PROVIDER_KEY: undefined }, log);
const onLaptop: PaymentSetup = setUpPayments({ DEPLOYED: false, PAYMENT_PROVIDER_URL: undefined, PAYMENT_PROVIDER_KEY: undefined }, log);

let services: TestServices;
let off: Deps;
let basicId: number;
const servers: Server[] = [];
beforeAll(async () => {
  services = await openTestServices({ payments: onLaptop.provider, log });
  off = { ...services.deps, payments: deployed.provider };
  basicId = (await plans(services.deps.db)).basic.id;
});
afterAll(async () => {
  for (const server of servers) server.close();
  await services?.close();
});

/** The portal's HTTP app as portal.ts builds it from the payment set-up. */
async function serve(deps: Deps, setup: PaymentSetup): Promise<string> {
  const server = createHttpApp(deps, { ready: true }, { development: false, paymentEmulator: setup.emulator }).listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function ordersOf(groupId: string) {
  const [row] = await services.deps.db.select({ value: count() }).from(orders).where(eq(orders.groupId, groupId));
  return row!.value;
}

describe('virtual accounts in a deployment without a payment provider', () => {
  it('sets up no emulator, mounts no /payment-emulator (404), and says at start that virtual accounts are off', async () => {
    expect(deployed).toEqual({ provider: undefined });
    expect(lines.join('')).toContain('virtual-account payment (NEWEBPAY_VACC) is off');
    const base = await serve(off, deployed);
    const pay = await fetch(`${base}/payment-emulator/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: '92026010100010' }) });
    expect(pay.status).toBe(404);

    // Outside a deployment (npm start, tests) the emulator still issues accounts and is mounted.
    expect(onLaptop.emulator).toBeDefined();
    const laptop = await serve(services.deps, onLaptop);
    const refused = await fetch(`${laptop}/payment-emulator/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(refused.status).toBe(400);
  });

  it('offers remittance only, and refuses a virtual-account order with a translated field error before anything is created', async () => {
    const buyer = await makeBuyer(services.deps.db);
    const member = callerFor(off, { kind: 'member', userId: buyer.id });
    expect(await member.orders.paymentTypes()).toEqual({ paymentTypes: ['REMITTANCE'] });
    const refused = await failure(member.orders.place(orderForm(basicId, 1, { paymentType: 'NEWEBPAY_VACC' })));
    expect(refused).toMatchObject({ code: 'InvalidInput', fieldErrors: { paymentType: ['validation.orders.paymentTypeUnavailable'] } });
    expect(await ordersOf(buyer.groupId)).toBe(0);
    expect(await mailsTo(services.deps.db, buyer.email)).toEqual([]);
    // Remittance is unaffected.
    expect(await member.orders.place(orderForm(basicId, 1))).toMatchObject({ status: 0, created: true });

    // With the emulator (outside a deployment) both are offered.
    expect(await callerFor(services.deps, { kind: 'member', userId: buyer.id }).orders.paymentTypes()).toEqual({ paymentTypes: ['REMITTANCE', 'NEWEBPAY_VACC'] });
  });

  it('answers a callback with 404 changing nothing, and the sweep asks for no account but still closes orders past their deadline', async () => {
    // Orders placed while a provider was configured: one whose account was issued, one still waiting for it.
    const buyer = await makeBuyer(services.deps.db);
    const withProvider = callerFor(services.deps, { kind: 'member', userId: buyer.id });
    const issued = await withProvider.orders.place(orderForm(basicId, 1, { paymentType: 'NEWEBPAY_VACC' }));
    const failing = { callbackKey: 'k', issueVirtualAccount: () => Promise.reject(new Error('provider down')) };
    const waiting = await callerFor({ ...services.deps, payments: failing }, { kind: 'member', userId: buyer.id }).orders.place(orderForm(basicId, 1, { paymentType: 'NEWEBPAY_VACC' }));
    expect([issued.status, waiting.status]).toEqual([10, 2]);
    const detail = await withProvider.orders.show({ orderId: issued.orderId });

    const base = await serve(off, deployed);
    const body = JSON.stringify({ tradeNo: `T-${issued.orderId}`, orderId: issued.orderId, account: detail.virtualAccount!.account, amountMinor: detail.totalMinor, paidAt: new Date().toISOString() });
    const callback = await fetch(`${base}/payment-callback/newebpay`, { method: 'POST', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signPayload('any key at all', body) }, body });
    expect(callback.status).toBe(404);
    expect(await callback.json()).toEqual({ outcome: 'noProvider' });
    expect((await withProvider.orders.show({ orderId: issued.orderId })).status).toBe(10);

    const at = (ms: number): Deps => ({ ...off, clock: () => new Date(detail.virtualAccount!.expiresAt.getTime() + ms) });
    expect(await sweepVirtualAccounts(at(VIRTUAL_ACCOUNT_GRACE_MS + VIRTUAL_ACCOUNT_RETRY_AFTER_MS))).toMatchObject({ issued: 0, failed: 0 });
    expect((await withProvider.orders.show({ orderId: issued.orderId })).status).toBe(98);
    expect((await withProvider.orders.show({ orderId: waiting.orderId })).status).toBe(2);
  });
});
