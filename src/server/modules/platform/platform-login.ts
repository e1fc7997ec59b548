import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The signed 'use platform' redirect (spec section 7: query id, pw, time, project_type, funcId,
 * appId and an optional view flag). `pw` is not the member's password: it is a one-time credential
 * made for this redirect, a random nonce and an HMAC of the nonce and the other fields under the
 * shared platform key. So the link proves the portal issued it, cannot be altered, carries no
 * secret, and two links made in the same second still differ. The platform (and its emulator)
 * accepts it for LOGIN_LINK_SECONDS, once.
 */
export interface LoginFields {
  id: string;
  time: number;
  projectType: number;
  funcId: string;
  appId: string;
  view: boolean;
}

export const LOGIN_LINK_SECONDS = 60;

function mac(key: string, fields: LoginFields, nonce: string): string {
  const text = [nonce, fields.id, fields.time, fields.projectType, fields.funcId, fields.appId, fields.view ? '1' : '0'].join('\n');
  return createHmac('sha256', key).update(text).digest('base64url');
}

export function signLogin(key: string, fields: LoginFields, nonce: string = randomBytes(16).toString('base64url')): string {
  return `${nonce}.${mac(key, fields, nonce)}`;
}

export function loginSignatureMatches(key: string, fields: LoginFields, pw: string): boolean {
  const [nonce, given, ...rest] = pw.split('.');
  if (!nonce || !given || rest.length > 0) return false;
  const expected = Buffer.from(mac(key, fields, nonce));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
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
