import { z } from 'zod';
import { teamIdField } from './teams';
import { requiredText } from './text';

/**
 * Points (spec sections 3, 4, 7 and 9; issue 9): the ledger in integer tenths of a point, balances
 * per project type, trial applications, bonus grants, transfers and the records pages.
 */

/** Project types (spec section 3 'Enumerations'); 9, M Point, is the general type and the only one members see. */
export const projectType = { data: 0, video: 1, image: 2, formula: 3, mPoint: 9 } as const;
export type ProjectType = (typeof projectType)[keyof typeof projectType];
export const projectTypes = Object.values(projectType) as ProjectType[];
/** What members see: the general type, whose balance is the sum over every type. */
export const visibleProjectTypes: readonly ProjectType[] = [projectType.mPoint];

export function isProjectType(value: unknown): value is ProjectType {
  return typeof value === 'number' && (projectTypes as number[]).includes(value);
}

/** Tenths in a point: every amount is stored and computed as an integer number of tenths. */
export const TENTHS = 10;

/** Points with one decimal (spec section 9), from tenths: 25 → '2.5', 400 → '40.0'. */
export function formatPoints(tenths: number): string {
  const sign = tenths < 0 ? '-' : '';
  const abs = Math.abs(tenths);
  return `${sign}${Math.floor(abs / TENTHS)}.${abs % TENTHS}`;
}

/** What a ledger entry is: a purchase (an enabled order), trial or bonus points, or one side of a transfer. */
export const ledgerKind = { purchase: 'purchase', trial: 'trial', bonus: 'bonus', transferOut: 'transferOut', transferIn: 'transferIn' } as const;
export type LedgerKind = (typeof ledgerKind)[keyof typeof ledgerKind];
export const ledgerKinds = Object.values(ledgerKind) as LedgerKind[];

/** Trial point application status (spec section 4: 0 on creation); approved and refused follow trial_platform_status. */
export const trialApplicationStatus = { open: 0, approved: 1, refused: 9 } as const;

/**
 * The dates a records page may be filtered by: the years 2000 (less a day, for the viewer's time zone)
 * to 9999, the last a database driver writes as four digits. Beyond them a date is refused like any
 * bad field, never passed to the database (where it was a system error).
 */
export const recordsDateLimits = { earliest: new Date('1999-12-31T00:00:00Z'), latest: new Date('9999-12-31T23:59:59.999Z') };
/** A records date: a date, or what coerces to one (an ISO string in the export's query), within recordsDateLimits. */
export const recordsDate = z.coerce
  .date({ error: 'validation.invalid' })
  .min(recordsDateLimits.earliest, { error: 'validation.invalid' })
  .max(recordsDateLimits.latest, { error: 'validation.invalid' });

/** Paging and the date-range filter of every records page. */
export const recordsInput = z
  .object({
    page: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(20),
    from: recordsDate.optional(),
    to: recordsDate.optional(),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { error: 'validation.dateRange', path: ['to'] });
export type RecordsForm = z.input<typeof recordsInput>;

export const ledgerEntryOutput = z.object({
  id: z.number().int(),
  kind: z.enum(ledgerKinds),
  projectType: z.number().int(),
  /** Tenths of a point; negative for points leaving the account. */
  points: z.number().int(),
  isRemit: z.boolean(),
  orderId: z.string().nullable(),
  teamId: z.string().nullable(),
  /** The other side of a transfer: a team id, a device's platform id, or the enterprise account's group id. */
  counterpart: z.string().nullable(),
  /** The counterpart's name: the enterprise account's company, the team's or the bound device's; null when it has none any more. */
  counterpartName: z.string().nullable(),
  reason: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.date(),
});
export type LedgerEntry = z.output<typeof ledgerEntryOutput>;

export const recordsOutput = z.object({
  items: z.array(ledgerEntryOutput),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type Records = z.output<typeof recordsOutput>;

/** Task types of the platform's usage records: a model trained, or a model's predictions. */
export const usageTaskTypes = ['training', 'prediction'] as const;

/** /point-record's usage lines: what the AI platform reports the account used, newest first (get-point-record). */
export const usageRecordsOutput = z.object({
  /** False when the platform could not be read: the page says so and lists nothing. */
  retrieved: z.boolean(),
  items: z.array(
    z.object({
      id: z.string(),
      usedAt: z.date(),
      projectType: z.number().int(),
      taskType: z.enum(usageTaskTypes).nullable(),
      /** Tenths of a point used (positive). */
      points: z.number().int(),
      by: z.string(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type UsageRecords = z.output<typeof usageRecordsOutput>;

/** One project type's figures in tenths: bought (credits less transfers out, as the platform's buy_points), used (the platform's figure), remaining = bought - used. */
export const typeBalanceOutput = z.object({
  projectType: z.number().int(),
  bought: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
});
export type TypeBalance = z.output<typeof typeBalanceOutput>;

export const balanceOutput = z.object({
  /** False when the platform could not be read: every figure is then zero (spec section 7). */
  retrieved: z.boolean(),
  types: z.array(typeBalanceOutput),
  /** Bought and used, cumulative per day, for the chart (tenths). */
  history: z.array(z.object({ day: z.string(), bought: z.number().int(), used: z.number().int() })),
  lowBalance: z.object({ threshold: z.number().int().nullable(), below: z.boolean() }),
});
export type Balance = z.output<typeof balanceOutput>;


/** A number of points with at most one decimal (staff grants); services turn it into tenths with `toTenths`. */
export const pointsField = z
  .number({ error: 'validation.points' })
  .positive({ error: 'validation.points' })
  .max(100_000, { error: 'validation.points' })
  .refine((value) => Number.isInteger(Math.round(value * TENTHS * 1000) / 1000), { error: 'validation.points' });

/** Whole or one-decimal points as integer tenths (2.5 → 25), without floating-point drift. */
export function toTenths(points: number): number {
  return Math.round(points * TENTHS);
}

/** An enterprise account named by its group id or by a member's e-mail (staff grants, the CLI). */
export const accountReference = z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(254, { error: 'validation.tooLong.254' });

/** Staff read any enterprise account's balance. */
export const staffBalanceInput = z.object({ account: accountReference });

export const bonusGrantInput = z.object({
  account: accountReference,
  points: pointsField,
  reason: requiredText(200),
});
export type BonusGrantForm = z.input<typeof bonusGrantInput>;

export const grantOutput = z.object({ groupId: z.string(), entryId: z.number().int(), points: z.number().int() });

/** The low-balance alert threshold on type 9, in whole points; null turns the alert off. */
export const lowBalanceInput = z.object({
  threshold: z.number({ error: 'validation.wholePoints' }).int({ error: 'validation.wholePoints' }).min(0, { error: 'validation.wholePoints' }).max(1_000_000, { error: 'validation.wholePoints' }).nullable(),
});
export const lowBalanceOutput = z.object({ threshold: z.number().int().nullable(), below: z.boolean() });

/** The CSV export of a records page (spec section 9: big5; UTF-8 on request). */
export const exportEncodings = ['big5', 'utf8'] as const;
export type ExportEncoding = (typeof exportEncodings)[number];
/** The CSV exports of the records pages: /point-record's purchases and its usage lines, /point-transfer-record, /team-points-record. */
export const recordExportKinds = ['points', 'usage', 'transfers', 'team'] as const;

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * A transfer between an enterprise account and one of its teams (issue 9 part 7), in whole points
 * per project type. The shape is checked here; the rules (known type, positive whole amount, enough
 * remaining) are the service's, with the catalogue's errors (IncorrectProjectType,
 * TransferPointOutOfRange, OutOfRange), because an API caller can send anything.
 */
export const transferDirection = { toTeam: 'toTeam', toAccount: 'toAccount' } as const;

/** What a transfer moves: a non-empty list of project types and whole points (the service checks the catalogue's rules). */
export const transferListField = z
  .array(z.object({ projectType: z.number({ error: 'validation.invalid' }), points: z.number({ error: 'validation.points' }) }), { error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .max(projectTypes.length, { error: 'validation.invalid' });

export const transferInput = z.object({
  teamId: teamIdField,
  direction: z.enum([transferDirection.toTeam, transferDirection.toAccount], { error: 'validation.invalid' }),
  transferList: transferListField,
});
export type TransferForm = z.input<typeof transferInput>;

export const transferOutput = z.object({
  transferId: z.string(),
  /** The source's remaining points per transferred type after the transfer, in tenths. */
  remaining: z.array(z.object({ projectType: z.number().int(), remaining: z.number().int() })),
});
export type TransferResult = z.output<typeof transferOutput>;

/** The two sides of the team space's transfer page: each project type's remaining points, in tenths. */
export const transferSidesOutput = z.object({
  groupId: z.string(),
  teamId: z.string(),
  /** False when the platform could not be read: every figure is then zero and nothing may be offered for transfer. */
  retrieved: z.boolean(),
  account: z.array(typeBalanceOutput),
  team: z.array(typeBalanceOutput),
});
export type TransferSides = z.output<typeof transferSidesOutput>;

export const teamSidesInput = z.object({ teamId: teamIdField });

/** /team-points-record: the records input of one team. */
export const teamRecordsInput = z.intersection(recordsInput, z.object({ teamId: teamIdField }));

/** A trial point application (spec section 3): a member with status 1 applies with a reason, one open at a time. */
export const trialApplyInput = z.object({ reason: requiredText(500) });
export type TrialApplyForm = z.input<typeof trialApplyInput>;

export const trialApplicationOutput = z.object({
  id: z.number().int(),
  email: z.string(),
  reason: z.string(),
  /** trialApplicationStatus: 0 open, 1 approved, 9 refused. */
  status: z.number().int(),
  createdAt: z.date(),
  decidedAt: z.date().nullable(),
  decidedBy: z.string().nullable(),
});
export type TrialApplication = z.output<typeof trialApplicationOutput>;

export const myTrialOutput = z.object({
  /** The member's trial_platform_status: 0 not activated, 1 activated, 9 refused. */
  trialPlatformStatus: z.number().int(),
  latest: trialApplicationOutput.nullable(),
  mayApply: z.boolean(),
});
export type MyTrial = z.output<typeof myTrialOutput>;

export const trialListInput = z.object({ status: z.enum(['open', 'all']).default('open') });
export const trialDecisionInput = z.object({ id: z.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }) });
