import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed 'use platform' redirect (spec section 7: query id, pw, time, project_type, funcId,
 * appId and an optional view flag). `pw` is not the member's password: it is an HMAC of the other
 * fields under the shared platform key, so the link proves the portal issued it, cannot be altered,
 * and carries no secret. The platform (and its emulator) accepts it for a few minutes, once.
 */
export interface LoginFields {
  id: string;
  time: number;
  projectType: number;
  funcId: string;
  appId: string;
  view: boolean;
}

export const LOGIN_LINK_SECONDS = 300;

export function signLogin(key: string, fields: LoginFields): string {
  const text = [fields.id, fields.time, fields.projectType, fields.funcId, fields.appId, fields.view ? '1' : '0'].join('\n');
  return createHmac('sha256', key).update(text).digest('base64url');
}

export function loginSignatureMatches(key: string, fields: LoginFields, pw: string): boolean {
  const expected = Buffer.from(signLogin(key, fields));
  const given = Buffer.from(pw);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function loginQuery(key: string, fields: LoginFields): URLSearchParams {
  const query = new URLSearchParams({
    id: fields.id,
    pw: signLogin(key, fields),
    time: String(fields.time),
    project_type: String(fields.projectType),
    funcId: fields.funcId,
    appId: fields.appId,
  });
  if (fields.view) query.set('view', '1');
  return query;
}
