import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatNotices, mailOutbox, paymentCallbacks } from '../../../src/server/db/schema';
import { handlePaymentCallback, sweepVirtualAccounts, VIRTUAL_ACCOUNT_GRACE_MS } from '../../../src/server/modules/orders/order-payment.service';
import { signPayload, SIGNATURE_HEADER } from '../../../src/server/modules/orders/payment-provider';
import { createPaymentEmulator } from '../../../src/server/payment-emulator/payment-emulator';
import type { Actor } from '../../../src/server/trpc/context';
import { formatMoney, formatTaipeiDateTime } from '../../../src/shared/money';
import { makeBuyer, orderForm, placeVirtualAccountOrder, plans } from '../../factories/orders';
import { makeStaff } from '../../factories/staff';
import { serveApiOnLoopback, type LoopbackApi } from '../../fixtures/http';
import { mailsTo } from '../../fixtures/mails';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

/**
 * Money the provider takes but the portal does not apply: a payment made in time but reported after
 * the sweep closed the order is taken; every other verified callback is kept with what the provider
 * said, staff holding confirm_payment are told, and the back office lists it on the order.
 */
const emulator = createPaymentEmulator();
let services: TestServices;
let api: LoopbackApi;
let basicId: number;
beforeAll(async () => {
  services = await openTestServices({ payments: emulator.provider });
  api = await serveApiOnLoopback(services.deps);
  basicId = (await plans(services.deps.db)).basic.id;
});
afterAll(async () => {
  api?.close();
  await services?.close();
});

const as = (actor: Actor) => callerFor(services.deps, actor);
const NOTICE = 'order.paymentNotApplied.staff';
const TOTAL = 20_000_000;

const vaccOrder = () => placeVirtualAccountOrder(services.deps, basicId);

interface Reported {
  tradeNo: string;
  orderId: string;
  account: string;
  amountMinor?: number;
  paidAt?: Date;
}

function bodyOf(payment: Reported): string {
  return JSON.stringify({ ...payment, amountMinor: payment.amountMinor ?? TOTAL, paidAt: (payment.paidAt ?? new Date()).toISOString() });
}

/** The provider's signed callback of `payment`, through HTTP; its status and the outcome the portal answers. */
async function report(payment: Reported): Promise<{ status: number; outcome: string }> {
  const body = bodyOf(payment);
  const response = await fetch(`${api.base}/payment-callback/newebpay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signPayload(emulator.provider.callbackKey, body) },
    body,
  });
  return { status: response.status, outcome: ((await response.json()) as { outcome: string }).outcome };
}

/** The staff notices (mails to `recipient`, chat notices) that name `tradeNo`. */
async function noticesOf(tradeNo: string, recipient: string) {
  const mails = (await mailsTo(services.deps.db, recipient, NOTICE)).filter((mail) => mail.body.includes(tradeNo));
  const chats = await services.deps.db
    .select()
    .from(chatNotices)
    .where(and(eq(chatNotices.kind, NOTICE), like(chatNotices.message, `%${tradeNo}%`)));
  return { mails, chats };
}

describe('a payment made in time but reported after the sweep closed the order', () => {
  it('is applied (98 -> 20) with the payment-confirmed mail; one made after the deadline stays late and changes nothing', async () => {
    const inTime = await vaccOrder();
    const tooLate = await vaccOrder();
    const afterGrace = { ...services.deps, clock: () => new Date(Math.max(inTime.expiresAt.getTime(), tooLate.expiresAt.getTime()) + VIRTUAL_ACCOUNT_GRACE_MS + 60_000) };
    await sweepVirtualAccounts(afterGrace);
    expect((await inTime.member.orders.show({ orderId: inTime.orderId })).status).toBe(98);
    expect((await tooLate.member.orders.show({ orderId: tooLate.orderId })).status).toBe(98);

    const paidAt = new Date(inTime.expiresAt.getTime() - 3_600_000);
    expect(await report({ tradeNo: `IN-${inTime.orderId}`, orderId: inTime.orderId, account: inTime.account, paidAt })).toEqual({ status: 200, outcome: 'paid' });
    const paid = await inTime.member.orders.show({ orderId: inTime.orderId });
    expect(paid.status).toBe(20);
    expect(paid.paymentTime).toEqual(paidAt);
    expect(paid.log.at(-1)).toMatchObject({ from: 98, to: 20, actorKind: 'provider' });
    const [confirmed] = await mailsTo(services.deps.db, inTime.buyer.email, 'order.paymentConfirmed');
    expect(confirmed!.body).toContain(inTime.orderId);

    const lateAt = new Date(tooLate.expiresAt.getTime() + 1000);
    expect(await report({ tradeNo: `LATE-${tooLate.orderId}`, orderId: tooLate.orderId, account: tooLate.account, paidAt: lateAt })).toEqual({ status: 200, outcome: 'late' });
    const closed = await tooLate.member.orders.show({ orderId: tooLate.orderId });
    expect(closed.status).toBe(98);
    expect(closed.paymentTime).toBeNull();
    expect(closed.log.at(-1)).toMatchObject({ from: 10, to: 98 });
    expect(await mailsTo(services.deps.db, tooLate.buyer.email, 'order.paymentConfirmed')).toEqual([]);
    // Staff cannot take a closed order to paid themselves: the new step is the provider's only.
    const finance = await makeStaff(services.deps.db, { permissions: ['confirm_payment'] });
    expect((await as({ kind: 'staff', staffId: finance.id }).orders.admin.show({ orderId: tooLate.orderId })).actions).toEqual([]);
  });
});

describe('a verified callback', () => {
  it('keeps what the provider reported: amount, account and when it was paid', async () => {
    const order = await vaccOrder();
    const shortAt = new Date(Date.now() - 120_000);
    const paidAt = new Date(Date.now() - 60_000);
    expect((await report({ tradeNo: `SHORT-${order.orderId}`, orderId: order.orderId, account: order.account, amountMinor: 150_000, paidAt: shortAt })).outcome).toBe('mismatch');
    expect((await report({ tradeNo: `FULL-${order.orderId}`, orderId: order.orderId, account: order.account, paidAt })).outcome).toBe('paid');
    const rows = await services.deps.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.orderId, order.orderId)).orderBy(paymentCallbacks.receivedAt);
    expect(rows).toEqual([
      expect.objectContaining({ tradeNo: `SHORT-${order.orderId}`, outcome: 'mismatch', amountMinor: 150_000, account: order.account, paidAt: shortAt }),
      expect.objectContaining({ tradeNo: `FULL-${order.orderId}`, outcome: 'paid', amountMinor: TOTAL, account: order.account, paidAt }),
    ]);
  });

  it('that is not applied (mismatch, late, conflict, unknown order) tells the staff holding confirm_payment, by mail and chat notice, once', async () => {
    const finance = await makeStaff(services.deps.db, { permissions: ['confirm_payment'] });
    const clerk = await makeStaff(services.deps.db, { permissions: ['confirm_order'] });
    const order = await vaccOrder();
    const paidAt = new Date(Date.now() - 90_000);
    const cases = [
      { outcome: 'mismatch', payment: { tradeNo: `MIS-${order.orderId}`, orderId: order.orderId, account: order.account, amountMinor: 150_000, paidAt }, why: 'The amount or the account differs' },
      { outcome: 'late', payment: { tradeNo: `LAT-${order.orderId}`, orderId: order.orderId, account: order.account, paidAt: new Date(order.expiresAt.getTime() + 1000) }, why: "after the account's deadline" },
      { outcome: 'paid', payment: { tradeNo: `PAY-${order.orderId}`, orderId: order.orderId, account: order.account, paidAt } },
      { outcome: 'conflict', payment: { tradeNo: `TWO-${order.orderId}`, orderId: order.orderId, account: order.account, paidAt }, why: 'no longer awaiting payment' },
      { outcome: 'unknownOrder', payment: { tradeNo: 'NOBODY-1', orderId: 'M202601010019', account: '9202601010019', amountMinor: 5_000_00, paidAt }, why: 'no virtual-account order' },
    ] as const;
    for (const { outcome, payment, ...rest } of cases) {
      expect(await report(payment)).toEqual({ status: 200, outcome });
      const told = await noticesOf(payment.tradeNo, finance.email);
      expect((await noticesOf(payment.tradeNo, clerk.email)).mails).toEqual([]);
      if (!('why' in rest)) {
        expect(told).toEqual({ mails: [], chats: [] });
        continue;
      }
      expect(told.mails).toHaveLength(1);
      expect(told.chats).toHaveLength(1);
      const [mail] = told.mails;
      for (const words of [payment.orderId, payment.tradeNo, formatMoney('amountMinor' in payment ? payment.amountMinor : TOTAL, 'zh-TW'), formatTaipeiDateTime(payment.paidAt), rest.why, '退款']) {
        expect(mail!.body).toContain(words);
      }
      expect(mail!.body).toMatch(/refund/i);
      expect(mail!.subject).toContain(payment.orderId);
      expect(told.chats[0]!.message).toContain(payment.orderId);
    }

    // A replay of a callback staff were told of tells them nothing more.
    expect((await report(cases[0].payment)).outcome).toBe('replayed');
    expect((await noticesOf(cases[0].payment.tradeNo, finance.email)).mails).toHaveLength(1);
  });

  it('tells staff only while staff mails are on, and in the transaction of the callback: a failure to queue the notice leaves the callback to be taken again', async () => {
    const finance = await makeStaff(services.deps.db, { permissions: ['confirm_payment'] });
    const order = await vaccOrder();
    const quiet = { ...services.deps, config: { ...services.deps.config, MAIL_NOTIFICATIONS: false } };
    const unsent = bodyOf({ tradeNo: `OFF-${order.orderId}`, orderId: order.orderId, account: order.account, amountMinor: 1 });
    expect(await handlePaymentCallback(quiet, Buffer.from(unsent), signPayload(emulator.provider.callbackKey, unsent))).toBe('mismatch');
    const off = await noticesOf(`OFF-${order.orderId}`, finance.email);
    expect(off.mails).toEqual([]);
    expect(off.chats).toHaveLength(1);

    const payment = { tradeNo: `TX-${order.orderId}`, orderId: order.orderId, account: order.account, amountMinor: 2 };
    await services.deps.db.execute(
      sql.raw(`create function fail_staff_notice() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$;
        create trigger fail_staff_notice before insert on mail_outbox for each row execute function fail_staff_notice();`),
    );
    let failed;
    try {
      failed = await report(payment);
    } finally {
      await services.deps.db.execute(sql.raw('drop trigger fail_staff_notice on mail_outbox; drop function fail_staff_notice();'));
    }
    expect(failed.status).toBe(500);
    expect(await services.deps.db.select().from(paymentCallbacks).where(eq(paymentCallbacks.tradeNo, payment.tradeNo))).toEqual([]);
    expect(await services.deps.db.select().from(mailOutbox).where(like(mailOutbox.body, `%${payment.tradeNo}%`))).toEqual([]);

    expect(await report(payment)).toEqual({ status: 200, outcome: 'mismatch' });
    expect((await noticesOf(payment.tradeNo, finance.email)).mails).toHaveLength(1);
  });
});

describe("the back office's order detail", () => {
  it('lists the payments the provider reported for the order, each with its outcome; the member does not see them', async () => {
    const order = await vaccOrder();
    const clerk = await makeStaff(services.deps.db, { permissions: ['confirm_order'] });
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const reported = [
      { tradeNo: `A-${order.orderId}`, paidAt: new Date(order.expiresAt.getTime() + 1000), amountMinor: TOTAL, outcome: 'late' },
      { tradeNo: `B-${order.orderId}`, paidAt: at(4), amountMinor: 99_00, outcome: 'mismatch' },
      { tradeNo: `C-${order.orderId}`, paidAt: at(3), amountMinor: TOTAL, outcome: 'paid' },
      { tradeNo: `D-${order.orderId}`, paidAt: at(2), amountMinor: TOTAL, outcome: 'conflict' },
    ] as const;
    for (const payment of reported) {
      expect((await report({ tradeNo: payment.tradeNo, orderId: order.orderId, account: order.account, amountMinor: payment.amountMinor, paidAt: payment.paidAt })).outcome).toBe(payment.outcome);
    }
    const detail = await as({ kind: 'staff', staffId: clerk.id }).orders.admin.show({ orderId: order.orderId });
    expect(detail.providerPayments).toEqual(reported.map((payment) => ({ ...payment, account: order.account })));
    expect(await order.member.orders.show({ orderId: order.orderId })).not.toHaveProperty('providerPayments');

    const remittance = await makeBuyer(services.deps.db);
    const { orderId } = await as({ kind: 'member', userId: remittance.id }).orders.place(orderForm(basicId));
    expect((await as({ kind: 'staff', staffId: clerk.id }).orders.admin.show({ orderId })).providerPayments).toEqual([]);
  });
});
