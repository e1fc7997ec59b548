import { AppError } from '../../errors';

/** The platform answered, and its answer was a refusal (`type` other than 0; spec section 7). */
export class PlatformApiFailResponse extends AppError<'PlatformApiFailResponse'> {
  constructor(
    readonly call: string,
    /** The platform's `type` code. */
    readonly platformType: number,
    readonly platformMessage: string,
  ) {
    super('PlatformApiFailResponse');
    this.name = 'PlatformApiFailResponse';
    this.message = `${call}: platform refused (type ${platformType}): ${platformMessage}`;
  }
}

/** No usable answer: the network failed, the call timed out, or the reply had the wrong shape. */
export class PlatformApiException extends AppError<'PlatformApiException'> {
  constructor(
    readonly call: string,
    readonly reason: 'network' | 'timeout' | 'status' | 'shape',
    detail: string,
    options?: { cause?: unknown },
  ) {
    super('PlatformApiException');
    this.name = 'PlatformApiException';
    this.message = `${call}: ${reason}: ${detail}`;
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}
