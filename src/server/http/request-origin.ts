import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/** Whether the hop at `address` (0 the socket's peer) is a proxy to believe: Express's compiled 'trust proxy fn'. */
export type TrustProxy = (address: string, hop: number) => boolean;

/**
 * The client's address: the socket's peer, or behind trusted proxies the first untrusted one of
 * X-Forwarded-For (as Express's req.ip); none once the socket is gone.
 */
export function clientAddress(req: IncomingMessage, trust: TrustProxy): string | undefined {
  return req.socket.remoteAddress === undefined ? undefined : proxyaddr(req, trust);
}

/** A request header's value (Node joins a repeated one with commas; only Set-Cookie comes as a list). */
export function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** http or https: the socket's, or behind a trusted proxy its X-Forwarded-Proto (as Express's req.protocol). */
export function requestProtocol(req: IncomingMessage, trust: TrustProxy): string {
  const own = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  if (!trust(req.socket.remoteAddress ?? '', 0)) return own;
  const forwarded = headerOf(req, 'x-forwarded-proto') || own;
  const comma = forwarded.indexOf(',');
  return (comma === -1 ? forwarded : forwarded.slice(0, comma)).trim();
}

/**
 * Whether a request comes from a page of another site: it has an Origin that is neither this
 * server's (as the browser reached it) nor the configured public address. Cookies are SameSite=Strict;
 * on top of that, every state-changing call refuses such a request.
 */
export function crossSiteCheck(trust: TrustProxy, publicUrl: string | undefined): (req: IncomingMessage) => boolean {
  const publicOrigin = publicUrl?.replace(/\/$/, '');
  return (req) => {
    const origin = req.headers.origin;
    return Boolean(origin && origin !== `${requestProtocol(req, trust)}://${req.headers.host}` && origin !== publicOrigin);
  };
}
