import type { Request, Response } from 'express';
import { z } from 'zod';
import { LOGIN_LINK_SECONDS, loginSignatureMatches } from '../modules/platform/platform-login';
import type { EmulatorOptions } from './emulator.options';
import { loginChecks } from './login-checks';
import { emulatorUsedLogins } from './schema';
import { findUser } from './store';

/**
 * The platform's login page, where the portal's signed 'use platform' redirect lands (spec section
 * 7: id, pw, time, project_type, funcId, appId, view). It checks the signature, the link's age
 * (LOGIN_LINK_SECONDS), that the link is used once, that the account exists, and then every check
 * of `loginChecks`; it answers with a plain page saying who was let in, or why not.
 */
const query = z.object({
  id: z.string().min(1).max(100),
  pw: z.string().min(1).max(200),
  time: z.coerce.number().int(),
  project_type: z.coerce.number().int(),
  funcId: z.string().max(100).default(''),
  appId: z.string().max(100).default(''),
  view: z.string().optional(),
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(res: Response, status: number, title: string, lines: string[]) {
  res
    .status(status)
    .type('html')
    .setHeader('cache-control', 'no-store')
    .setHeader('referrer-policy', 'no-referrer')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
        `<body><main><p>Inspectra AI platform (emulator)</p><h1>${escapeHtml(title)}</h1>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</main></body></html>`,
    );
}

export async function loginPage(options: EmulatorOptions, req: Request, res: Response): Promise<void> {
  const refuse = (reason: string) => page(res, 403, 'Sign-in refused', [reason]);
  const parsed = query.safeParse(req.query);
  if (!parsed.success) return refuse('The sign-in link is incomplete.');
  const input = parsed.data;
  const fields = { id: input.id, time: input.time, projectType: input.project_type, funcId: input.funcId, appId: input.appId, view: input.view === '1' };
  if (!loginSignatureMatches(options.key, fields, input.pw)) return refuse('The sign-in link is not valid.');
  const age = options.clock().getTime() / 1000 - input.time;
  if (age > LOGIN_LINK_SECONDS || age < -60) return refuse('The sign-in link has expired. Open the platform again from the portal.');
  const account = await findUser(options.db, input.id);
  if (!account) return refuse('No platform account has this name.');
  for (const check of loginChecks) {
    const reason = await check(options.db, { account, projectType: input.project_type, funcId: input.funcId, appId: input.appId, view: fields.view });
    if (reason) return refuse(reason);
  }
  const first = await options.db.insert(emulatorUsedLogins).values({ signature: input.pw }).onConflictDoNothing().returning();
  if (first.length === 0) return refuse('This sign-in link was used already. Open the platform again from the portal.');
  page(res, 200, `Signed in as ${account.userName}`, [
    `Space: ${account.isTeam ? 'team' : 'enterprise account'} ${account.groupId}`,
    `Platform account ${account.userId}`,
    `Project type ${input.project_type}${input.funcId ? `, function ${input.funcId}` : ''}${input.appId ? `, application ${input.appId}` : ''}${fields.view ? ', view only' : ''}`,
  ]);
}
