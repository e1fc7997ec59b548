import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { i18nReady, loadNamespaces, prefetchNamespaces } from '@/client/i18n';
import type { Namespace } from '@/client/i18n/resources';
import { loadOrReloadOnce } from './reload-once';

/** A lazily loaded page that can also be fetched ahead of its first render; `preload` settles when it is loaded. */
export type LazyPage<Props extends object> = LazyExoticComponent<ComponentType<Props>> & { preload: () => Promise<unknown> };

/** React's own handle on a lazy component; initialising it early lets the first render find the page loaded. */
interface LazyInternals {
  _payload: unknown;
  _init: (payload: unknown) => unknown;
}

/** The page inside the query cache's provider, both loaded together (see lib/with-queries.tsx). */
async function loadWithQueries<Props extends object>(load: () => Promise<ComponentType<Props>>): Promise<ComponentType<Props>> {
  const [Page, { WithQueries }] = await Promise.all([load(), import('./with-queries')]);
  const PageWithQueries = (props: Props) => createElement(WithQueries, null, createElement(Page, props));
  PageWithQueries.displayName = `WithQueries(${Page.displayName ?? Page.name})`;
  return PageWithQueries;
}

/**
 * A route's page, loaded on first visit together with the translation namespaces it reads, and
 * with the query cache unless `queries: false` (a page that never asks the server: the landing page
 * then loads no TanStack Query or tRPC). A failed load reloads the window once (loadOrReloadOnce).
 * `preload()` starts the same load early (see main.tsx).
 */
export function lazyPage<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  namespaces: readonly Namespace[] = [],
  { queries = true }: { queries?: boolean } = {},
): LazyPage<Props> {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const start = () =>
    (loading ??= (async () => {
      prefetchNamespaces(namespaces);
      const [component] = await loadOrReloadOnce(() => Promise.all([queries ? loadWithQueries(load) : load(), i18nReady.then(() => loadNamespaces(namespaces))]));
      return { default: component };
    })());
  const page = lazy(start);
  const preload = () => {
    const internals = page as unknown as Partial<LazyInternals>;
    try {
      // Starts the load through React, which then renders the page at once instead of a fallback first.
      internals._init?.(internals._payload);
    } catch {
      // Still loading: React throws the pending promise here.
    }
    return start();
  };
  return Object.assign(page, { preload });
}
