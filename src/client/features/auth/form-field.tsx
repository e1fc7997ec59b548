import type { ReactElement, ReactNode } from 'react';
import { cloneElement } from 'react';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { Label } from '@/client/components/ui/label';
import { appErrorOf, validationText } from '@/client/lib/errors';
import { cn } from '@/client/lib/utils';

/** A labelled control with its translated error under it; the control gets id, aria-invalid and aria-describedby. */
export function FormField({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: FieldError;
  hint?: ReactNode;
  className?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {validationText(error.message)}
        </p>
      ) : null}
    </div>
  );
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
