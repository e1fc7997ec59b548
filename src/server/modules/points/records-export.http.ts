import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import express, { type Request, type Response, type Router } from 'express';
import { z } from 'zod';
import { languages } from '../../../shared/languages';
import { exportEncodings, isTimeZone, recordExportKinds, recordsDate } from '../../../shared/points';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import type { CookieJar } from '../../http/cookies';
import { toAppErrorPayload, trpcErrorOf } from '../../trpc/init';
import { memberFromCookie, requireMember } from '../auth/member-session.service';
import { writeRecordsCsv, writeUsageCsv } from './records-export';
import { usageLines } from './records.service';
import { teamAccount } from './transfers.service';
import { teamIdField } from '../../../shared/teams';

const exportQuery = z
  .object({
    from: recordsDate.optional(),
    to: recordsDate.optional(),
    encoding: z.enum(exportEncodings).default('big5'),
    tz: z.string().max(64).refine(isTimeZone).default('Asia/Taipei'),
    lang: z.enum(languages).default('zh-TW'),
    /** The team of /team-points-record. */
    team: teamIdField.optional(),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { error: 'validation.dateRange', path: ['to'] });

const fileNames = { points: 'point-record', usage: 'point-usage-record', transfers: 'point-transfer-record', team: 'team-points-record' } as const;

/** A bad query as the catalogue's InvalidInput with the fields' messages (i18n keys), as a form's. */
function invalidQuery(error: z.ZodError): AppError {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) (fieldErrors[issue.path.join('.') || '_'] ??= []).push(issue.message.startsWith('validation.') ? issue.message : 'validation.invalid');
  return new AppError('InvalidInput', { fieldErrors });
}

/**
 * GET /points-export/points.csv, /points-export/usage.csv (the usage lines of /point-record, read
 * from the platform), /points-export/transfers.csv and /points-export/team.csv?team=<id> (issue 9
 * part 8): the member's records in the date range as a CSV download, big5 (always in Traditional
 * Chinese) unless `encoding=utf8` (in the viewer's language, `lang`), dates in the viewer's time
 * zone (`tz`). Signed-in members only; errors answer `{code, params}` of the catalogue.
 */
export function recordsExportRoutes(deps: Deps, cookiesOf: (req: Request, res: Response) => CookieJar): Router {
  const routes = express.Router();
  routes.get('/:kind.csv', async (req, res) => {
    try {
      const member = await memberFromCookie(deps, cookiesOf(req, res));
      if (!member) throw new AppError('MissingAuthentication');
      const user = await requireMember(deps, member.userId, { allowPending: false });
      const kind = recordExportKinds.find((candidate) => candidate === req.params.kind);
      if (!kind) throw new AppError('NotFound');
      const query = exportQuery.safeParse(req.query);
      if (!query.success) throw invalidQuery(query.error);
      const { encoding, tz, lang, from, to, team } = query.data;
      if (kind === 'team' && !team) throw new AppError('InvalidInput', { fieldErrors: { team: ['validation.required'] } });
      const account = kind === 'team' ? await teamAccount(deps.db, user.id, team!) : { groupId: user.groupId };
      const options = { encoding, timeZone: tz, language: lang };
      // The usage lines are read from the platform before anything is sent: a platform that cannot be read is an error answer.
      const lines = kind === 'usage' ? await usageLines(deps, account, { from, to }) : [];
      res.setHeader('content-type', `text/csv; charset=${encoding === 'big5' ? 'big5' : 'utf-8'}`);
      res.setHeader('content-disposition', `attachment; filename="${fileNames[kind]}.csv"`);
      res.setHeader('cache-control', 'private, no-store');
      if (kind === 'usage') await writeUsageCsv(lines, options, res);
      else await writeRecordsCsv(deps, account, { kind, from, to, ...options }, res);
    } catch (error) {
      if (res.headersSent) {
        req.log.error({ err: error }, 'records export failed while streaming');
        res.destroy();
        return;
      }
      if (error instanceof AppError) {
        res.status(getHTTPStatusCodeFromError(trpcErrorOf(error))).json(toAppErrorPayload(error));
        return;
      }
      req.log.error({ err: error }, 'records export failed');
      res.status(500).json({ code: 'Unknown', params: {} });
    }
  });
  return routes;
}
