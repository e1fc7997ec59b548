import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isErrorCode, type AppErrorPayload } from '@/shared/errors';
import { i18n } from '@/client/i18n';
import { UploadError } from './upload';

/** The catalogue error a tRPC call (`error.data.app`) or a file upload failed with, if the server sent one. */
export function appErrorOf(error: unknown): AppErrorPayload | undefined {
  if (error instanceof UploadError) return error.app;
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const data = (error as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null || !('app' in data)) return undefined;
  const app = (data as { app?: unknown }).app;
  if (typeof app !== 'object' || app === null || !isErrorCode((app as { code?: unknown }).code)) return undefined;
  return withFieldErrors(app as AppErrorPayload);
}

/**
 * A field a service refused (`AppError('InvalidInput', { fieldErrors })`) reads like a field the
 * input schema refused: its messages as `fieldErrors`, shown beside the field.
 */
function withFieldErrors(app: AppErrorPayload): AppErrorPayload {
  if (app.code !== 'InvalidInput' || app.fieldErrors) return app;
  const { fieldErrors, ...params } = (app as AppErrorPayload<'InvalidInput'>).params;
  return fieldErrors ? { code: 'InvalidInput', params, fieldErrors } : app;
}

/** The user text of any failed call, in the current language: its catalogue text, or 'system error'. */
export function errorText(error: unknown): string {
  const app = appErrorOf(error);
  if (!app) return i18n.t('errors:Unknown');
  const params = app.params as Record<string, unknown>;
  // A wait in minutes is a count: '1 minute', '2 minutes' (i18next plurals, TooManyAttempts_one/_other).
  return i18n.t(`errors:${app.code}`, typeof params.minutes === 'number' ? { ...params, count: params.minutes } : params);
}

/**
 * Translates a validation message of the shared zod schemas ('validation.required',
 * 'validation.tooLong.50'...). A length without a sentence of its own says its limit in the general
 * one; any other message without a translation reads as 'invalid value'.
 */
export function validationText(message: string | undefined): string {
  const key = `validation:${(message ?? '').replace(/^validation\./, '')}`;
  if (i18n.exists(key)) return i18n.t(key as 'validation:invalid');
  const tooLong = /^validation:tooLong\.(\d+)$/.exec(key);
  return tooLong ? i18n.t('validation:tooLongAny', { max: Number(tooLong[1]) }) : i18n.t('validation:invalid');
}

/**
 * Puts a server refusal on the form's fields: field messages of bad input, and WeakPassword on the
 * password field with the rule of the current strength level. True when it found a field to blame.
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[], passwordField?: Path<T>): boolean {
  const app = appErrorOf(error);
  if (!app) return false;
  if (app.code === 'WeakPassword' && passwordField) {
    const strength = (app.params as { strength?: string }).strength ?? 'basic';
    setError(passwordField, { type: 'server', message: `validation.passwordStrength.${strength}` });
    return true;
  }
  let found = false;
  for (const [field, messages] of Object.entries(app.fieldErrors ?? {})) {
    if (fields.includes(field) && messages[0]) {
      setError(field as Path<T>, { type: 'server', message: messages[0] });
      found = true;
    }
  }
  return found;
}
