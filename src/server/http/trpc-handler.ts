import type { AnyTRPCRouter, inferRouterContext } from '@trpc/server';
import { incomingMessageToRequest, internal_exceptionHandler } from '@trpc/server/adapters/node-http';
import { resolveResponse, type HTTPErrorHandler } from '@trpc/server/http';
import type { Request, Response } from 'express';

interface Options<TRouter extends AnyTRPCRouter> {
  router: TRouter;
  maxBodySize: number;
  createContext(req: Request, res: Response): Promise<inferRouterContext<TRouter>>;
  onError: HTTPErrorHandler<TRouter, Request>;
}

/**
 * tRPC over Express, answering in one write. tRPC's own Express adapter pipes each answer through a
 * web WritableStream and flushes the response after every chunk; behind `compression` that flush
 * compresses even a 40-byte answer (a new brotli stream per call, about a fifth of `system.ping`'s
 * time), and the answer goes out without a Content-Length. Our answers are never streamed (the
 * client uses httpBatchLink, no subscriptions), so the body is read whole and sent with `end`:
 * compression then sees its length and leaves answers under its threshold alone. Built on the
 * adapter API tRPC exports for this (`resolveResponse`, `incomingMessageToRequest`).
 */
export function trpcHandler<TRouter extends AnyTRPCRouter>(options: Options<TRouter>) {
  return (req: Request, res: Response): void => {
    const path = req.path.slice(req.path.lastIndexOf('/') + 1);
    const answer = async () => {
      const response = await resolveResponse({
        router: options.router,
        req: incomingMessageToRequest(req, res, { maxBodySize: options.maxBodySize }),
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
      res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
    };
    answer().catch(
      internal_exceptionHandler({ req, res, path, router: options.router, onError: options.onError, createContext: () => options.createContext(req, res) }),
    );
  };
}
