import { isErrorCode, type AppErrorPayload } from '@/shared/errors';

/**
 * A refused file upload, with the catalogue error the server answered (`{code, params}`), so that
 * `appErrorOf` and `errorText` read it as they read a failed tRPC call.
 */
export class UploadError extends Error {
  constructor(readonly app: AppErrorPayload) {
    super(`upload refused: ${app.code}`);
    this.name = 'UploadError';
  }
}

/** The catalogue error of a refusal body; anything else (a proxy's page, no body) is Unknown. */
function appErrorOfBody(body: unknown): AppErrorPayload {
  if (typeof body === 'object' && body !== null && 'code' in body && isErrorCode(body.code)) {
    const params = 'params' in body && typeof body.params === 'object' && body.params !== null ? body.params : {};
    return { code: body.code, params } as AppErrorPayload;
  }
  return { code: 'Unknown', params: {} };
}

/**
 * Sends a file as raw bytes with PUT to one of the server's file routes (files do not travel
 * through tRPC). Resolves with the server's JSON answer; rejects with an UploadError when it refuses.
 */
export async function uploadFile(url: string, file: Blob): Promise<unknown> {
  const response = await fetch(url, { method: 'PUT', body: file, headers: { 'content-type': 'application/octet-stream' } });
  if (response.ok) return response.json().catch(() => undefined);
  throw new UploadError(appErrorOfBody(await response.json().catch(() => undefined)));
}
