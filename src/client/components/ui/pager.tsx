import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from './button';

/**
 * Previous and next under a paged list, with 'page n of m' (also the navigation's name); nothing
 * when the list has one page. The words are the caller's, from its own namespace. A button that
 * becomes disabled under the keyboard (next onto the last page, previous onto the first) hands
 * focus to the other one, rather than dropping it to the page's start.
 */
export function Pager({ page, pages, onPage, labels }: { page: number; pages: number; onPage: (page: number) => void; labels: { page: string; previous: string; next: string } }) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  /** The button last pressed, until the page it asked for is shown. */
  const pressed = useRef<'previous' | 'next' | null>(null);
  useEffect(() => {
    const from = pressed.current === 'next' ? next.current : pressed.current === 'previous' ? previous.current : null;
    const other = pressed.current === 'next' ? previous.current : next.current;
    pressed.current = null;
    if (!from?.disabled) return;
    const active = document.activeElement;
    if (active === from || active === null || active === document.body) other?.focus();
  }, [page, pages]);
  if (pages <= 1) return null;
  const go = (to: number, button: 'previous' | 'next') => {
    pressed.current = button;
    onPage(to);
  };
  return (
    <nav aria-label={labels.page} className="flex items-center justify-end gap-2">
      <Button ref={previous} variant="outline" size="sm" disabled={page <= 1} onClick={() => go(page - 1, 'previous')}>
        <ChevronLeftIcon aria-hidden="true" />
        {labels.previous}
      </Button>
      <span className="text-sm tabular-nums text-muted-foreground">{labels.page}</span>
      <Button ref={next} variant="outline" size="sm" disabled={page >= pages} onClick={() => go(page + 1, 'next')}>
        {labels.next}
        <ChevronRightIcon aria-hidden="true" />
      </Button>
    </nav>
  );
}
