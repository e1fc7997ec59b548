import { initTRPC, TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import type { AppErrorPayload } from '../../shared/errors';
import { controlCharacterMessage, hasControlCharacter } from '../../shared/text';
import { AppError } from '../errors';
import type { Context } from './context';
import { transformer } from './transformer';

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

function appErrorIn(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof AppError ? cause : undefined;
}

/** A catalogue error as tRPC sends it: the catalogue's tRPC code, the AppError as its cause. */
export function trpcErrorOf(error: AppError): TRPCError {
  return new TRPCError({ code: error.trpcCode, message: error.code, cause: error });
}

/**
 * Every error leaves as `data.app = {code, params, fieldErrors?}`: a catalogue error as itself, bad
 * input as InvalidInput with its field messages (whether zod refused it or a service did, with
 * `AppError('InvalidInput', { fieldErrors })`), anything else as Unknown with no message or stack.
 */
export function toAppErrorPayload(error: unknown): AppErrorPayload {
  const appError = appErrorIn(error);
  if (appError?.code === 'InvalidInput') {
    const { fieldErrors } = (appError as AppError<'InvalidInput'>).params;
    return fieldErrors ? { code: 'InvalidInput', params: {}, fieldErrors } : { code: 'InvalidInput', params: {} };
  }
  if (appError) return { code: appError.code, params: appError.params };
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof ZodError) return { code: 'InvalidInput', params: {}, fieldErrors: fieldErrorsOf(cause) };
  const code = (error as { code?: unknown }).code;
  // A body too large (413) is bad input too: no form sends one, and it is not the server's fault.
  if (code === 'PARSE_ERROR' || code === 'BAD_REQUEST' || code === 'PAYLOAD_TOO_LARGE') return { code: 'InvalidInput', params: {} };
  if (code === 'NOT_FOUND' || code === 'METHOD_NOT_SUPPORTED') return { code: 'NotFound', params: {} };
  return { code: 'Unknown', params: {} };
}

const t = initTRPC.context<Context>().create({
  transformer,
  errorFormatter({ shape, error }) {
    const app = toAppErrorPayload(error);
    // A catalogue error travels with the tRPC code (and so the HTTP status) the catalogue gives it.
    const appError = appErrorIn(error);
    const sent = appError ? trpcErrorOf(appError) : undefined;
    return {
      message: app.code,
      code: sent ? TRPC_ERROR_CODES_BY_KEY[sent.code] : shape.code,
      data: {
        code: sent?.code ?? shape.data.code,
        httpStatus: sent ? getHTTPStatusCodeFromError(sent) : shape.data.httpStatus,
        path: shape.data.path,
        app,
      },
    };
  },
});

/** Paths of the strings in `value` that hold control characters, e.g. 'companyName' or 'members.2.email'. */
function fieldsWithControlCharacters(value: unknown, path: string[] = [], found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (hasControlCharacter(value)) found.push(path.join('.') || '_');
  } else if (value && typeof value === 'object' && path.length < 8) {
    for (const [key, item] of Object.entries(value)) fieldsWithControlCharacters(item, [...path, key], found);
  }
  return found;
}

/**
 * The one middleware of every procedure (one, because tRPC copies its options twice per middleware):
 * - every input, whatever its schema: a string with a control character (a NUL above all, which
 *   PostgreSQL's text refuses with an error) is bad input of its field, before anything runs;
 * - services throw AppError, which tRPC would turn into INTERNAL_SERVER_ERROR: it leaves with its
 *   catalogue's tRPC code instead, for HTTP clients and server-side callers alike.
 */
const guard = t.middleware(async ({ getRawInput, next }) => {
  // A body that cannot be read (none at all, for a procedure without input) is the input parser's to judge.
  const input = await getRawInput().catch(() => undefined);
  const fields = fieldsWithControlCharacters(input);
  if (fields.length > 0) throw trpcErrorOf(new AppError('InvalidInput', { fieldErrors: Object.fromEntries(fields.map((field) => [field, [controlCharacterMessage]])) }));
  const result = await next();
  if (result.ok) return result;
  const appError = appErrorIn(result.error);
  return appError && result.error.code !== appError.trpcCode ? { ...result, error: trpcErrorOf(appError) } : result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(guard);
export const createCallerFactory = t.createCallerFactory;
