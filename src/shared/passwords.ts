/**
 * Password rules: at least 6 characters always (spec section 5), plus the strength level chosen in
 * the security settings (spec section 3 'Security feature settings').
 */
export const passwordStrengths = ['basic', 'medium', 'strong'] as const;
export type PasswordStrength = (typeof passwordStrengths)[number];

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

const rules: Record<PasswordStrength, (password: string) => boolean> = {
  basic: (password) => password.length >= PASSWORD_MIN_LENGTH,
  medium: (password) => password.length >= 8 && /\p{L}/u.test(password) && /\d/.test(password),
  strong: (password) =>
    password.length >= 10 && /\p{Lu}/u.test(password) && /\p{Ll}/u.test(password) && /\d/.test(password) && /[^\p{L}\d]/u.test(password),
};

/** True when `password` satisfies `strength`. */
export function meetsPasswordStrength(password: string, strength: PasswordStrength): boolean {
  return rules[strength](password);
}

/** The i18n key (validation namespace) that explains a strength level. */
export function passwordStrengthMessage(strength: PasswordStrength): string {
  return `validation.passwordStrength.${strength}`;
}

export function isPasswordStrength(value: unknown): value is PasswordStrength {
  return typeof value === 'string' && (passwordStrengths as readonly string[]).includes(value);
}
