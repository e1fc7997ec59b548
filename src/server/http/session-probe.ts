import type { RequestHandler } from 'express';
import { probeMemberSession } from '../modules/auth/member-session.service';
import { parseCookies } from './cookies';

/**
 * GET /session-probe (src/shared/session-probe.ts): answers from the cookies alone, without a
 * database query, so that a visitor's landing page needs neither the database nor the tRPC client.
 * The answer depends on the cookies: never cached.
 */
export function sessionProbe(): RequestHandler {
  return (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(probeMemberSession(parseCookies(req.headers.cookie)));
  };
}
