import { z } from 'zod';
import { languages, type Language } from './languages';
import { projectTypes, type ProjectType } from './points';
import { requiredText } from './text';

/**
 * Point packages (spec section 3 'Point package', section 9): what a member can buy. Points are
 * integer tenths of a point, prices integer minor units (TWD cents). One schema for the staff form
 * in the browser and the server.
 */

const projectTypeCodes = projectTypes as [ProjectType, ...ProjectType[]];

/** Point-plan types (spec section 3): a bonus plan's price is fixed at 0; one trial plan may be active at a time. */
export const packageTypes = ['general', 'trial', 'bonus'] as const;

export const packageStatus = { inactive: 0, active: 1 } as const;

/** One point costs 5000 TWD (spec sections 1 and 9), i.e. 500,000 minor units. */
export const POINT_PRICE_MINOR = 500_000;
/** The smallest purchase (spec section 1): 40 points, in tenths. */
export const MINIMUM_PURCHASE_TENTHS = 400;

/**
 * Bonus of a package in tenths of a point: points minus price/5000, to one decimal (spec section 3);
 * its percent of the points the price pays for (0 when the price is 0: a trial or bonus plan).
 */
export function packageBonus(pointsTenths: number, priceMinor: number): { bonusTenths: number; bonusPercent: number } {
  const paidTenths = Math.round((priceMinor * 10) / POINT_PRICE_MINOR);
  const bonusTenths = Math.max(0, pointsTenths - paidTenths);
  return { bonusTenths, bonusPercent: paidTenths > 0 ? Math.round((bonusTenths * 1000) / paidTenths) / 10 : 0 };
}

const nameField = requiredText(60);

export const packageNamesInput = z.object(Object.fromEntries(languages.map((language) => [language, nameField])) as Record<Language, typeof nameField>);

export const packageLimits = { maxPointsTenths: 1_000_000, maxPriceMinor: 1_000_000_000 } as const;

export const packageInput = z
  .object({
    names: packageNamesInput,
    pointsTenths: z
      .number({ error: 'validation.required' })
      .int({ error: 'validation.packages.integer' })
      .min(1, { error: 'validation.packages.positive' })
      .max(packageLimits.maxPointsTenths, { error: 'validation.packages.tooLarge' }),
    priceMinor: z
      .number({ error: 'validation.required' })
      .int({ error: 'validation.packages.integer' })
      .min(0, { error: 'validation.packages.positive' })
      .max(packageLimits.maxPriceMinor, { error: 'validation.packages.tooLarge' }),
    projectType: z.union(projectTypeCodes.map((code) => z.literal(code)), { error: 'validation.invalid' }),
    type: z.enum(packageTypes, { error: 'validation.invalid' }),
    status: z.union([z.literal(packageStatus.inactive), z.literal(packageStatus.active)], { error: 'validation.invalid' }),
  })
  .superRefine((value, ctx) => {
    if (value.type === 'bonus' && value.priceMinor !== 0) ctx.addIssue({ code: 'custom', path: ['priceMinor'], message: 'validation.packages.bonusPriceZero' });
    if (value.type === 'general' && value.priceMinor === 0) ctx.addIssue({ code: 'custom', path: ['priceMinor'], message: 'validation.packages.positive' });
  });
export type PackageForm = z.input<typeof packageInput>;

/** A package id: a positive PostgreSQL integer (a larger one is a field error, not a database error). */
export const packageIdField = z.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).max(2_147_483_647, { error: 'validation.invalid' });

export const packageUpdateInput = z.object({ packageId: packageIdField, values: packageInput });

export const packageOutput = z.object({
  id: z.number().int(),
  names: z.record(z.enum(languages), z.string()),
  pointsTenths: z.number().int(),
  priceMinor: z.number().int(),
  bonusTenths: z.number().int(),
  bonusPercent: z.number(),
  projectType: z.number().int(),
  type: z.enum(packageTypes),
  status: z.number().int(),
  createdAt: z.date(),
});
export type PointPackage = z.output<typeof packageOutput>;
export const packageListOutput = z.array(packageOutput);
