import { TRPCError, type AnyTRPCRouter, type inferRouterContext } from '@trpc/server';
import { incomingMessageToRequest, internal_exceptionHandler } from '@trpc/server/adapters/node-http';
import { resolveResponse, type HTTPErrorHandler } from '@trpc/server/http';
import accepts from 'accepts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import getRawBody from 'raw-body';
import typeis from 'type-is';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface Options<TRouter extends AnyTRPCRouter> {
  router: TRouter;
  maxBodySize: number;
  createContext(req: IncomingMessage, res: ServerResponse): Promise<inferRouterContext<TRouter>>;
  onError: HTTPErrorHandler<TRouter, IncomingMessage>;
}

/** Answers shorter than this go as they are: compressing them saves less than it costs (compression's own default). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * The answer in the encoding the browser takes best: brotli, else gzip, else as it is; compressed
 * whole, in one call, not through a compression stream and the thread pool. Brotli at quality 3, not
 * the middleware's 4: on the message list's 11 KB page it takes half the time (0.08 ms against
 * 0.16 ms here) for 1% more bytes (604 against 596).
 */
function compressed(req: IncomingMessage, res: ServerResponse, body: Buffer): Buffer {
  // The API path sets no other Vary.
  res.setHeader('vary', 'Accept-Encoding');
  if (body.length < COMPRESS_FROM_BYTES) return body;
  // Brotli whenever the browser takes it, whatever the header's order (as the middleware decides).
  const encodings = accepts(req);
  if (encodings.encoding('br') === 'br') {
    res.setHeader('content-encoding', 'br');
    return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 3, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  }
  if (encodings.encoding('gzip') === 'gzip') {
    res.setHeader('content-encoding', 'gzip');
    return gzipSync(body);
  }
  return body;
}

/** The request headers as resolveResponse reads them (get and has), straight from Node's, without copying them into a web Headers. */
class NodeHeaders {
  constructor(private readonly headers: IncomingMessage['headers']) {}

  get(name: string): string | null {
    const value = this.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }

  has(name: string): boolean {
    return this.headers[name.toLowerCase()] !== undefined;
  }
}

/**
 * A JSON body read whole (raw-body, as Express's own body parsers read it), refused past
 * `maxBodySize` bytes with 413 as tRPC's adapter refuses it, and before reading when its declared
 * length is over; a body cut short is a bad request.
 */
async function readJson(req: IncomingMessage, maxBodySize: number): Promise<unknown> {
  let text: string;
  try {
    text = await getRawBody(req, { length: req.headers['content-length'], limit: maxBodySize, encoding: 'utf8' });
  } catch (cause) {
    throw new TRPCError({ code: (cause as { status?: number }).status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', cause });
  }
  return JSON.parse(text);
}

/**
 * The request as resolveResponse reads it: its query, method, headers, a signal aborted when the
 * browser goes before the answer, and for a POST its JSON body. Building a web Request for it
 * (incomingMessageToRequest: a Headers copy, undici's Request and a body stream) took a tenth of a
 * short query's time. A request of any other kind (another method or body type, or a body an
 * earlier handler read) gets the web Request.
 */
function trpcRequest(req: IncomingMessage, res: ServerResponse, url: string, maxBodySize: number): globalThis.Request {
  const json = req.method === 'POST' && typeis(req, ['application/json']) === 'application/json' && !req.readableEnded;
  if (req.method !== 'GET' && !json) return incomingMessageToRequest(req, res, { maxBodySize });
  const aborted = new AbortController();
  res.once('close', () => {
    if (!res.writableEnded) aborted.abort();
  });
  // resolveResponse reads the input from the query or the body; the procedure's path it is given apart.
  const query = url.indexOf('?');
  const request = { method: req.method, url: `http://localhost/${query === -1 ? '' : url.slice(query)}`, headers: new NodeHeaders(req.headers), signal: aborted.signal, json: () => readJson(req, maxBodySize) };
  return request as unknown as globalThis.Request;
}

/**
 * tRPC on Node's request and response (http/app.ts serves it ahead of Express), answering in one
 * write. tRPC's own adapters pipe each answer through a web WritableStream and flush the response
 * after every chunk; behind the `compression` middleware that flush compressed even a 40-byte answer
 * (a new brotli stream per call), and no answer had a Content-Length. Our answers are never streamed
 * (the client uses httpBatchLink, no subscriptions), so the body is read whole, compressed whole when
 * it is worth it, and sent with its length in one `end`. Built on the adapter API tRPC exports for
 * this (`resolveResponse`, `incomingMessageToRequest`).
 */
export function trpcHandler<TRouter extends AnyTRPCRouter>(options: Options<TRouter>) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const pathname = query === -1 ? url : url.slice(0, query);
    const path = pathname.slice(pathname.lastIndexOf('/') + 1);
    const answer = async () => {
      const response = await resolveResponse({
        router: options.router,
        req: trpcRequest(req, res, url, options.maxBodySize),
        path,
        error: null,
        createContext: () => options.createContext(req, res),
        onError: (error) => options.onError({ ...error, req }),
      });
      if (res.statusCode === 200) res.statusCode = response.status;
      for (const [name, value] of response.headers) {
        if (name.toLowerCase() !== 'set-cookie') res.setHeader(name, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) res.appendHeader('set-cookie', cookies);
      const body = compressed(req, res, Buffer.from(await response.arrayBuffer()));
      res.setHeader('content-length', body.length);
      res.end(body);
    };
    answer().catch((cause: unknown) =>
      internal_exceptionHandler({ req, res, path, router: options.router, onError: options.onError, createContext: () => options.createContext(req, res) })(cause),
    );
  };
}
