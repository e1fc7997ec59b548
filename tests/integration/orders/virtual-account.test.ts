import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/server/logger';
import { signPayload, SIGNATURE_HEADER } from '../../../src/server/modules/orders/payment-provider';
import { sweepVirtualAccounts, VIRTUAL_ACCOUNT_GRACE_MS, VIRTUAL_ACCOUNT_RETRY_AFTER_MS } from '../../../src/server/modules/orders/order-payment.service';
import { createPaymentEmulator } from '../../../src/server/payment-emulator/payment-emulator';
import { makeBuyer, orderForm, placeVirtualAccountOrder, plans } from '../../factories/orders';
import { serveApiOnLoopback, type LoopbackApi } from '../../fixtures/http';
import { mailsTo } from '../../fixtures/mails';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

const lines: string[] = [];
const emulator = createPaymentEmulator();
let services: TestServices;
let api: LoopbackApi;
let callbackUrl: string;
let basicId: number;
beforeAll(async () => {
  const log = createLogger('info', 'test', new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
  services = await openTestServices({ payments: emulator.provider, log });
  api = await serveApiOnLoopback(services.deps);
  callbackUrl = `${api.base}/payment-callback/newebpay`;
  basicId = (await plans(services.deps.db)).basic.id;
});
afterAll(async () => {
  api?.close();
  await services?.close();
});

const vaccOrder = () => placeVirtualAccountOrder(services.deps, basicId);

function post(body: string, signature: string) {
  return fetch(callbackUrl, { method: 'POST', headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature }, body });
}

describe('the virtual-account payment', () => {
  it('issues an account with a deadline, and a signed callback confirms the payment once', async () => {
    const { buyer, member, orderId, account, expiresAt } = await vaccOrder();
    expect(account).toMatch(/^\d{10,16}$/);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(2.9 * 86_400_000);
    const [issued] = await mailsTo(services.deps.db, buyer.email, 'order.virtualAccountIssued');
    expect(issued!.body).toContain(account);
    const paidAt = new Date(Date.now() - 60_000);
    const paid = await emulator.pay({ account, callbackUrl, paidAt, tradeNo: `T-${orderId}` });
    expect(paid.status).toBe(200);
    const detail = await member.orders.show({ orderId });
    expect(detail.status).toBe(20);
    expect(detail.paymentTime).toEqual(paidAt);
    expect(detail.log.at(-1)).toMatchObject({ from: 10, to: 20, actorKind: 'provider' });
    expect(await mailsTo(services.deps.db, buyer.email, 'order.paymentConfirmed')).toHaveLength(1);

    const replay = await post(JSON.stringify(paid.body), signPayload(emulator.provider.callbackKey, JSON.stringify(paid.body)));
    expect(await replay.json()).toEqual({ outcome: 'replayed' });
    const again = await emulator.pay({ account, callbackUrl, paidAt });
    expect(again.status).toBe(200);
    expect((await member.orders.show({ orderId })).log).toHaveLength(detail.log.length);
    expect(await mailsTo(services.deps.db, buyer.email, 'order.paymentConfirmed')).toHaveLength(1);
    expect(lines.join('')).toContain('payment callback ignored: replayed');
  });

  it('processes the provider\'s retry of a callback whose application failed, exactly once; concurrent duplicates apply once', async () => {
    const { buyer, member, orderId, account } = await vaccOrder();
    // One failure of the application after the callback was claimed: the database refuses the order's log entry.
    await services.deps.db.execute(
      sql.raw(`create function fail_order_log() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$;
        create trigger fail_order_log before insert on order_logs for each row execute function fail_order_log();`),
    );
    let failed;
    try {
      failed = await emulator.pay({ account, callbackUrl, tradeNo: `R-${orderId}` });
    } finally {
      await services.deps.db.execute(sql.raw('drop trigger fail_order_log on order_logs; drop function fail_order_log();'));
    }
    expect(failed.status).toBe(500);
    expect((await member.orders.show({ orderId })).status).toBe(10);

    // The provider retries the same callback: processed now, once.
    const retried = await post(JSON.stringify(failed.body), signPayload(emulator.provider.callbackKey, JSON.stringify(failed.body)));
    expect(await retried.json()).toEqual({ outcome: 'paid' });
    const detail = await member.orders.show({ orderId });
    expect(detail.status).toBe(20);
    expect(detail.log.filter((entry) => entry.to === 20)).toHaveLength(1);
    const replay = await post(JSON.stringify(failed.body), signPayload(emulator.provider.callbackKey, JSON.stringify(failed.body)));
    expect(await replay.json()).toEqual({ outcome: 'replayed' });
    expect((await member.orders.show({ orderId })).log).toHaveLength(detail.log.length);
    expect(await mailsTo(services.deps.db, buyer.email, 'order.paymentConfirmed')).toHaveLength(1);

    // Two deliveries of one callback at once: one applies it, the other finds it claimed.
    const other = await vaccOrder();
    const body = JSON.stringify({ tradeNo: `D-${other.orderId}`, orderId: other.orderId, account: other.account, amountMinor: 20_000_000, paidAt: new Date().toISOString() });
    const signature = signPayload(emulator.provider.callbackKey, body);
    const outcomes = await Promise.all([post(body, signature), post(body, signature)].map(async (response) => ((await (await response).json()) as { outcome: string }).outcome));
    expect(outcomes.sort()).toEqual(['paid', 'replayed']);
    expect((await other.member.orders.show({ orderId: other.orderId })).log.filter((entry) => entry.to === 20)).toHaveLength(1);
  });

  it('refuses forged and tampered callbacks, and ignores late or mismatched ones, changing nothing and logging each', async () => {
    const { member, orderId, account, expiresAt } = await vaccOrder();
    const body = JSON.stringify({ tradeNo: `F-${orderId}`, orderId, account, amountMinor: 20_000_000, paidAt: new Date().toISOString() });
    expect((await post(body, signPayload('not the provider key at all', body))).status).toBe(401);
    expect((await post(body, '')).status).toBe(401);
    const tampered = body.replace('20000000', '1');
    expect((await post(tampered, signPayload(emulator.provider.callbackKey, body))).status).toBe(401);
    expect(lines.join('')).toContain('payment callback refused: bad signature');

    const late = await emulator.pay({ account, callbackUrl, paidAt: new Date(expiresAt.getTime() + 1000) });
    expect(late.status).toBe(200);
    const short = await emulator.pay({ account, callbackUrl, amountMinor: 1 });
    expect(short.status).toBe(200);
    const text = lines.join('');
    expect(text).toMatch(/"outcome":"late".*payment callback changed nothing/);
    expect(text).toMatch(/"outcome":"mismatch".*payment callback changed nothing/);
    const detail = await member.orders.show({ orderId });
    expect(detail.status).toBe(10);
    expect(detail.paymentTime).toBeNull();
  });

  it('keeps a placed order at status 2 when the provider fails to issue an account', async () => {
    const failing = { callbackKey: 'k', issueVirtualAccount: () => Promise.reject(new Error('provider down')) };
    const buyer = await makeBuyer(services.deps.db);
    const member = callerFor({ ...services.deps, payments: failing }, { kind: 'member', userId: buyer.id });
    const { orderId, status } = await member.orders.place(orderForm(basicId, 1, { paymentType: 'NEWEBPAY_VACC' }));
    expect(status).toBe(2);
    expect((await member.orders.show({ orderId })).virtualAccount).toBeNull();
    // The placing mail says an account is coming, not how to remit.
    const [placed] = await mailsTo(services.deps.db, buyer.email, 'order.placedVirtualAccount');
    expect(placed!.body).toContain(orderId);
    expect(placed!.body).not.toMatch(/5 digits|末 5 碼/);
    expect(await mailsTo(services.deps.db, buyer.email, 'order.placed')).toEqual([]);

    // The sweep asks the provider again once the first request is a minute old, and the account is mailed.
    const later = (ms: number) => ({ ...services.deps, clock: () => new Date(Date.now() + ms) });
    await sweepVirtualAccounts({ ...later(VIRTUAL_ACCOUNT_RETRY_AFTER_MS - 10_000), payments: failing });
    expect((await member.orders.show({ orderId })).status).toBe(2);
    await sweepVirtualAccounts(later(VIRTUAL_ACCOUNT_RETRY_AFTER_MS + 10_000));
    const issued = await member.orders.show({ orderId });
    expect(issued.status).toBe(10);
    const [mail] = await mailsTo(services.deps.db, buyer.email, 'order.virtualAccountIssued');
    expect(mail!.body).toContain(issued.virtualAccount!.account);
    expect(mail!.body).toContain(issued.virtualAccount!.bankCode);
    expect(await mailsTo(services.deps.db, buyer.email, 'order.confirmed')).toEqual([]);
  });

  it('closes an order whose account is unpaid a day after its deadline, and mails the customer; a payment reported within that day is still taken', async () => {
    const unpaid = await vaccOrder();
    const reportedLate = await vaccOrder();
    const at = (order: { expiresAt: Date }, ms: number) => ({ ...services.deps, clock: () => new Date(order.expiresAt.getTime() + ms) });
    await sweepVirtualAccounts(at(unpaid, VIRTUAL_ACCOUNT_GRACE_MS - 60_000));
    expect((await unpaid.member.orders.show({ orderId: unpaid.orderId })).status).toBe(10);

    // Within that day the sweep has closed nothing, so a payment made before the deadline and
    // reported only now (the provider retried its callback) is taken.
    await sweepVirtualAccounts(at(reportedLate, VIRTUAL_ACCOUNT_GRACE_MS - 60_000));
    const paid = await emulator.pay({ account: reportedLate.account, callbackUrl, paidAt: new Date(reportedLate.expiresAt.getTime() - 3_600_000) });
    expect(paid.status).toBe(200);

    await sweepVirtualAccounts(at(unpaid, VIRTUAL_ACCOUNT_GRACE_MS + 60_000));
    const closed = await unpaid.member.orders.show({ orderId: unpaid.orderId });
    expect(closed.status).toBe(98);
    expect(closed.log.at(-1)).toMatchObject({ from: 10, to: 98, actorKind: 'system' });
    const [mail] = await mailsTo(services.deps.db, unpaid.buyer.email, 'order.expired');
    expect(mail!.body).toContain(unpaid.orderId);
    expect((await reportedLate.member.orders.show({ orderId: reportedLate.orderId })).status).toBe(20);
  });
});
