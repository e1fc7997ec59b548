/**
 * One load run with autocannon on loopback: a request (GET, or POST with a fixed or per-request body)
 * for a duration or a number of requests, at full speed or at a fixed rate, with the server's peak
 * resident memory sampled meanwhile.
 */
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

export interface LoadShape {
  connections: number;
  /** Seconds of load; or `amount` requests in all. */
  durationS?: number;
  amount?: number;
  /** Requests per second for all connections together; unset: as fast as the server answers. */
  rate?: number;
  /** A shorter unmeasured run first, so that the measured one meets a warm server. */
  warmUp?: { durationS?: number; amount?: number };
}

function options(server: ServerProcess, request: LoadRequest, shape: { connections: number; durationS?: number; amount?: number; rate?: number }): autocannon.Options {
  const { body } = request;
  const headers = { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...request.headers };
  return {
    url: server.url,
    connections: shape.connections,
    ...(shape.amount === undefined ? { duration: shape.durationS ?? 10 } : { amount: shape.amount }),
    ...(shape.rate === undefined ? {} : { overallRate: shape.rate }),
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

export function failures(...results: LoadResult[]): number {
  return results.reduce((sum, result) => sum + result.errors + result.timeouts + result.non2xx, 0);
}

export function describeLoad(result: LoadResult): string {
  return `${result.requestsPerSecond} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${result.errors + result.timeouts} errors, ${result.non2xx} non-2xx`;
}
