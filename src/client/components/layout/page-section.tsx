import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/client/lib/utils';

/** A band of a page's content at the page's width; `className` may change its width and spacing (merged). */
export function PageSection({ className, children, ...props }: { className?: string; children: ReactNode } & ComponentProps<'section'>) {
  return (
    <section className={cn('mx-auto max-w-6xl px-4 py-10 sm:px-6', className)} {...props}>
      {children}
    </section>
  );
}
