import type { ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * Security headers. The built app runs under a strict Content-Security-Policy (no inline script);
 * Vite's development server injects inline scripts and a websocket, so development relaxes it.
 */
export function securityHeaders(development: boolean) {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: development ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: development ? ["'self'", 'ws:'] : ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * The headers of an API answer (JSON, never rendered as a page): a Content-Security-Policy that
 * allows nothing and no framing, no type sniffing, no cross-origin reads, HTTPS only, and no cache
 * (it may carry a member's data). Helmet's other headers govern documents (referrer, opener, DNS
 * prefetch, origin clusters, legacy Flash and IE switches) and would only lengthen every answer;
 * this is the set of the OWASP REST Security Cheat Sheet.
 */
const apiHeaderList: [string, string][] = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['X-Content-Type-Options', 'nosniff'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['Cache-Control', 'no-store'],
];

export function setApiHeaders(res: ServerResponse): void {
  for (const [name, value] of apiHeaderList) res.setHeader(name, value);
}
