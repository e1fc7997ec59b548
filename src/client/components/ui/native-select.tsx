import { ChevronDownIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/utils';
import { fieldControlClass } from './input';

/** A real `<select>` dressed like shadcn's NativeSelect: keyboard, screen readers and mobile pickers work as usual. */
export function NativeSelect({ className, wrapperClassName, ...props }: ComponentProps<'select'> & { wrapperClassName?: string }) {
  return (
    <div data-slot="native-select-wrapper" className={cn('relative w-full', wrapperClassName)}>
      <select data-slot="native-select" className={cn(fieldControlClass, 'h-10 cursor-pointer appearance-none py-2 pr-9', className)} {...props} />
      <ChevronDownIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground" />
    </div>
  );
}

export function NativeSelectOption(props: ComponentProps<'option'>) {
  return <option data-slot="native-select-option" {...props} />;
}
