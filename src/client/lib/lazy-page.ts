import { lazy, type ComponentType } from 'react';
import { loadNamespaces } from '@/client/i18n';
import type { Namespace } from '@/client/i18n/resources';

const reloadFlag = 'portal.reloadedAfterLoadFailure';

function readFlag(): boolean {
  try {
    return window.sessionStorage.getItem(reloadFlag) !== null;
  } catch {
    return true;
  }
}

function writeFlag(set: boolean): void {
  try {
    if (set) window.sessionStorage.setItem(reloadFlag, '1');
    else window.sessionStorage.removeItem(reloadFlag);
  } catch {
    // Without session storage we cannot remember a reload, so we never reload (see readFlag).
  }
}

/**
 * A route's page, loaded on first visit together with the translation namespaces it reads. When its
 * chunk fails to load (typically a new release replaced the hashed files), the window reloads once
 * to fetch the new build; a session flag stops a reload loop, and a second failure reaches the
 * route's error page (spec section 2).
 */
export function lazyPage<Props extends object>(load: () => Promise<ComponentType<Props>>, namespaces: readonly Namespace[] = []) {
  return lazy(async () => {
    try {
      const [component] = await Promise.all([load(), loadNamespaces(namespaces)]);
      writeFlag(false);
      return { default: component };
    } catch (error) {
      if (readFlag()) throw error;
      writeFlag(true);
      window.location.reload();
      return new Promise<never>(() => {});
    }
  });
}
