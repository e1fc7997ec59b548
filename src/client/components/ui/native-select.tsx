import { clsx } from 'clsx';
import { ChevronDownIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { fieldControlClass, fieldLookClass } from './field-control';

/**
 * A real `<select>` dressed like shadcn's NativeSelect: keyboard, screen readers and mobile pickers
 * work as usual. `compact` is the small select of the top bar, as wide as its choices. Its classes are
 * joined without tailwind-merge (the top bar carries it and the landing page's first chunk does without
 * that library): `className` and `wrapperClassName` add classes, the control's size comes from `compact`.
 */
export function NativeSelect({
  className,
  wrapperClassName,
  compact = false,
  ...props
}: ComponentProps<'select'> & { wrapperClassName?: string; compact?: boolean }) {
  return (
    <div data-slot="native-select-wrapper" className={clsx('relative', compact ? 'w-auto' : 'w-full', wrapperClassName)}>
      <select
        data-slot="native-select"
        className={clsx(
          'cursor-pointer appearance-none',
          compact ? `h-9 w-auto py-1 pr-8 pl-2.5 text-sm ${fieldLookClass}` : `h-10 py-2 pr-9 ${fieldControlClass}`,
          className,
        )}
        {...props}
      />
      <ChevronDownIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground" />
    </div>
  );
}

export function NativeSelectOption(props: ComponentProps<'option'>) {
  return <option data-slot="native-select-option" {...props} />;
}
