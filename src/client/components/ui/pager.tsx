import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { Button } from './button';

/**
 * Previous and next under a paged list, with 'page n of m' (also the navigation's name); nothing
 * when the list has one page. The words are the caller's, from its own namespace.
 */
export function Pager({ page, pages, onPage, labels }: { page: number; pages: number; onPage: (page: number) => void; labels: { page: string; previous: string; next: string } }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={labels.page} className="flex items-center justify-end gap-2">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeftIcon aria-hidden="true" />
        {labels.previous}
      </Button>
      <span className="text-sm tabular-nums text-muted-foreground">{labels.page}</span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {labels.next}
        <ChevronRightIcon aria-hidden="true" />
      </Button>
    </nav>
  );
}
