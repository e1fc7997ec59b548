import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/utils';
import { fieldControlClass } from './field-control';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea data-slot="textarea" className={cn(fieldControlClass, 'min-h-32 resize-y py-2', className)} {...props} />;
}
