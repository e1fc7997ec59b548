import { z } from 'zod';
import { companyEmailField, emailField, identifierField, phoneField, accountLimits } from './accounts';
import { languages } from './languages';
import { meetsPasswordStrength, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordStrengthMessage, passwordStrengths, type PasswordStrength } from './passwords';
import { requiredMessage, requiredText } from './text';

/**
 * Auth: sign-up, sign-in, mailed links, passwords and two-factor codes (spec sections 3 and 5). One
 * schema per form, for the browser and the server; messages are `validation` i18n keys.
 */
const required = requiredMessage;
const text = requiredText;

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
/**
 * A recovery code: 24 base32 characters (120 bits) in four groups, XXXXXX-XXXXXX-XXXXXX-XXXXXX; the
 * 10-character codes given before are still taken. Dashes and spaces are dropped, letters upper-cased.
 */
export const recoveryCodeField = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .refine((value) => /^[A-Z2-7]{24}$/.test(value) || /^[A-Z0-9]{10}$/.test(value), { error: 'validation.recoveryCode' });

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

/** What a signed-in member still has to do before anything else. */
export const pendingStepNames = ['changePassword', 'enrolTotp'] as const;
export type PendingStep = (typeof pendingStepNames)[number];

// Outputs of the auth procedures.

export const signedOutOutput = z.object({ signedOut: z.literal(true) });
export const emailOutput = z.object({ email: z.string() });

/** The signed-in member as the pages know them (auth.session). */
export const sessionMemberOutput = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  language: z.enum(languages),
  isGroupAdmin: z.boolean(),
  companyName: z.string(),
  totpEnabled: z.boolean(),
  totpRequired: z.boolean(),
  pendingSteps: z.array(z.enum(pendingStepNames)),
});
/** `expired`: an idle session just ended, so the page says 'login expired'. */
export const sessionOutput = z.object({ member: sessionMemberOutput.nullable(), expired: z.boolean() });

export const passwordPolicyOutput = z.object({ passwordStrength: z.enum(passwordStrengths) });
/** The same answer whether a link was mailed or the address has no account waiting for one. */
export const resendVerificationOutput = z.object({ sent: z.literal(true) });
export const verifyEmailOutput = z.object({ email: z.string(), activated: z.boolean() });
export const signInOutput = z.discriminatedUnion('status', [
  z.object({ status: z.literal('totpRequired') }),
  z.object({ status: z.literal('signedIn'), language: z.enum(languages), pendingSteps: z.array(z.enum(pendingStepNames)) }),
]);
export type SignInResult = z.output<typeof signInOutput>;
export const passwordResetSentOutput = z.object({ sent: z.literal(true) });
export const passwordChangedOutput = z.object({ changed: z.literal(true) });
export const totpStatusOutput = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int().min(0) });
export const totpEnrolmentOutput = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() });
export const recoveryCodesOutput = z.object({ recoveryCodes: z.array(z.string()) });

