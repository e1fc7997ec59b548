import { Suspense } from 'react';
import { lazyPage } from '@/client/lib/lazy-page';

const Showcase = lazyPage(() => import('./showcase').then((module) => module.Showcase), ['showcase'], { queries: false });

/** The partner block, fetched on its own so that a page's first render does not wait for it. */
export function ShowcaseSection() {
  return (
    <Suspense fallback={<div className="min-h-[28rem] border-t border-border" aria-hidden="true" />}>
      <Showcase />
    </Suspense>
  );
}
