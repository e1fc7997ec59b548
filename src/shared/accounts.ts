import { z } from 'zod';
import { isFreeMailAddress } from './free-mail';
import { languages } from './languages';
import { meetsPasswordStrength, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordStrengthMessage, passwordStrengths, type PasswordStrength } from './passwords';
import { requiredMessage, requiredText, wideLength } from './text';

/**
 * Accounts: sign-up, sign-in, passwords, two-factor codes and the member profile (spec sections 3
 * and 5). One schema per form, for the browser and the server; messages are `validation` i18n keys.
 */
const required = requiredMessage;
const text = requiredText;

export const accountLimits = { name: 50, companyName: 100, address: 200, email: 254, phone: 30, identifier: 20 } as const;

function optionalText(max: number) {
  return z
    .string({ error: 'validation.invalid' })
    .trim()
    .refine((value) => wideLength(value) <= max, { error: `validation.tooLong.${max}` })
    .default('');
}

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

/** Minimum length always; the strength level of the security settings is checked on top of it. */
export const newPasswordField = z
  .string({ error: required })
  .min(1, { error: required })
  .min(PASSWORD_MIN_LENGTH, { error: 'validation.passwordLength' })
  .max(PASSWORD_MAX_LENGTH, { error: 'validation.passwordTooLong' });

const currentPasswordField = z.string({ error: required }).min(1, { error: required }).max(PASSWORD_MAX_LENGTH, { error: 'validation.passwordTooLong' });

function withStrength<T extends z.ZodType<Record<string, unknown>>>(schema: T, field: string, strength: PasswordStrength | undefined) {
  if (!strength) return schema;
  return schema.superRefine((values, context) => {
    const password = values[field];
    if (typeof password === 'string' && password.length >= PASSWORD_MIN_LENGTH && !meetsPasswordStrength(password, strength)) {
      context.addIssue({ code: 'custom', path: [field], message: passwordStrengthMessage(strength) });
    }
  });
}

function confirmed<T extends z.ZodType<{ password: string; confirmPassword: string }>>(schema: T) {
  return schema.refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], error: 'validation.passwordMismatch' });
}

const signupFields = z.object({
  companyName: text(accountLimits.companyName),
  /** The enterprise identifier (tax ID or company registration number). */
  taxId: identifierField,
  name: text(accountLimits.name),
  phone: phoneField,
  email: companyEmailField,
  password: newPasswordField,
  confirmPassword: z.string({ error: required }).min(1, { error: required }),
  acceptTerms: z.literal(true, { error: 'validation.acceptTerms' }),
});

export const signupInput = confirmed(signupFields);
export type SignupForm = z.input<typeof signupInput>;
export type SignupInput = z.output<typeof signupInput>;
/** The sign-up form's schema with the portal's current strength rule, so the form says it before sending. */
export const signupFormSchema = (strength?: PasswordStrength) => withStrength(signupInput, 'password', strength);

export const signupFormDefaults: SignupForm = {
  companyName: '',
  taxId: '',
  name: '',
  phone: '',
  email: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false as unknown as true,
};

export const totpCodeField = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: 'validation.totpCode' });
export const recoveryCodeField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, { error: 'validation.recoveryCode' })
  .transform((value) => value.replace('-', '').toUpperCase());

export const signInInput = z.object({
  email: emailField,
  password: currentPasswordField,
  /** Set when the user accepted the member terms on the shouldReadTerms prompt. */
  acceptTerms: z.boolean().optional(),
  totpCode: totpCodeField.optional(),
  recoveryCode: recoveryCodeField.optional(),
});
export type SignInForm = z.input<typeof signInInput>;

export const emailOnlyInput = z.object({ email: emailField });

/** Tokens of mailed links: 43 base64url characters (32 random bytes). */
export const actionTokenField = z.string().regex(/^[\w-]{43}$/, { error: 'validation.invalid' });
export const verifyEmailInput = z.object({ token: actionTokenField });

export const resetPasswordInput = confirmed(z.object({ token: actionTokenField, password: newPasswordField, confirmPassword: z.string({ error: required }).min(1, { error: required }) }));
export type ResetPasswordForm = z.input<typeof resetPasswordInput>;
export const resetPasswordFormSchema = (strength?: PasswordStrength) => withStrength(resetPasswordInput, 'password', strength);

export const changePasswordInput = z
  .object({ currentPassword: currentPasswordField, password: newPasswordField, confirmPassword: z.string({ error: required }).min(1, { error: required }) })
  .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], error: 'validation.passwordMismatch' })
  .refine((values) => values.password !== values.currentPassword, { path: ['password'], error: 'validation.passwordUnchanged' });
export type ChangePasswordForm = z.input<typeof changePasswordInput>;
export const changePasswordFormSchema = (strength?: PasswordStrength) => withStrength(changePasswordInput, 'password', strength);

export const confirmTotpInput = z.object({ code: totpCodeField });

export const profileInput = z.object({
  name: text(accountLimits.name),
  companyName: text(accountLimits.companyName),
  taxId: identifierField,
  contactPersonName: optionalText(accountLimits.name),
  contactPersonTel: z.union([z.literal(''), phoneField]).default(''),
  contactPersonEmail: z.union([z.literal(''), companyEmailField]).default(''),
  companyAddress: optionalText(accountLimits.address),
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

export const securitySettingsInput = z.object({
  passwordStrength: z.enum(passwordStrengths, { error: 'validation.invalid' }),
  passwordMaxDaysLimit: z.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(3650, { error: 'validation.invalid' }),
  userTotpVerify: z.boolean({ error: 'validation.invalid' }),
});
export type SecuritySettings = z.output<typeof securitySettingsInput>;
export const defaultSecuritySettings: SecuritySettings = { passwordStrength: 'basic', passwordMaxDaysLimit: 90, userTotpVerify: false };

/** Business-card upload (spec section 3 'stored file categories'): an image or a PDF. */
export const businessCardLimits = { maxBytes: 5 * 1024 * 1024, types: ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] } as const;

/** What a signed-in member still has to do before anything else. */
export type PendingStep = 'changePassword' | 'enrolTotp';

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
