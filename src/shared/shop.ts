import { z } from 'zod';
import { emailField } from './accounts';

/**
 * Coupons of the external shopping centre (spec sections 3 and 7), as staff manage them in the back
 * office. Amounts are integer minor units of TWD (cents) on our side; the shop's API speaks decimal
 * strings ("500.00"), converted exactly at the connector.
 */

export const shopLimits = { maxAmountMinor: 100_000_000, maxEmails: 50 } as const;

/** A TWD amount typed by staff ("500", "499.5", "1,200.00") as integer cents; anything else is refused. */
export const couponAmountField = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .transform((value) => value.replaceAll(',', ''))
  .refine((value) => /^\d{1,7}(\.\d{1,2})?$/.test(value), { error: 'validation.amount' })
  .transform((value) => decimalToMinor(value))
  .refine((value) => value > 0 && value <= shopLimits.maxAmountMinor, { error: 'validation.amount' });

/** "499.5" → 49950, with no floating point on the way. */
export function decimalToMinor(value: string): number {
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 49950 → "499.50", as the shop's API and the forms show it. */
export function minorToDecimal(minor: number): string {
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** A calendar day (YYYY-MM-DD, the shop's time zone) or none. */
const expiryField = z
  .string()
  .trim()
  .refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value), { error: 'validation.invalid' })
  .transform((value) => (value === '' ? null : value))
  .nullable();

export const couponListInput = z.object({ page: z.number().int().min(1).max(10_000).default(1) });

export const couponUpdateInput = z.object({
  couponId: z.number().int().positive(),
  amount: couponAmountField,
  expiresOn: expiryField,
});
export type CouponUpdate = z.output<typeof couponUpdateInput>;

/** A smart coupon (store credit) usable only by the listed e-mail addresses. */
export const smartCouponInput = z.object({
  amount: couponAmountField,
  emails: z
    .array(emailField)
    .min(1, { error: 'validation.required' })
    .max(shopLimits.maxEmails, { error: 'validation.tooManyEmails' }),
  expiresOn: expiryField,
});
export type SmartCoupon = z.output<typeof smartCouponInput>;

export const couponOutput = z.object({
  id: z.number().int(),
  code: z.string(),
  discountType: z.string(),
  amountMinor: z.number().int(),
  emailRestrictions: z.array(z.string()),
  expiresOn: z.string().nullable(),
  usageCount: z.number().int(),
  modifiedAt: z.date().nullable(),
});
export type Coupon = z.output<typeof couponOutput>;

export const couponPageOutput = z.object({
  items: z.array(couponOutput),
  page: z.number().int(),
  totalPages: z.number().int(),
  /** True while no shop address is configured and the built-in emulator answers. */
  emulated: z.boolean(),
});
export type CouponPage = z.output<typeof couponPageOutput>;
