import { useSyncExternalStore } from 'react';
import { sessionProbePath, type SessionProbe } from '@/shared/session-probe';

/**
 * Whether the page follows the member session, and so loads the account code (tRPC, the query
 * cache, the member menu). A visitor whose cookies hold no session (GET /session-probe, preloaded by
 * index.html) never loads it on the public pages; a page that can sign in or read the session loads
 * features/auth/session.ts, which switches it on (followSession) so that the header follows.
 */
interface SessionPresence {
  /** The account code is wanted: the header shows what the session check says. */
  following: boolean;
  /** The header shows a member's corner (or will, once the account code is loaded). */
  member: boolean;
}

let presence: SessionPresence = { following: false, member: false };
const listeners = new Set<() => void>();

function update(next: Partial<SessionPresence>): void {
  if (Object.entries(next).every(([key, value]) => presence[key as keyof SessionPresence] === value)) return;
  presence = { ...presence, ...next };
  for (const listener of listeners) listener();
}

/** Asked once per page load. When the probe fails, the page follows the session as if signed in: the session check then decides. */
export const probedSession: Promise<SessionProbe> = fetch(sessionProbePath)
  .then((response) => (response.ok ? (response.json() as Promise<SessionProbe>) : Promise.reject(new Error(`session probe: ${response.status}`))))
  .catch(() => ({ signedIn: true, sessionEnded: true }))
  .then((probe) => {
    if (probe.signedIn || probe.sessionEnded) update({ following: true, member: presence.member || probe.signedIn });
    return probe;
  });

export function followSession(): void {
  update({ following: true });
}

/** Set by the account code once it knows whether a member is signed in. */
export function setMemberShown(member: boolean): void {
  update({ member });
}

export function useSessionPresence(): SessionPresence {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => presence,
  );
}
