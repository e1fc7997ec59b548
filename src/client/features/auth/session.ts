import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { followSession } from '@/client/lib/session-probe';
import { queryClient, trpc } from '@/client/trpc';

// A page that reads or changes the session (sign-in, the management centre) loads this module: from
// then on the header follows the session, for a visitor who had none at first too.
followSession();

/** The visitor's session: the signed-in member, or null. Refetched on every page change (see SessionWatcher). */
export function useSession() {
  return useQuery({ ...trpc.auth.session.queryOptions(), staleTime: 0 });
}

export type SessionMember = NonNullable<NonNullable<ReturnType<typeof useSession>['data']>['member']>;

export function refreshSession(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: trpc.auth.session.queryKey() });
}

/**
 * 'Login expired' stays on screen from the response that reported it until the member closes it or
 * signs in again, across the redirect that follows.
 */
let loginExpired = false;
const listeners = new Set<() => void>();

export function setLoginExpired(value: boolean): void {
  if (loginExpired === value) return;
  loginExpired = value;
  for (const listener of listeners) listener();
}

export function useLoginExpired(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loginExpired,
  );
}

/** The token of a mailed link, carried in the address fragment so that it never reaches a server log. */
export function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/** Set from the click on Sign out until the home page has dropped the session: a language chosen meanwhile is no longer the member's. */
let signingOut = false;

export function setSigningOut(value: boolean): void {
  signingOut = value;
}

export function isSigningOut(): boolean {
  return signingOut;
}
