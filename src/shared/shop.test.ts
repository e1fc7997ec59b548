import { describe, expect, it } from 'vitest';
import { couponAmountField, decimalToMinor, minorToDecimal } from './shop';

describe('coupon amounts in cents', () => {
  it('reads what staff type exactly, without floating point', () => {
    expect(couponAmountField.parse('1500')).toBe(150_000);
    expect(couponAmountField.parse(' 1,250.5 ')).toBe(125_050);
    expect(couponAmountField.parse('0.29')).toBe(29);
    expect(couponAmountField.parse('999999.99')).toBe(99_999_999);
    expect(couponAmountField.safeParse('1000000.01').success).toBe(false);
  });

  it('refuses zero, negatives, three decimals and words', () => {
    for (const typed of ['0', '0.00', '-5', '10.005', 'ten', '1e3', '']) expect(couponAmountField.safeParse(typed).success).toBe(false);
  });

  it('converts to and from the shop\'s decimal strings', () => {
    expect(decimalToMinor('499.5')).toBe(49_950);
    expect(decimalToMinor('7')).toBe(700);
    expect(minorToDecimal(49_950)).toBe('499.50');
    expect(minorToDecimal(5)).toBe('0.05');
  });
});
