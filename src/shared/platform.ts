import { z } from 'zod';
import { projectType, projectTypes, transferListField, typeBalanceOutput, type ProjectType } from './points';
import { teamIdField } from './teams';
import { requiredText } from './text';

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
  /** For a pending delivery: the earlier call of its enterprise account it waits behind (still pending or being sent), if any. */
  waitingFor: z.object({ id: z.uuid(), call: z.enum(platformWriteCalls as [PlatformWriteCall, ...PlatformWriteCall[]]), createdAt: z.date() }).nullable(),
});
export type PlatformDeliveryView = z.infer<typeof platformDeliveryView>;

/**
 * The spaces a member opens the platform in (spec section 2, 'Use platform'): their own account
 * (user status 1), the trial platform (trial_platform_status 1), or a team they belong to.
 */
export const platformSpace = { individual: 'individual', trial: 'trial', team: 'team' } as const;
export type PlatformSpace = (typeof platformSpace)[keyof typeof platformSpace];

/** funcId and appId of the redirect: names of a platform function and application, nothing else. */
const redirectName = z.string({ error: 'validation.invalid' }).max(64, { error: 'validation.invalid' }).regex(/^[\w-]*$/, { error: 'validation.invalid' }).default('');

const openCommon = {
  projectType: projectTypeField.default(projectType.mPoint),
  funcId: redirectName,
  appId: redirectName,
  view: z.boolean({ error: 'validation.invalid' }).default(false),
};

export const openPlatformInput = z.discriminatedUnion('space', [
  z.object({ space: z.literal(platformSpace.individual), ...openCommon }),
  z.object({ space: z.literal(platformSpace.trial), ...openCommon }),
  z.object({ space: z.literal(platformSpace.team), teamId: teamIdField, ...openCommon }),
]);
export type OpenPlatformForm = z.input<typeof openPlatformInput>;

/**
 * The signed address of the platform's login page; valid for one sign-in within a minute. A real
 * platform's is absolute (http or https). The emulator's login page is mounted on the portal
 * itself, so without PUBLIC_URL its address is a path on the portal (/platform-emulator/login?…),
 * which the browser follows on the origin it is on.
 */
const platformLoginAddress = z.union([z.url({ protocol: /^https?$/ }), z.string().regex(/^\/(?![/\\])\S*$/)]);
export const openPlatformOutput = z.object({ url: platformLoginAddress });

/** What the 'Use platform' menu and buttons offer this member; the server checks again on opening. */
export const platformChoicesOutput = z.object({
  individual: z.boolean(),
  trial: z.boolean(),
  teams: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PlatformChoices = z.output<typeof platformChoicesOutput>;

/**
 * Device binding (/device-binding): a purchased system on the platform, named by its platform id
 * (the `uuid` the shop's link carries, spec section 2), bound to one enterprise account at a time.
 */
export const deviceNameMax = 40;
export const devicePlatformIdField = z
  .string({ error: 'validation.required' })
  .trim()
  // One device whatever the case it is typed in (a UUID, as the platform reads it): bound once.
  .toLowerCase()
  .min(1, { error: 'validation.required' })
  .max(64, { error: 'validation.invalid' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'validation.invalid' });

/** Binding and renaming take the same fields: the device and its name. */
export const bindDeviceInput = z.object({ platformId: devicePlatformIdField, name: requiredText(deviceNameMax) });
export type BindDeviceForm = z.input<typeof bindDeviceInput>;
export const deviceInput = z.object({ platformId: devicePlatformIdField });

/** A binding's status: bound now, or unbound (kept for the record). */
export const deviceStatus = { bound: 'bound', unbound: 'unbound' } as const;

export const deviceOutput = z.object({
  platformId: z.string(),
  name: z.string(),
  status: z.enum([deviceStatus.bound, deviceStatus.unbound]),
  boundAt: z.date(),
  boundBy: z.string(),
  unboundAt: z.date().nullable(),
});
export type DeviceView = z.output<typeof deviceOutput>;
export const devicesOutput = z.object({ devices: z.array(deviceOutput) });

/** Points moved from the enterprise account to one of its bound devices (spec section 1: 'transfer points to the purchased system'). */
export const deviceTransferInput = z.object({ platformId: devicePlatformIdField, transferList: transferListField });
export type DeviceTransferForm = z.input<typeof deviceTransferInput>;

/** The account's remaining points and each bound device's points, per visible project type (tenths). */
export const devicePointsOutput = z.object({
  /** False when the platform could not be read: every figure is then zero and nothing may be offered for transfer. */
  retrieved: z.boolean(),
  account: z.array(typeBalanceOutput),
  devices: z.array(z.object({ platformId: z.string(), name: z.string(), types: z.array(typeBalanceOutput) })),
});
export type DevicePoints = z.output<typeof devicePointsOutput>;

/** Credential-information types (spec section 3): login, remote connection, inference platform login. */
export const credentialKind = { login: 'login', remote: 'remote', inference: 'inference' } as const;
export type CredentialKind = (typeof credentialKind)[keyof typeof credentialKind];
export const credentialKinds = Object.values(credentialKind) as [CredentialKind, ...CredentialKind[]];

/** Host information (/host-info): the secrets stay on the server until one is asked for. */
export const hostInfoOutput = z.object({
  domainKey: z.string().nullable(),
  /** The platform's address for the account's domain_key; null before the account is set up there. */
  host: z.string().nullable(),
  credentials: z.array(z.object({ kind: z.enum(credentialKinds), address: z.string(), username: z.string(), hasSecret: z.boolean() })),
});
export type HostInfo = z.output<typeof hostInfoOutput>;
export const revealCredentialInput = z.object({ kind: z.enum(credentialKinds, { error: 'validation.invalid' }) });
export const revealCredentialOutput = z.object({ secret: z.string() });

/**
 * Staff set one credential of an account's host information (CLI `platform host set`). The secret is
 * sealed before it is stored and never written to the audit log; empty means none.
 */
export const hostCredentialInput = z.object({
  kind: z.enum(credentialKinds, { error: 'validation.invalid' }),
  address: z.string().trim().min(1, { error: 'validation.required' }).max(300, { error: 'validation.invalid' }),
  username: z.string().trim().min(1, { error: 'validation.required' }).max(120, { error: 'validation.invalid' }),
  secret: z.string().max(500, { error: 'validation.invalid' }),
});
export type HostCredentialForm = z.input<typeof hostCredentialInput>;

/** The back office's view of the platform outbox (points_management). */
export const platformDeliveriesInput = z.object({ failedOnly: z.boolean().default(true), limit: z.number().int().min(1).max(200).default(50) });
export const platformDeliveriesOutput = z.object({ emulated: z.boolean(), items: z.array(platformDeliveryView) });
export const platformDeliveryRetryInput = z.object({ id: z.uuid({ error: 'validation.invalid' }) });
export const platformDeliveryRetryOutput = z.object({ outcome: z.enum(['delivered', 'retry', 'failed', 'not-due']), delivery: platformDeliveryView });
