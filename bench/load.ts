/**
 * Load runs on loopback with the server's peak resident memory sampled meanwhile: at full speed with
 * autocannon (a request, GET or POST with a fixed or per-request body, for a duration or a number of
 * requests), or at an even pace (`pacedLoad`) for the latency at a given rate.
 */
import http from 'node:http';
import autocannon from 'autocannon';
import { round, withRssSampling, type ServerProcess } from './lib';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  peakRssMb: number;
}

export interface LoadRequest {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A new body for every request (e.g. with a fresh idempotency key); a fixed one otherwise. */
  body?: string | (() => string);
}

/**
 * What every request of a load says it accepts, as a browser does: without it the portal's
 * answers went out uncompressed, and a list page was measured without the cost users' requests carry.
 */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

export interface LoadShape {
  connections: number;
  /** Seconds of load; or `amount` requests in all. */
  durationS?: number;
  amount?: number;
  /** A shorter unmeasured run first, so that the measured one meets a warm server. */
  warmUp?: { durationS?: number; amount?: number };
}

/** A request's headers: what a browser says it accepts, the body's type when it has one, then its own. */
function headersOf(request: LoadRequest): Record<string, string> {
  return { ...BROWSER_HEADERS, ...(request.body === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers };
}

function options(server: ServerProcess, request: LoadRequest, shape: { connections: number; durationS?: number; amount?: number }): autocannon.Options {
  const { body } = request;
  const headers = headersOf(request);
  return {
    url: server.url,
    connections: shape.connections,
    ...(shape.amount === undefined ? { duration: shape.durationS ?? 10 } : { amount: shape.amount }),
    requests: [
      {
        method: request.method ?? 'GET',
        path: request.path,
        headers,
        ...(typeof body === 'function' ? { setupRequest: (req: autocannon.Request) => ({ ...req, body: body() }) } : body === undefined ? {} : { body }),
      },
    ],
  };
}

export async function loadTest(server: ServerProcess, request: LoadRequest, shape: LoadShape): Promise<LoadResult> {
  if (shape.warmUp) await autocannon(options(server, request, { connections: shape.connections, ...shape.warmUp }));
  const { value: result, peakRssMb } = await withRssSampling(server, () => autocannon(options(server, request, shape)));
  return {
    requestsPerSecond: round(result.requests.average, 0),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    meanMs: round(result.latency.average, 2),
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    peakRssMb: round(peakRssMb, 0),
  };
}

/** The requests of a paced run still unanswered at most; beyond it the server is saturated and the run stops. */
const PACED_IN_FLIGHT = 200;

/**
 * Requests at an even pace, one every 1/rate seconds, whether or not the earlier ones were answered
 * (an open loop, as users arrive), for `durationS` seconds or `amount` requests. autocannon's
 * `overallRate` is not that: each connection sends its quota of a second at full speed and then
 * waits, so half of each second runs at saturation and its p99 is the saturated one. The latency of
 * each request counts from when it was due, so that a late send (a busy load generator) counts
 * against the figure, never for it. A server that falls behind by PACED_IN_FLIGHT requests ends the
 * run with an error rather than queue without bound.
 */
export async function pacedLoad(server: ServerProcess, request: LoadRequest, shape: { rate: number; durationS?: number; amount?: number }): Promise<LoadResult> {
  const total = shape.amount ?? Math.round(shape.rate * (shape.durationS ?? 10));
  const url = new URL(server.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: PACED_IN_FLIGHT });
  const latencies: number[] = [];
  const outcome = { errors: 0, timeouts: 0, non2xx: 0 };
  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const body = typeof request.body === 'function' ? request.body() : request.body;
      const headers = { ...headersOf(request), ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) };
      const outgoing = http.request({ host: url.hostname, port: url.port, path: request.path, method: request.method ?? 'GET', headers, agent, timeout: 10_000 }, (answer) => {
        answer.resume();
        answer.on('end', () => {
          latencies.push(performance.now() - due);
          if (answer.statusCode === undefined || answer.statusCode < 200 || answer.statusCode > 299) outcome.non2xx++;
          resolve();
        });
      });
      outgoing.on('timeout', () => {
        outcome.timeouts++;
        outgoing.destroy();
      });
      outgoing.on('error', () => {
        outcome.errors++;
        resolve();
      });
      outgoing.end(body);
    });
  const started = performance.now();
  const { value: elapsedMs, peakRssMb } = await withRssSampling(server, async () => {
    const inFlight = new Set<Promise<void>>();
    for (let index = 0; index < total; index++) {
      const due = started + (index * 1000) / shape.rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (inFlight.size >= PACED_IN_FLIGHT) throw new Error(`the server fell ${PACED_IN_FLIGHT} requests behind at ${shape.rate} req/s`);
      const sent = send(due).finally(() => inFlight.delete(sent));
      inFlight.add(sent);
    }
    await Promise.all(inFlight);
    return performance.now() - started;
  });
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (share: number) => round(latencies[Math.min(latencies.length - 1, Math.ceil(share * latencies.length) - 1)] ?? 0, 1);
  return {
    requestsPerSecond: round(latencies.length / (elapsedMs / 1000), 0),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    meanMs: round(latencies.reduce((sum, value) => sum + value, 0) / Math.max(1, latencies.length), 2),
    requests: latencies.length,
    ...outcome,
    peakRssMb: round(peakRssMb, 0),
  };
}

export function failures(...results: LoadResult[]): number {
  return results.reduce((sum, result) => sum + result.errors + result.timeouts + result.non2xx, 0);
}

export function describeLoad(result: LoadResult): string {
  return `${result.requestsPerSecond} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${result.errors + result.timeouts} errors, ${result.non2xx} non-2xx`;
}

/**
 * Loads taken in turns, `rounds` times: each round runs every one of `loads` once, in order (the
 * round's index is given, so that only the first warms up). The machine's speed drifts by tens of
 * percent within a minute here: loads side by side in one round compare neighbours, and the round
 * of the median ratio (medianRound) leaves an odd stretch out.
 */
export async function inTurns(loads: ReadonlyArray<(round: number) => Promise<LoadResult>>, rounds: number): Promise<LoadResult[][]> {
  const results: LoadResult[][] = [];
  for (let round = 0; round < rounds; round++) {
    const row: LoadResult[] = [];
    for (const load of loads) row.push(await load(round));
    results.push(row);
  }
  return results;
}

export interface MedianRound {
  /** The loads of the round whose ratio is the median. */
  round: LoadResult[];
  /** That ratio: requests/s of load `of` over load `to` in the round. */
  ratio: number;
  /** Every round's ratio, in the order they ran. */
  ratios: number[];
}

/** The round (of an odd number) whose ratio of load `of` to load `to`, in requests/s, is the median. */
export function medianRound(rounds: LoadResult[][], of: number, to: number): MedianRound {
  if (rounds.length % 2 === 0) throw new Error('an odd number of rounds has one median');
  const ratios = rounds.map((row) => row[of]!.requestsPerSecond / row[to]!.requestsPerSecond);
  const middle = [...ratios].sort((a, b) => a - b)[(ratios.length - 1) / 2]!;
  return { round: rounds[ratios.indexOf(middle)]!, ratio: middle, ratios };
}
