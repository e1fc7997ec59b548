import { z } from 'zod';
import { recoveryCodeField, totpCodeField } from './auth';

/** Staff permissions of spec section 3 'Admin'; `super` holds them all. */
export const staffPermissions = [
  'confirm_order',
  'confirm_payment',
  'apply_points',
  'customer_service',
  'manage_course',
  'activate_account',
  'content_management',
  'agent_management',
  'points_management',
] as const;
export type StaffPermission = (typeof staffPermissions)[number];

/**
 * The back-office sign-in: e-mail and password, then an authenticator code (or a recovery code); at
 * the first sign-in the code confirms the authenticator just enrolled.
 */
export const staffSignInInput = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(254)
    .transform((value) => value.toLowerCase()),
  password: z.string().min(1, { error: 'validation.required' }).max(200),
  totpCode: totpCodeField.optional(),
  recoveryCode: recoveryCodeField.optional(),
});
export type StaffSignInForm = z.input<typeof staffSignInInput>;

/** A new staff account (the operator CLI and, later, the back office). */
export const createStaffInput = z.object({
  email: z.email({ error: 'validation.email' }).transform((value) => value.toLowerCase()),
  name: z.string().trim().min(1, { error: 'validation.required' }).max(100),
  password: z.string().min(8, { error: 'validation.passwordLength' }).max(200),
  super: z.boolean().default(false),
  permissions: z.array(z.enum(staffPermissions)).default([]),
});
export type CreateStaffInput = z.input<typeof createStaffInput>;

/** What the back office shows of the signed-in staff member (staff.signIn, staff.me). */
export const staffProfileOutput = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  super: z.boolean(),
  permissions: z.array(z.enum(staffPermissions)),
});
export type StaffProfile = z.output<typeof staffProfileOutput>;

/** The back office's view of its own sign-in (staff.session): the signed-in staff member, or null. */
export const staffSessionOutput = z.object({ staff: staffProfileOutput.nullable() });

/**
 * What a staff sign-in answers: signed in (with the recovery codes, shown once, when this sign-in
 * enrolled the authenticator); the code of the enrolled authenticator is needed; or no authenticator
 * yet, so the enrolment step (secret, otpauth:// address, QR code) to confirm with a first code.
 */
export const staffSignInOutput = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signedIn'), staff: staffProfileOutput, recoveryCodes: z.array(z.string()).optional() }),
  z.object({ status: z.literal('totpRequired') }),
  z.object({ status: z.literal('totpEnrolment'), secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() }),
]);
export type StaffSignInResult = z.output<typeof staffSignInOutput>;

/** A grant or a revoke names permissions, or `super` (which only super staff hold). */
export const grantableRoles = [...staffPermissions, 'super'] as const;

export const staffIdInput = z.object({ staffId: z.uuid({ error: 'validation.invalid' }) });

/** The back office's staff form (super staff): name, super flag and permissions of an existing account. */
export const updateStaffInput = z.object({
  staffId: z.uuid({ error: 'validation.invalid' }),
  name: z.string().trim().min(1, { error: 'validation.required' }).max(100),
  super: z.boolean(),
  permissions: z.array(z.enum(staffPermissions)),
});
export type UpdateStaffForm = z.input<typeof updateStaffInput>;

/** Grant or revoke: one or more permissions (or super) of one staff member. */
export const staffRolesInput = z.object({
  staffId: z.uuid({ error: 'validation.invalid' }),
  roles: z.array(z.enum(grantableRoles)).min(1, { error: 'validation.required' }),
});
export type StaffRolesForm = z.input<typeof staffRolesInput>;

/** One staff account in the super staff's list. */
export const staffMemberOutput = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  super: z.boolean(),
  /** Permissions held in their own right (super staff hold every one anyway). */
  permissions: z.array(z.enum(staffPermissions)),
  createdAt: z.date(),
});
export type StaffMember = z.output<typeof staffMemberOutput>;
export const staffListOutput = z.object({ items: z.array(staffMemberOutput) });
export const staffRemovedOutput = z.object({ removed: z.literal(true) });

/**
 * Mail setting (spec section 3 '/mail', issue 12 part 9): for each permission, whether staff holding
 * it receive the notices tied to it (new accounts: activate_account, orders: confirm_order and
 * confirm_payment, contact messages: customer_service, classes: manage_course...), and the switches
 * for staff mails and chat notices. `masters` are the deployment's own switches (MAIL_NOTIFICATIONS,
 * CHAT_NOTIFICATIONS), shown but not changed here.
 */
export const mailSettingsInput = z.object({
  routes: z.partialRecord(z.enum(staffPermissions), z.boolean()),
  staffMail: z.boolean(),
  chatNotices: z.boolean(),
});
export type MailSettingsInput = z.output<typeof mailSettingsInput>;
export const mailSettingsOutput = z.object({
  routes: z.record(z.enum(staffPermissions), z.boolean()),
  staffMail: z.boolean(),
  chatNotices: z.boolean(),
  masters: z.object({ mail: z.boolean(), chat: z.boolean() }),
  updatedAt: z.date().nullable(),
});
export type MailSettings = z.output<typeof mailSettingsOutput>;
