import { useEffect, useState } from 'react';

/** As long as the query cache keeps an answer fresh (lib/query-client.ts). */
const freshForMs = 30_000;
const answers = new Map<string, { at: number; answer: Promise<unknown> }>();

/** A public JSON endpoint by GET, kept for a short while per address; a failed answer is not kept. */
function fetchPublic<T>(address: string): Promise<T> {
  const kept = answers.get(address);
  if (kept && Date.now() - kept.at < freshForMs) return kept.answer as Promise<T>;
  const answer = fetch(address, { headers: { accept: 'application/json' } }).then((response) =>
    response.ok ? (response.json() as Promise<T>) : Promise.reject(new Error(`${address}: ${response.status}`)),
  );
  answers.set(address, { at: Date.now(), answer });
  answer.catch(() => answers.delete(address));
  return answer;
}

/**
 * The answer of a public GET endpoint (server/modules/content/public-content.http.ts) for a page
 * that loads no tRPC client or query cache: undefined until it arrives, and after a failure (the
 * page then shows nothing of it, as with a query that failed).
 */
export function usePublicQuery<T>(address: string): T | undefined {
  const [state, setState] = useState<{ address: string; data: T }>();
  useEffect(() => {
    let current = true;
    fetchPublic<T>(address).then(
      (data) => current && setState({ address, data }),
      (error: unknown) => console.warn(error),
    );
    return () => {
      current = false;
    };
  }, [address]);
  return state?.address === address ? state.data : undefined;
}
