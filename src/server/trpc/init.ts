import { initTRPC } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import type { AppErrorPayload } from '../../shared/errors';
import { AppError } from '../errors';
import type { Context } from './context';

function fieldErrorsOf(error: ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    // Our schemas speak in i18n keys; a built-in zod message (a wrong type, say) becomes 'invalid'.
    const key = issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
    (fields[field] ??= []).push(key);
  }
  return fields;
}

/**
 * Every error leaves as `data.app = {code, params, fieldErrors?}`: a catalogue error as itself, bad
 * input as InvalidInput with its field messages, anything else as Unknown with no message or stack.
 */
export function toAppErrorPayload(error: unknown): AppErrorPayload {
  const cause = (error as { cause?: unknown }).cause;
  if (error instanceof AppError) return { code: error.appCode, params: error.params };
  if (cause instanceof AppError) return { code: cause.appCode, params: cause.params };
  if (cause instanceof ZodError) return { code: 'InvalidInput', params: {}, fieldErrors: fieldErrorsOf(cause) };
  const code = (error as { code?: unknown }).code;
  if (code === 'PARSE_ERROR' || code === 'BAD_REQUEST') return { code: 'InvalidInput', params: {} };
  if (code === 'NOT_FOUND' || code === 'METHOD_NOT_SUPPORTED') return { code: 'NotFound', params: {} };
  return { code: 'Unknown', params: {} };
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const app = toAppErrorPayload(error);
    return {
      message: app.code,
      code: shape.code,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, app },
    };
  },
});

export const router = t.router;
export const publicProcedure = t.procedure;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;
