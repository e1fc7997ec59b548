import { z } from 'zod';
import { orderSummaryOutput } from './orders';
import { platformDomainKey, projectTypeField, type PlatformDomainKey } from './platform';
import { balanceOutput } from './points';

/** Staff work on accounts (issue 12 parts 4 and 5, permission activate_account): search, a group's page, trial, disable, membership classes. */

/** Membership classes, lowest first; a group enabled as trial starts at 'normal' (spec section 4). */
export const memberClasses = ['normal', 'advanced', 'premium'] as const;
export type MemberClass = (typeof memberClasses)[number];

/**
 * Account-change actions (spec section 3). Each starts a new 12-month class period with zero
 * accumulated consumption: upgrade and downgrade move one class, renew keeps the class and extends
 * the expiry by 12 months from the later of now and the current expiry, reset returns to 'normal'.
 */
export const classChangeActions = ['upgrade', 'reset', 'renew', 'downgrade'] as const;
export type ClassChangeAction = (typeof classChangeActions)[number];

const groupId = z
  .string({ error: 'validation.required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{14}$/, { error: 'validation.invalid' });

export const accountSearchInput = z.object({ query: z.string().trim().min(2, { error: 'validation.required' }).max(100) });
export const groupIdInput = z.object({ groupId });
export const userIdInput = z.object({ userId: z.uuid({ error: 'validation.invalid' }) });

export const enableTrialInput = z.object({
  groupId,
  domainKey: z.enum(Object.values(platformDomainKey) as [PlatformDomainKey, ...PlatformDomainKey[]], { error: 'validation.invalid' }),
  isAgent: z.boolean().default(false),
  defaultProjectType: projectTypeField,
});
export type EnableTrialForm = z.input<typeof enableTrialInput>;

/**
 * The platform domain a group is enabled as trial on unless staff choose: the one it has already
 * (credited before, its platform account and points are there, and no other is accepted), else the
 * public trial cloud.
 */
export function trialDomainFor(groupDomainKey: string | null): string {
  return groupDomainKey ?? platformDomainKey.publicTrial;
}

export const classChangeInput = z.object({ groupId, action: z.enum(classChangeActions, { error: 'validation.invalid' }) });

const accountUser = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  status: z.number().int(),
  disabled: z.boolean(),
  isGroupAdmin: z.boolean(),
  groupId: z.string(),
  companyName: z.string(),
});


const accountGroup = z.object({
  id: z.string(),
  companyName: z.string(),
  status: z.number().int(),
  adminEmail: z.string().nullable(),
  memberClass: z.string().nullable(),
});

export const accountSearchOutput = z.object({ groups: z.array(accountGroup), users: z.array(accountUser) });
export type AccountSearch = z.output<typeof accountSearchOutput>;

export const userStateOutput = z.object({ userId: z.uuid(), email: z.string(), status: z.number().int(), disabled: z.boolean() });

export const groupDetailOutput = accountGroup.extend({
  taxId: z.string().nullable(),
  domainKey: z.string().nullable(),
  isAgent: z.boolean(),
  agentId: z.string().nullable(),
  refAgentId: z.string().nullable(),
  defaultProjectType: z.number().int().nullable(),
  classEffectiveFrom: z.date().nullable(),
  classExpireDate: z.date().nullable(),
  classAccConsumption: z.number().int(),
  createdAt: z.date(),
});
export type GroupDetail = z.output<typeof groupDetailOutput>;

export const groupPageOutput = z.object({
  group: groupDetailOutput,
  users: z.array(accountUser),
  teams: z.array(z.object({ id: z.string(), name: z.string(), admin: z.string().nullable(), memberCount: z.number().int(), createdAt: z.date() })),
  orders: z.array(orderSummaryOutput),
  balance: balanceOutput,
});
export type GroupPage = z.output<typeof groupPageOutput>;

export const classChangeOutput = z.object({
  id: z.uuid(),
  groupId: z.string(),
  action: z.enum(classChangeActions),
  fromClass: z.string().nullable(),
  toClass: z.string(),
  fromExpireDate: z.date().nullable(),
  toExpireDate: z.date(),
  createdAt: z.date(),
});
export type ClassChange = z.output<typeof classChangeOutput>;
export const classChangeListOutput = z.object({ items: z.array(classChangeOutput) });
