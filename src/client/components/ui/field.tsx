import { cloneElement, type ReactElement, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { Label } from '@/client/components/ui/label';
import { validationText } from '@/client/lib/errors';
import { cn } from '@/client/lib/utils';

/**
 * One form field in the shadcn/ui style: label, control, optional description, and the error.
 * The control (the only child) gets the id, aria-invalid, and aria-describedby naming the
 * description and the error; the error is announced as it appears (role="alert").
 */
export function Field({
  id,
  label,
  description,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  /** react-hook-form's error, whose message is a validation key of the shared schemas, or a text already translated. */
  error?: Pick<FieldError, 'message'> | string;
  className?: string;
  children: ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;
}) {
  const errorText = typeof error === 'string' ? error : error ? validationText(error.message) : undefined;
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = errorText ? `${id}-error` : undefined;
  const describedBy = [children.props['aria-describedby'], descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div data-slot="field" className={cn('space-y-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, { id, 'aria-invalid': errorText ? true : undefined, 'aria-describedby': describedBy })}
      {description ? (
        <p id={descriptionId} data-slot="field-description" className="text-xs text-muted-foreground">
          {description}
        </p>
      ) : null}
      {errorText ? (
        <p id={errorId} data-slot="field-error" role="alert" className="text-sm text-destructive">
          {errorText}
        </p>
      ) : null}
    </div>
  );
}
