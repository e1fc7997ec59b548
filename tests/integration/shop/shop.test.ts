import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveOnLoopback, type LoopbackServer } from '../../../src/server/http/loopback';
import { createShopConnector } from '../../../src/server/modules/shop/shop.connector';
import { createShopEmulatorRouter } from '../../../src/server/shop-emulator/emulator.router';
import { makeMember } from '../../factories/members';
import { makeStaff } from '../../factories/staff';
import { failure } from '../../fixtures/errors';
import { callerFor, openTestServices, silentLog, type TestServices } from '../../fixtures/services';

let services: TestServices;
let emulator: LoopbackServer;
const keys = { consumerKey: 'ck_contract_test', consumerSecret: 'cs_contract_test' };
beforeAll(async () => {
  services = await openTestServices();
  emulator = await serveOnLoopback(createShopEmulatorRouter({ db: services.deps.db, ...keys, log: silentLog }));
});
afterAll(async () => {
  await emulator?.close();
  await services?.close();
});

const connectorAt = (baseUrl: string, secret = keys.consumerSecret) =>
  createShopConnector({ mode: 'remote', baseUrl, consumerKey: keys.consumerKey, consumerSecret: secret, timeoutMs: 1500, log: silentLog });

describe('the shop connector against the emulator', () => {
  it('lists coupons with exact amounts, changes one, and creates a smart coupon limited to e-mail addresses', async () => {
    const shop = connectorAt(emulator.url);
    const { items } = await shop.listCoupons({ page: 1, perPage: 50 });
    expect(items.find((coupon) => coupon.code === 'aoi-starter-1500')).toMatchObject({ discountType: 'fixed_cart', amountMinor: 150_000, expiresOn: '2027-03-31' });

    const starter = items.find((coupon) => coupon.code === 'aoi-starter-1500')!;
    const changed = await shop.updateCoupon(starter.id, { amountMinor: 199_950, expiresOn: '2027-12-31' });
    expect(changed).toMatchObject({ id: starter.id, amountMinor: 199_950, expiresOn: '2027-12-31' });
    expect(changed.modifiedAt).toBeInstanceOf(Date);

    const credit = await shop.createSmartCoupon({ amountMinor: 500_005, emails: ['buyer@hsinchu-optics.example'], expiresOn: null });
    expect(credit).toMatchObject({ discountType: 'smart_coupon', amountMinor: 500_005, emailRestrictions: ['buyer@hsinchu-optics.example'], expiresOn: null });
    expect((await shop.listCoupons({ page: 1, perPage: 1 })).totalPages).toBeGreaterThan(1);
  });

  it('gives NotFound for an unknown coupon and ShopApiException for wrong keys, an unreachable shop or a reply of the wrong shape', async () => {
    await expect(connectorAt(emulator.url).updateCoupon(987_654, { amountMinor: 100, expiresOn: null })).rejects.toMatchObject({ code: 'NotFound' });
    await expect(connectorAt(emulator.url, 'cs_wrong_secret').listCoupons({ page: 1, perPage: 10 })).rejects.toMatchObject({ code: 'ShopApiException' });
    await expect(connectorAt('http://127.0.0.1:9').listCoupons({ page: 1, perPage: 10 })).rejects.toMatchObject({ code: 'ShopApiException' });

    const strange = express.Router().get('/wp-json/wc/v3/coupons', (_req, res) => void res.json([{ id: 'one', amount: 12 }]));
    const odd = await serveOnLoopback(strange);
    try {
      await expect(connectorAt(odd.url).listCoupons({ page: 1, perPage: 10 })).rejects.toMatchObject({ code: 'ShopApiException' });
    } finally {
      await odd.close();
    }
  });
});

describe('coupons in the back office', () => {
  async function pointsStaff() {
    const member = await makeStaff(services.deps.db, { permissions: ['points_management'] });
    return callerFor(services.deps, { kind: 'staff', staffId: member.id });
  }

  it('lets points_management staff list, change and create coupons, each change in the audit log', async () => {
    const caller = await pointsStaff();
    const page = await caller.shop.coupons({});
    expect(page.emulated).toBe(true);
    const tenOff = page.items.find((coupon) => coupon.code === 'lens-kit-10off')!;

    const changed = await caller.shop.updateCoupon({ couponId: tenOff.id, amount: '1,250.5', expiresOn: '2027-01-31' });
    expect(changed).toMatchObject({ amountMinor: 125_050, expiresOn: '2027-01-31' });
    const created = await caller.shop.createSmartCoupon({ amount: '3000', emails: ['  Wang.SF@Dayuan-Plastics.example '], expiresOn: '' });
    expect(created).toMatchObject({ amountMinor: 300_000, emailRestrictions: ['wang.sf@dayuan-plastics.example'], expiresOn: null });

    const auditor = callerFor(services.deps, { kind: 'staff', staffId: (await makeStaff(services.deps.db, { super: true })).id });
    expect((await auditor.audit.admin.search({ action: 'coupon.update', target: `coupon:${tenOff.id}` })).items[0]).toMatchObject({ after: { amountMinor: 125_050 } });
    expect((await auditor.audit.admin.search({ action: 'coupon.create', target: `coupon:${created.id}` })).items).toHaveLength(1);
  });

  it.each([
    ['letters for an amount', { amount: 'lots' }, { amount: ['validation.amount'] }],
    ['a zero amount', { amount: '0' }, { amount: ['validation.amount'] }],
    ['three decimals', { amount: '10.005' }, { amount: ['validation.amount'] }],
    ['a negative amount', { amount: '-50' }, { amount: ['validation.amount'] }],
    ['no address', { emails: [] }, { emails: ['validation.required'] }],
    ['a malformed address', { emails: ['buyer@'] }, { 'emails.0': ['validation.email'] }],
    ['51 addresses', { emails: Array.from({ length: 51 }, (_, index) => `buyer${index}@hsinchu-optics.example`) }, { emails: ['validation.tooManyEmails'] }],
    ['an expiry that is not a date', { expiresOn: 'next spring' }, { expiresOn: ['validation.invalid'] }],
  ])('refuses a smart coupon with %s and creates nothing', async (_case, change, fieldErrors) => {
    const caller = await pointsStaff();
    const before = (await services.deps.shop.listCoupons({ page: 1, perPage: 100 })).items.length;
    const error = await failure(caller.shop.createSmartCoupon({ amount: '500', emails: ['buyer@hsinchu-optics.example'], expiresOn: '', ...change }));
    expect(error).toMatchObject({ code: 'InvalidInput', fieldErrors });
    expect((await services.deps.shop.listCoupons({ page: 1, perPage: 100 })).items).toHaveLength(before);
  });

  it('answers NotFound for a coupon the shop does not have', async () => {
    const caller = await pointsStaff();
    expect(await failure(caller.shop.updateCoupon({ couponId: 987_654, amount: '10', expiresOn: null }))).toMatchObject({ trpcCode: 'NOT_FOUND', code: 'NotFound' });
  });

  it.each([
    ['a visitor', async () => ({ kind: 'visitor' as const }), 'UNAUTHORIZED'],
    ['a member', async () => ({ kind: 'member' as const, userId: (await makeMember(services.deps.db)).id }), 'UNAUTHORIZED'],
    ['staff without points_management', async () => ({ kind: 'staff' as const, staffId: (await makeStaff(services.deps.db, { permissions: ['customer_service', 'confirm_order'] })).id }), 'FORBIDDEN'],
    ['disabled points staff', async () => ({ kind: 'staff' as const, staffId: (await makeStaff(services.deps.db, { permissions: ['points_management'], disabled: true })).id }), 'FORBIDDEN'],
  ])('refuses %s every coupon call and changes nothing', async (_who, actorOf, trpcCode) => {
    const caller = callerFor(services.deps, await actorOf());
    const [first] = (await services.deps.shop.listCoupons({ page: 1, perPage: 1 })).items;
    expect(await failure(caller.shop.coupons({}))).toMatchObject({ trpcCode });
    expect(await failure(caller.shop.updateCoupon({ couponId: first!.id, amount: '1', expiresOn: null }))).toMatchObject({ trpcCode });
    expect(await failure(caller.shop.createSmartCoupon({ amount: '1', emails: ['x@hsinchu-optics.example'], expiresOn: null }))).toMatchObject({ trpcCode });
    const [after] = (await services.deps.shop.listCoupons({ page: 1, perPage: 1 })).items;
    expect(after).toEqual(first);
  });
});
