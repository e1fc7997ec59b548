import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import express, { type Request, type Response, type Router } from 'express';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { CookieJar } from '../../http/cookies';
import { memberFromCookie, requireMember } from '../auth/member-session.service';
import { toAppErrorPayload, trpcErrorOf } from '../../trpc/init';
import { readTeamFile } from './team-files.service';

/** GET /member-files/teams/:teamId/:fileId: a team file for an active member of the team, as an attachment under its own name. */
export function teamFileRoutes(deps: Deps, cookiesOf: (req: Request, res: Response) => CookieJar): Router {
  const routes = express.Router();
  routes.get('/teams/:teamId/:fileId', async (req, res) => {
    try {
      const member = await memberFromCookie(deps, cookiesOf(req, res));
      if (!member) throw new AppError('MissingAuthentication');
      const userId = (await requireMember(deps, member.userId, { allowPending: false })).id;
      const file = await readTeamFile(deps, userId, { teamId: String(req.params.teamId), fileId: String(req.params.fileId) });
      res.attachment(file.name).send(file.bytes);
    } catch (error) {
      if (error instanceof AppError) {
        res.status(getHTTPStatusCodeFromError(trpcErrorOf(error))).json(toAppErrorPayload(error));
        return;
      }
      req.log.error({ err: error }, 'team file request failed');
      res.status(500).json({ code: 'Unknown', params: {} });
    }
  });
  return routes;
}
