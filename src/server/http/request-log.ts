import type { Express, NextFunction, Request, Response } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger';

declare module 'node:http' {
  interface IncomingMessage {
    /** The request's id: the caller's `x-request-id` when well-formed, a new UUID otherwise. */
    id: string;
  }
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The portal's logger with this request's id, method and path on every line (requestLog's loggerOf). */
    log: Logger;
  }
}

const REQUEST_ID = /^[\w-]{1,64}$/;
const UNLOGGED_PATHS = new Set(['/healthz', '/readyz']);

type RequestLine = { id: string; method: string; path: string };
const lineKey = Symbol('request line');
const loggerKey = Symbol('request logger');
type LoggedRequest = IncomingMessage & { [lineKey]?: RequestLine; [loggerKey]?: Logger };

export interface RequestLog {
  /** Gives the request its id (sent back in `x-request-id`) and writes its line when the response is done. */
  begin(req: IncomingMessage, res: ServerResponse): void;
  /** The logger of a begun request, made the first time something logs through it (most requests never do). */
  loggerOf(req: IncomingMessage): Logger;
}

/**
 * One short line per request when its response is done: id, method, path without its query (tRPC
 * inputs travel there), status and milliseconds; no header, no body. The API (http/app.ts) begins
 * its requests itself, Express's routes through useRequestLog.
 */
export function requestLog(log: Logger): RequestLog {
  // The access line holds no secret (id, method, path without its query, status, time), so it skips
  // the redaction every other line goes through, which costs three times as much as the line itself.
  const accessLog = log.child({}, { redact: { paths: [] } });
  return {
    begin(req: LoggedRequest, res) {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('x-request-id', id);
      const url = req.url ?? '/';
      const query = url.indexOf('?');
      const line = { id, method: req.method ?? 'GET', path: query === -1 ? url : url.slice(0, query) };
      req.id = id;
      req[lineKey] = line;
      if (UNLOGGED_PATHS.has(line.path)) return;
      const started = performance.now();
      res.once('close', () => {
        const responseTime = Math.round(performance.now() - started);
        accessLog.info({ req: line, res: { statusCode: res.statusCode }, responseTime }, res.writableFinished ? 'request completed' : 'request aborted');
      });
    },
    loggerOf(req: LoggedRequest) {
      const line = req[lineKey];
      if (!line) return log;
      return (req[loggerKey] ??= log.child({ req: line }));
    },
  };
}

/**
 * Begins every request of `app` and gives it `req.log`: a getter of the app's request prototype,
 * defined once, not a property defined on each request.
 */
export function useRequestLog(app: Express, requests: RequestLog): void {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request): Logger {
      return requests.loggerOf(this);
    },
  });
  app.use((req: Request, res: Response, next: NextFunction): void => {
    requests.begin(req, res);
    next();
  });
}
