import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Language } from '../../../shared/languages';
import { packageStatus } from '../../../shared/packages';

/**
 * Point package (spec section 3 'Point package'): points in tenths, price in minor units; type
 * general, trial or bonus (price 0); status packageStatus. Only one active trial package exists.
 */
export const pointPackages = pgTable(
  'point_packages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    names: jsonb('names').$type<Record<Language, string>>().notNull(),
    pointsTenths: integer('points_tenths').notNull(),
    priceMinor: integer('price_minor').notNull(),
    projectType: smallint('project_type').notNull(),
    type: text('type').notNull(),
    status: smallint('status').notNull().default(packageStatus.active),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('point_packages_type_check', sql`${table.type} in ('general', 'trial', 'bonus')`),
    check('point_packages_status_check', sql`${table.status} in (0, 1)`),
    check('point_packages_project_type_check', sql`${table.projectType} in (0, 1, 2, 3, 9)`),
    check('point_packages_points_check', sql`${table.pointsTenths} > 0`),
    check('point_packages_price_check', sql`${table.priceMinor} >= 0 and (${table.type} <> 'bonus' or ${table.priceMinor} = 0)`),
    uniqueIndex('point_packages_one_active_trial').on(table.type).where(sql`${table.type} = 'trial' and ${table.status} = 1`),
  ],
);
