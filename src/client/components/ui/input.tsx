import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/utils';
import { fieldControlClass } from './field-control';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input data-slot="input" type={type} className={cn(fieldControlClass, 'h-10 py-2', className)} {...props} />;
}
