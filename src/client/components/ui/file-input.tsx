import { useEffect, useId, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/client/lib/utils';
import { buttonVariants } from './button-variants';

type FileInputProps = Omit<ComponentProps<'input'>, 'type' | 'children'> & {
  /** The button's words when 'Choose file' does not say what the upload is for (e.g. 'Add image'). */
  chooseText?: ReactNode;
  /** An icon before the button's words. */
  icon?: ReactNode;
};

/**
 * A file field drawn by the portal: Chromium draws the native control's 'Choose File' and 'No file
 * chosen' in the browser's language, not the portal's, and they cannot be styled. The native input
 * stays in the page, visually hidden but focusable (Tab reaches it, Enter or Space opens the picker,
 * forms and setInputFiles see it), labelled by the field's label and by the button-looking label
 * drawn here; the chosen file's name, or 'No file chosen', describes it and is announced as it
 * changes. A form's reset clears the name as it clears the input.
 */
export function FileInput({ id, className, chooseText, icon, onChange, 'aria-describedby': describedBy, ...props }: FileInputProps) {
  const { t } = useTranslation('common');
  const ownId = useId();
  const inputId = id ?? ownId;
  const statusId = `${inputId}-chosen`;
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<string | null>(null);

  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const clear = () => setChosen(null);
    form.addEventListener('reset', clear);
    return () => form.removeEventListener('reset', clear);
  }, []);

  return (
    <div data-slot="file-input" className={cn('relative flex w-full max-w-md min-w-0 items-center gap-3', className)}>
      <input
        ref={input}
        id={inputId}
        type="file"
        className="peer sr-only"
        aria-describedby={[statusId, describedBy].filter(Boolean).join(' ')}
        onChange={(event) => {
          // Read before the caller's handler runs: some clear the input so that the same file can be chosen again.
          const names = Array.from(event.target.files ?? [], (file) => file.name);
          setChosen(names.length > 0 ? names.join(', ') : null);
          onChange?.(event);
        }}
        {...props}
      />
      <label
        htmlFor={inputId}
        className={cn(
          buttonVariants({ variant: 'outline' }),
          'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-disabled:cursor-not-allowed peer-disabled:opacity-60 peer-aria-invalid:border-destructive',
        )}
      >
        {icon}
        {chooseText ?? t('fileInput.choose')}
      </label>
      {/*
        The rest of the line, whatever the name's length (w-0: a long name does not widen a grid column
        or the page); a file's name is cut short on one line (whole in its tooltip), the sentence for
        no file wraps rather than lose its end.
      */}
      <span id={statusId} aria-live="polite" title={chosen ?? undefined} className={cn('w-0 min-w-0 flex-1 text-sm', chosen ? 'truncate text-foreground' : 'text-muted-foreground')}>
        {chosen ?? t('fileInput.none')}
      </span>
    </div>
  );
}
