import { z } from 'zod';

/**
 * What staff do that the audit log records (issue 12 part 3). One list: the service refuses any other
 * action, the search offers these, and the back office translates each as `admin:audit.actions.<action>`.
 */
export const auditActions = [
  'staff.create',
  'staff.update',
  'staff.remove',
  'staff.grant',
  'staff.revoke',
  'user.activate',
  'user.disable',
  'user.enable',
  'group.enableTrial',
  'group.classChange',
  'message.reply',
  'coupon.update',
  'coupon.create',
  'group.agentSet',
  'group.agentClear',
  'settings.mail',
  'points.grantBonus',
  'points.trialApprove',
  'points.trialRefuse',
  'package.create',
  'package.update',
  'platform.retry',
  'order.status',
  'order.invoice',
  'news.create',
  'news.update',
  'news.publish',
  'news.hide',
  'banner.save',
  'banner.status',
  'banner.order',
  'video.save',
  'video.status',
  'video.order',
  'group.hostCredential',
] as const;
export type AuditAction = (typeof auditActions)[number];

const dateBoundary = z.coerce.date({ error: 'validation.invalid' });

/** The audit search (super staff): by person (staff e-mail), action, target and date; newest first, keyset paging on the row id. */
export const auditSearchInput = z
  .object({
    staffEmail: z
      .string()
      .trim()
      .max(254)
      .transform((value) => value.toLowerCase())
      .optional(),
    action: z.enum(auditActions, { error: 'validation.invalid' }).optional(),
    target: z.string().trim().max(300).optional(),
    from: dateBoundary.optional(),
    to: dateBoundary.optional(),
    /** The id of the last row of the previous page. */
    before: z.number().int().positive().optional(),
    limit: z.number().int().min(1).max(100).default(50),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { error: 'validation.dateRange', path: ['to'] });
export type AuditSearchForm = z.input<typeof auditSearchInput>;

export const auditEntryOutput = z.object({
  id: z.number().int(),
  staffEmail: z.string(),
  action: z.enum(auditActions),
  target: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  address: z.string().nullable(),
  createdAt: z.date(),
});


export const auditPageOutput = z.object({
  items: z.array(auditEntryOutput),
  /** Pass as `before` for the next page; null on the last page. */
  nextBefore: z.number().int().nullable(),
});
export type AuditPage = z.output<typeof auditPageOutput>;
