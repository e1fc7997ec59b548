import type { Express, NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger';

declare module 'node:http' {
  interface IncomingMessage {
    /** The request's id: the caller's `x-request-id` when well-formed, a new UUID otherwise. */
    id: string;
    /** The portal's logger with this request's id, method and path on every line. */
    log: Logger;
  }
}

const REQUEST_ID = /^[\w-]{1,64}$/;
const UNLOGGED_PATHS = new Set(['/healthz', '/readyz']);

type RequestLine = { id: string; method: string; path: string };
const lineKey = Symbol('request line');
const loggerKey = Symbol('request logger');
type LoggedRequest = Request & { [lineKey]?: RequestLine; [loggerKey]?: Logger };

/**
 * Gives every request of `app` an id (sent back in `x-request-id`) and a logger that carries it, and
 * writes one short line when the response is done: id, method, path without its query (tRPC inputs
 * travel there), status and milliseconds; no header, no body. The per-request logger is made only
 * when something logs through it, which most requests never do: `req.log` is a getter of the app's
 * request prototype, defined once, not a property defined on each request.
 */
export function useRequestLog(app: Express, log: Logger): void {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: LoggedRequest): Logger {
      const line = this[lineKey];
      if (!line) return log;
      return (this[loggerKey] ??= log.child({ req: line }));
    },
  });
  // The access line holds no secret (id, method, path without its query, status, time), so it skips
  // the redaction every other line goes through, which costs three times as much as the line itself.
  const accessLog = log.child({}, { redact: { paths: [] } });
  app.use((req: LoggedRequest, res: Response, next: NextFunction): void => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('x-request-id', id);
    const url = req.originalUrl || req.url;
    const query = url.indexOf('?');
    const line = { id, method: req.method, path: query === -1 ? url : url.slice(0, query) };
    req.id = id;
    req[lineKey] = line;
    if (UNLOGGED_PATHS.has(line.path)) {
      next();
      return;
    }
    const started = performance.now();
    res.once('close', () => {
      const responseTime = Math.round(performance.now() - started);
      accessLog.info({ req: line, res: { statusCode: res.statusCode }, responseTime }, res.writableFinished ? 'request completed' : 'request aborted');
    });
    next();
  });
}
