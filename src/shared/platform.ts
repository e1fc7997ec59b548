import { z } from 'zod';
import { projectTypes, type ProjectType } from './points';

/**
 * The AI platform (spec section 7): project types, the domains an account lives on, and the
 * deliveries the portal owes the platform.
 */

/** A project type of the platform calls (projectType of ./points). */
export const projectTypeField = z
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .refine((value): value is ProjectType => (projectTypes as readonly number[]).includes(value), { error: 'validation.invalid' })
  .transform((value) => value as ProjectType);

/**
 * The platform clouds a group's or team's domain_key names (spec section 7). Each one's address is
 * a setting (README: PLATFORM_*_URL); with none set, the emulator answers for all four.
 */
export const platformDomainKey = { cloudA: 'cloud-a', cloudB: 'cloud-b', internalTrial: 'trial-internal', publicTrial: 'trial-public' } as const;
export type PlatformDomainKey = (typeof platformDomainKey)[keyof typeof platformDomainKey];
export const platformDomainKeys: readonly PlatformDomainKey[] = Object.values(platformDomainKey);

/** Is-remit flag of a point purchase record (spec section 3): Y paid, N not yet. */
export const isRemit = { paid: 'Y', unpaid: 'N' } as const;

/** The platform calls that change something there, each delivered through the `platform_deliveries` outbox. */
export const platformWriteCall = {
  createUser: 'user-create',
  updateUser: 'user-update',
  purchaseRecord: 'purchase-record',
  pointTransfer: 'point-transfer',
} as const;
export type PlatformWriteCall = (typeof platformWriteCall)[keyof typeof platformWriteCall];
export const platformWriteCalls: readonly PlatformWriteCall[] = Object.values(platformWriteCall);

/** A delivery's state: pending → sending → delivered, or failed after its last try (then retried by a person). */
export const platformDeliveryStatus = { pending: 'pending', sending: 'sending', delivered: 'delivered', failed: 'failed' } as const;
export type PlatformDeliveryStatus = (typeof platformDeliveryStatus)[keyof typeof platformDeliveryStatus];
export const platformDeliveryStatuses: readonly PlatformDeliveryStatus[] = Object.values(platformDeliveryStatus);

/** One delivery as staff see it (back office and CLI). */
export const platformDeliveryView = z.object({
  id: z.uuid(),
  call: z.enum(platformWriteCalls as [PlatformWriteCall, ...PlatformWriteCall[]]),
  domainKey: z.string(),
  /** The account the delivery is about: a group, team or user id. */
  subject: z.string(),
  status: z.enum(platformDeliveryStatuses as [PlatformDeliveryStatus, ...PlatformDeliveryStatus[]]),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  idempotencyKey: z.string(),
  createdAt: z.date(),
  nextAttemptAt: z.date(),
  deliveredAt: z.date().nullable(),
});
export type PlatformDeliveryView = z.infer<typeof platformDeliveryView>;
