import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/utils';

export const fieldControlClass =
  'w-full min-w-0 rounded-md border border-input bg-card px-3 text-base text-foreground shadow-xs transition-[color,box-shadow] placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/25 sm:text-sm';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input data-slot="input" type={type} className={cn(fieldControlClass, 'h-10 py-2', className)} {...props} />;
}
