import { errorCatalogue, type ErrorCode, type ErrorParams, type TrpcCode } from '../shared/errors';

type ParamArgs<C extends ErrorCode> = Record<never, never> extends ErrorParams[C] ? [params?: ErrorParams[C]] : [params: ErrorParams[C]];

/**
 * An error of the catalogue (spec section 8). Services, jobs and the CLI throw it; the tRPC layer
 * (trpc/init.ts) sends it with its catalogue code, and the client shows its translated text.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly code: C;
  readonly params: ErrorParams[C];

  constructor(code: C, ...[params]: ParamArgs<C>) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.params = (params ?? {}) as ErrorParams[C];
  }

  /** The tRPC code the catalogue gives this error. */
  get trpcCode(): TrpcCode {
    return errorCatalogue[this.code];
  }
}
