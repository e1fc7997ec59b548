import { ArrowUpIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { scrollTopThreshold, useScrolledPast } from './use-header-behaviour';

/** Appears after 300 px of scroll (spec section 9), takes the visitor back to the top and puts the focus on `focusId` (the main content). */
export function ScrollToTop({ focusId }: { focusId: string }) {
  const { t } = useTranslation();
  const visible = useScrolledPast(scrollTopThreshold);
  return (
    <button
      type="button"
      hidden={!visible}
      onClick={() => {
        // An instant jump: a smooth scroll was cut short in Chromium as this button hid itself on the way up.
        window.scrollTo({ top: 0, behavior: 'instant' });
        document.getElementById(focusId)?.focus({ preventScroll: true });
      }}
      className="fixed right-4 bottom-4 z-30 inline-flex size-11 items-center justify-center rounded-full bg-ink text-ink-foreground shadow-lg ring-1 ring-white/10 transition-colors hover:bg-primary hover:text-primary-foreground sm:right-6 sm:bottom-6"
    >
      <ArrowUpIcon className="size-5" aria-hidden="true" />
      <span className="sr-only">{t('nav.backToTop')}</span>
    </button>
  );
}
