/** One table look for the back office, written once instead of in every list screen. */
import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/utils';

/**
 * The table in its frame. The frame scrolls sideways, so a wide table (give it a min-w-… class)
 * scrolls inside it on a phone instead of widening the page; `relative` keeps the sr-only texts
 * (absolutely placed) of the cells inside the frame too, or they would widen the page.
 */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div data-slot="table-container" className="relative overflow-x-auto rounded-lg border border-border bg-card">
      <table data-slot="table" className={cn('w-full text-left text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead data-slot="table-header" className={cn('bg-muted text-muted-foreground', className)} {...props} />;
}

/** A line between rows; none under the last, whose frame closes the table. */
export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr data-slot="table-row" className={cn('border-b border-border last:border-0', className)} {...props} />;
}

/** A column header; numbers and actions sit on the right. */
export function TableHead({ className, align, ...props }: Omit<ComponentProps<'th'>, 'align'> & { align?: 'right' }) {
  return <th data-slot="table-head" scope="col" className={cn('px-3 py-2 font-medium', align === 'right' && 'text-right', className)} {...props} />;
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td data-slot="table-cell" className={cn('px-3 py-2', className)} {...props} />;
}
