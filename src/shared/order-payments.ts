import { z } from 'zod';
import { orderDetailOutput } from './orders';

/**
 * What became of a virtual-account payment the provider reported (its verified callback): applied
 * to the order ('paid'), or not applied because the amount or account differs ('mismatch'), it was
 * paid after the account's deadline ('late'), the order was no longer awaiting payment ('conflict'),
 * or no virtual-account order has its id ('unknownOrder'). Staff are told of each one not applied.
 */
export const providerPaymentOutcomes = ['paid', 'mismatch', 'late', 'conflict', 'unknownOrder'] as const;
export type ProviderPaymentOutcome = (typeof providerPaymentOutcomes)[number];

/** A payment the provider reported, as it reported it (amount, account and time are null on callbacks kept before they were). */
const providerPaymentOutput = z.object({
  tradeNo: z.string(),
  amountMinor: z.number().int().nullable(),
  account: z.string().nullable(),
  paidAt: z.date().nullable(),
  outcome: z.enum(providerPaymentOutcomes),
});

/** One order in the back office: what the member sees, and the payments the provider reported for it, oldest first. */
export const staffOrderDetailOutput = orderDetailOutput.extend({ providerPayments: z.array(providerPaymentOutput) });
export type StaffOrderDetail = z.output<typeof staffOrderDetailOutput>;
