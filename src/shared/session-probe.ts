/**
 * GET /session-probe: what the visitor's cookies say about a member session, read without the
 * database. The web app asks it before its first render and loads the account code (tRPC, the query
 * cache, the member menu) only when `signedIn` or `sessionEnded` is true. A leaf module without zod,
 * so that the entry chunk can import it.
 */
export const sessionProbePath = '/session-probe';

export interface SessionProbe {
  /** The member cookie has the form of a session token; the session may still have ended. */
  signedIn: boolean;
  /** A session ended by idleness: the next page shows 'login expired'. */
  sessionEnded: boolean;
}
