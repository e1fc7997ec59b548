import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBuyer, orderForm, plans } from '../../factories/orders';
import { failure } from '../../fixtures/errors';
import { callerFor, openTestServices, type TestServices } from '../../fixtures/services';

/** The remittance report's digits as a Chinese or Japanese input method types them: full-width, the same digits. */
let services: TestServices;
let basicId: number;
beforeAll(async () => {
  services = await openTestServices();
  basicId = (await plans(services.deps.db)).basic.id;
});
afterAll(() => services?.close());

describe('the remittance report with full-width digits', () => {
  it("takes '１２３４５' and stores it as '12345'; other characters are still refused", async () => {
    const buyer = await makeBuyer(services.deps.db);
    const member = callerFor(services.deps, { kind: 'member', userId: buyer.id });
    const { orderId } = await member.orders.place(orderForm(basicId, 1, { paymentType: 'REMITTANCE' }));

    expect(await member.orders.reportRemittance({ orderId, accountDigits: '１２３４５' })).toEqual({ orderId, accountDigits: '12345' });
    expect((await member.orders.show({ orderId })).accountDigits).toBe('12345');
    // Mixed, with a full-width space around it (the input method's), as typed.
    expect(await member.orders.reportRemittance({ orderId, accountDigits: '\u3000４０2１3\u3000' })).toEqual({ orderId, accountDigits: '40213' });
    expect((await member.orders.show({ orderId })).accountDigits).toBe('40213');

    for (const accountDigits of ['１２３４', '１２３４５６', '１２ａ４５', '一二三四五']) {
      expect(await failure(member.orders.reportRemittance({ orderId, accountDigits }))).toMatchObject({ code: 'InvalidInput', fieldErrors: { accountDigits: ['validation.orders.accountDigits'] } });
    }
    expect((await member.orders.show({ orderId })).accountDigits).toBe('40213');
  });
});
