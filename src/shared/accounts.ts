import { z } from 'zod';
import { isFreeMailAddress } from './free-mail';
import { languages } from './languages';
import { optionalText, requiredMessage, requiredText } from './text';

/**
 * Accounts: the member profile and the fields it shares with sign-up (spec sections 3 and 5). One
 * schema per form, for the browser and the server; messages are `validation` i18n keys.
 */
const required = requiredMessage;
const text = requiredText;

/** User status (spec sections 3 and 4): pending on creation, active once staff activated the account. */
export const userStatus = { pending: 0, active: 1 } as const;
export type UserStatus = (typeof userStatus)[keyof typeof userStatus];

/** A user's trial platform status (spec section 4 'Trial platform'). */
export const trialPlatformStatus = { notActivated: 0, activated: 1, refused: 9 } as const;

/** Group (enterprise account) status (spec sections 3 and 4): not activated on creation, then paid or trial. */
export const groupStatus = { notActivated: 0, paid: 1, trial: 2 } as const;

export const accountLimits = { name: 50, companyName: 100, address: 200, email: 254, phone: 30, identifier: 20 } as const;


/** Lower-cased, correct format. */
export const emailField = z
  .string({ error: required })
  .trim()
  .min(1, { error: required })
  .max(accountLimits.email, { error: `validation.tooLong.${accountLimits.email}` })
  .pipe(z.email({ error: 'validation.email' }))
  .transform((value) => value.toLowerCase());

/** A company address: correct format and not a free-mail domain. */
export const companyEmailField = emailField.refine((value) => !isFreeMailAddress(value), { error: 'validation.companyEmail' });

/** Letters and digits only, kept exactly as typed (case sensitive). */
export const identifierField = z
  .string({ error: required })
  .trim()
  .min(1, { error: required })
  .max(accountLimits.identifier, { error: `validation.tooLong.${accountLimits.identifier}` })
  .regex(/^[A-Za-z0-9]+$/, { error: 'validation.alphanumeric' });

export const phoneField = text(accountLimits.phone).refine((value) => /^\+?[\d\s()#-]{6,}$/.test(value), { error: 'validation.phone' });

export const profileInput = z.object({
  name: text(accountLimits.name),
  companyName: text(accountLimits.companyName),
  taxId: identifierField,
  contactPersonName: optionalText(accountLimits.name).default(''),
  contactPersonTel: z.union([z.literal(''), phoneField]).default(''),
  contactPersonEmail: z.union([z.literal(''), companyEmailField]).default(''),
  companyAddress: optionalText(accountLimits.address).default(''),
});
export type ProfileForm = z.input<typeof profileInput>;
export type ProfileInput = z.output<typeof profileInput>;

export const languageInput = z.object({ language: z.enum(languages, { error: 'validation.invalid' }) });

export const agentReferenceInput = z.object({
  refAgentId: identifierField,
  /** The member confirmed that the reference cannot be changed afterwards. */
  confirmUnchangeable: z.literal(true, { error: 'validation.confirmAgentReference' }),
});
export type AgentReferenceForm = z.input<typeof agentReferenceInput>;

export const activateUserInput = z.object({ userId: z.uuid({ error: 'validation.invalid' }) });

/** Business-card upload (spec section 3 'stored file categories'): an image or a PDF. */
export const businessCardLimits = { maxBytes: 5 * 1024 * 1024, types: ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] } as const;

export interface ProfileCompleteness {
  name: string;
  companyName: string;
  taxId: string | null;
  contactPersonName: string | null;
  contactPersonTel: string | null;
  contactPersonEmail: string | null;
  companyAddress: string | null;
  businessCardUploaded: boolean;
}

export const profileRequirements = ['name', 'companyName', 'taxId', 'contactPersonName', 'contactPersonTel', 'contactPersonEmail', 'companyAddress', 'businessCardUploaded'] as const;

/** What is still missing from a member profile; buying points needs none missing (spec section 5). */
export function missingProfileFields(profile: ProfileCompleteness): Array<(typeof profileRequirements)[number]> {
  return profileRequirements.filter((field) => {
    const value = profile[field];
    return typeof value === 'boolean' ? !value : !value || value.trim() === '';
  });
}

/** The profile completeness rule that later blocks buying points: one function, used by server and page. */
export function isProfileComplete(profile: ProfileCompleteness): boolean {
  return missingProfileFields(profile).length === 0;
}

/** The member profile page (accounts.profile, accounts.updateProfile). */
export const memberProfileOutput = z.object({
  user: z.object({ name: z.string(), email: z.string(), language: z.enum(languages), isGroupAdmin: z.boolean(), status: z.number().int() }),
  group: z.object({
    id: z.string(),
    status: z.number().int(),
    companyName: z.string(),
    taxId: z.string(),
    contactPersonName: z.string(),
    contactPersonTel: z.string(),
    contactPersonEmail: z.string(),
    companyAddress: z.string(),
    refAgentId: z.string().nullable(),
  }),
  businessCardUploaded: z.boolean(),
  complete: z.boolean(),
  missing: z.array(z.enum(profileRequirements)),
});
export type MemberProfile = z.output<typeof memberProfileOutput>;

export const languageOutput = z.object({ language: z.enum(languages) });
export const agentReferenceOutput = z.object({ refAgentId: z.string() });

/** A member waiting for staff to activate the account (accounts.admin.awaitingActivation). */
export const awaitingActivationOutput = z.array(
  z.object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    emailVerifiedAt: z.date().nullable(),
    createdAt: z.date(),
    companyName: z.string(),
    groupId: z.string(),
  }),
);
export type AwaitingActivation = z.output<typeof awaitingActivationOutput>[number];

export const activationOutput = z.object({ email: z.string(), alreadyActive: z.boolean() });

/**
 * Agents (spec section 3 'Group': agent_id, is_agent, ref_agent_id; staff with agent_management).
 * An account names the group by its id or its administrator's e-mail, as the CLI does.
 */
export const agentAccountField = z
  .string({ error: required })
  .trim()
  .min(1, { error: required })
  .max(accountLimits.email, { error: `validation.tooLong.${accountLimits.email}` });
export const agentSetInput = z.object({ account: agentAccountField, agentId: identifierField });
export const agentClearInput = z.object({ groupId: z.string().regex(/^[A-Z0-9]{14}$/, { error: 'validation.invalid' }) });
export const agentReferralsInput = z.object({ agentId: identifierField });

export const agentOutput = z.object({ groupId: z.string(), companyName: z.string(), agentId: z.string(), referrals: z.number().int() });
export type Agent = z.output<typeof agentOutput>;
export const agentListOutput = z.array(agentOutput);
export const agentReferralOutput = z.object({ groupId: z.string(), companyName: z.string(), status: z.number().int(), createdAt: z.date() });
export const agentReferralsOutput = z.array(agentReferralOutput);
