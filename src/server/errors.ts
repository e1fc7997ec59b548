import { TRPCError } from '@trpc/server';
import { errorCatalogue, type ErrorCode, type ErrorParams } from '../shared/errors';

type ParamArgs<C extends ErrorCode> = Record<never, never> extends ErrorParams[C] ? [params?: ErrorParams[C]] : [params: ErrorParams[C]];

/** An error of the catalogue (spec section 8). Services throw it; the client shows its translated text. */
export class AppError<C extends ErrorCode = ErrorCode> extends TRPCError {
  readonly appCode: C;
  readonly params: ErrorParams[C];

  constructor(code: C, ...[params]: ParamArgs<C>) {
    super({ code: errorCatalogue[code], message: code });
    this.name = 'AppError';
    this.appCode = code;
    this.params = (params ?? {}) as ErrorParams[C];
  }
}
