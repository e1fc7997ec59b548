import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSection } from '@/client/components/layout/page-section';
import { cn } from '@/client/lib/utils';
import { industryCategories, partners, type Company } from './showcase-data';
import { Wordmark } from './wordmark';

/** Spec sections 4 and 9: the slider under 768 px, and its swipe thresholds. */
const sliderQuery = '(max-width: 767.98px)';
const swipeLockPx = 20;
const swipeChangePx = 100;

function LogoRow({ companies, className }: { companies: Company[]; className?: string }) {
  return (
    <ul className={cn('grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5', className)}>
      {companies.map((company) => (
        <li key={company.name} className="flex h-16 items-center justify-center rounded-lg border border-border bg-card px-3 shadow-xs">
          <Wordmark company={company} />
        </li>
      ))}
    </ul>
  );
}

/** A row that opens downwards in 0.5 s; closed, it is out of the tab order and hidden from screen readers. */
function Expandable({ open, id, children }: { open: boolean; id: string; children: ReactNode }) {
  return (
    <div id={id} className={cn('grid transition-[grid-template-rows,opacity] duration-500 ease-out', open ? 'grid-rows-[1fr] opacity-100' : 'grid-rows-[0fr] opacity-0')} inert={!open}>
      <div className="overflow-hidden">{children}</div>
    </div>
  );
}

function ToggleHeading({ open, controls, onToggle, children }: { open: boolean; controls: string; onToggle: () => void; children: ReactNode }) {
  return (
    <h3 className="text-lg font-semibold">
      <button type="button" aria-expanded={open} aria-controls={controls} onClick={onToggle} className="inline-flex items-center gap-2 rounded-md py-1 hover:text-primary">
        {children}
        <ChevronDownIcon className={cn('size-5 text-primary transition-transform duration-500', open && 'rotate-180')} aria-hidden="true" />
      </button>
    </h3>
  );
}

function useIsSlider(): boolean {
  const [slider, setSlider] = useState(() => window.matchMedia(sliderQuery).matches);
  useEffect(() => {
    const media = window.matchMedia(sliderQuery);
    const onChange = () => setSlider(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  return slider;
}

/**
 * Touch swiping of the customer slider: over 20 px sideways locks the page's vertical scroll and the
 * slider follows the finger; on release, over 100 px goes to the next (left) or previous (right) tab,
 * and it snaps back into place otherwise.
 */
function useSwipe(enabled: boolean, onSwipe: (direction: 1 | -1) => void) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [dragX, setDragX] = useState<number | null>(null);
  const onSwipeRef = useRef(onSwipe);
  onSwipeRef.current = onSwipe;
  useEffect(() => {
    const element = viewportRef.current;
    if (!element || !enabled) return;
    let startX = 0;
    let startY = 0;
    let deltaX = 0;
    let tracking = false;
    let locked = false;
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!touch || event.touches.length > 1) return;
      startX = touch.clientX;
      startY = touch.clientY;
      deltaX = 0;
      tracking = true;
      locked = false;
    };
    const onMove = (event: TouchEvent) => {
      const touch = event.touches[0];
      if (!tracking || !touch) return;
      deltaX = touch.clientX - startX;
      const deltaY = touch.clientY - startY;
      if (!locked && Math.abs(deltaX) > swipeLockPx && Math.abs(deltaX) >= Math.abs(deltaY)) locked = true;
      if (!locked) return;
      if (event.cancelable) event.preventDefault();
      setDragX(deltaX);
    };
    const onEnd = () => {
      if (!tracking) return;
      tracking = false;
      setDragX(null);
      if (locked && Math.abs(deltaX) > swipeChangePx) onSwipeRef.current(deltaX < 0 ? 1 : -1);
      locked = false;
    };
    element.addEventListener('touchstart', onStart, { passive: true });
    element.addEventListener('touchmove', onMove, { passive: false });
    element.addEventListener('touchend', onEnd);
    element.addEventListener('touchcancel', onEnd);
    return () => {
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchmove', onMove);
      element.removeEventListener('touchend', onEnd);
      element.removeEventListener('touchcancel', onEnd);
    };
  }, [enabled]);
  return { viewportRef, dragX };
}

function Customers({ open }: { open: boolean }) {
  const { t } = useTranslation('showcase');
  const baseId = useId();
  const [active, setActive] = useState(0);
  const slider = useIsSlider();
  const last = industryCategories.length - 1;
  const go = (index: number) => setActive(Math.min(last, Math.max(0, index)));
  const { viewportRef, dragX } = useSwipe(slider, (direction) => setActive((current) => Math.min(last, Math.max(0, current + direction))));
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (index: number) => `${baseId}-tab-${index}`;
  const panelId = (index: number) => `${baseId}-panel-${index}`;

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = event.key === 'ArrowRight' ? index + 1 : event.key === 'ArrowLeft' ? index - 1 : event.key === 'Home' ? 0 : event.key === 'End' ? last : null;
    if (next === null) return;
    event.preventDefault();
    const target = Math.min(last, Math.max(0, next));
    go(target);
    tabRefs.current[target]?.focus();
  };

  const industryName = (id: number) => t(`industries.${id}` as 'industries.0');

  return (
    <div className="mt-4">
      <div role="tablist" aria-label={t('customers')} className="hidden flex-wrap gap-2 md:flex">
        {industryCategories.map((industry, index) => (
          <button
            key={industry.id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(index)}
            aria-selected={index === active}
            aria-controls={panelId(index)}
            tabIndex={index === active ? 0 : -1}
            onClick={() => go(index)}
            onKeyDown={(event) => onTabKey(event, index)}
            className={cn(
              'rounded-full border px-4 py-1.5 text-sm font-medium transition-colors',
              index === active ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card text-muted-foreground hover:text-foreground',
            )}
          >
            {industryName(industry.id)}
          </button>
        ))}
      </div>
      <div className="flex items-center gap-2 md:hidden">
        <button
          type="button"
          onClick={() => go(active - 1)}
          disabled={active === 0}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full border border-border bg-card disabled:opacity-40"
        >
          <ChevronLeftIcon className="size-5" aria-hidden="true" />
          <span className="sr-only">{t('previous')}</span>
        </button>
        <p className="flex-1 text-center text-sm text-muted-foreground" aria-live="polite">
          {t('position', { current: active + 1, total: industryCategories.length })}
        </p>
        <button
          type="button"
          onClick={() => go(active + 1)}
          disabled={active === last}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full border border-border bg-card disabled:opacity-40"
        >
          <ChevronRightIcon className="size-5" aria-hidden="true" />
          <span className="sr-only">{t('next')}</span>
        </button>
      </div>
      <div ref={viewportRef} className="mt-4 touch-pan-y overflow-hidden" data-testid="customer-slider">
        <div
          className="flex"
          style={{
            transform: `translateX(calc(${-active * 100}% + ${dragX ?? 0}px))`,
            transition: dragX === null ? 'transform 500ms ease' : 'none',
          }}
        >
          {industryCategories.map((industry, index) => (
            <div
              key={industry.id}
              id={panelId(index)}
              role={slider ? 'group' : 'tabpanel'}
              aria-labelledby={slider ? undefined : tabId(index)}
              aria-label={slider ? industryName(industry.id) : undefined}
              aria-hidden={index !== active}
              inert={index !== active}
              className="w-full shrink-0 px-0.5"
            >
              <h4 className="mb-3 font-semibold md:hidden">{industryName(industry.id)}</h4>
              <LogoRow companies={industry.defaultLogos} />
              <Expandable open={open} id={`${panelId(index)}-more`}>
                <LogoRow companies={industry.foldLogos} className="pt-3" />
              </Expandable>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** The landing block of spec section 2: partners and customers by industry, each with a row that expands. */
export function Showcase() {
  const { t } = useTranslation('showcase');
  const [partnersOpen, setPartnersOpen] = useState(false);
  const [customersOpen, setCustomersOpen] = useState(false);
  const partnersMoreId = useId();
  const customersId = useId();
  return (
    <PageSection aria-labelledby="showcase-title" className="mt-12 border-t border-border">
      <h2 id="showcase-title" className="text-2xl font-semibold tracking-tight">
        {t('title')}
      </h2>
      <p className="mt-2 max-w-3xl text-muted-foreground">{t('lead')}</p>
      <div className="mt-8">
        <ToggleHeading open={partnersOpen} controls={partnersMoreId} onToggle={() => setPartnersOpen((open) => !open)}>
          {t('partners')}
        </ToggleHeading>
        <LogoRow companies={partners.firstRow} className="mt-4" />
        <Expandable open={partnersOpen} id={partnersMoreId}>
          <LogoRow companies={partners.secondRow} className="pt-3" />
        </Expandable>
      </div>
      <div className="mt-10">
        <ToggleHeading open={customersOpen} controls={customersId} onToggle={() => setCustomersOpen((open) => !open)}>
          {t('customers')}
        </ToggleHeading>
        <div id={customersId}>
          <Customers open={customersOpen} />
        </div>
      </div>
    </PageSection>
  );
}
