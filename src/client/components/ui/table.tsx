/** One table look for the back office, written once instead of in every list screen. */
import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/utils';

/**
 * A frame that scrolls a wide table sideways on a phone instead of widening the page (give the
 * table a min-w-… class). It is a named region in the tab order, so that a keyboard user can reach
 * it and scroll it with the arrow keys even when the table holds nothing else to focus (WCAG 2.1.1,
 * axe's scrollable-region-focusable); `label` names it, usually the table's title. `relative` keeps
 * the sr-only texts (absolutely placed) of the cells inside the frame too, or they would widen the page.
 */
export function TableScroller({ label, className, ...props }: Omit<ComponentProps<'div'>, 'role' | 'tabIndex'> & { label: string }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn('relative overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2', className)}
      {...props}
    />
  );
}

/** The table in its scrolling frame; `label` names both, the table by its (screen-reader) caption. */
export function Table({ label, className, children, ...props }: ComponentProps<'table'> & { label: string }) {
  return (
    <TableScroller data-slot="table-container" label={label} className="rounded-lg border border-border bg-card">
      <table data-slot="table" className={cn('w-full text-left text-sm', className)} {...props}>
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </TableScroller>
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
