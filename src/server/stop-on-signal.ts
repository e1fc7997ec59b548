import type { Logger } from './logger';

/**
 * Listens for SIGTERM and SIGINT from the start of a process (the portal, the worker), before it
 * has started: a stop asked for during the start (a first start migrates and seeds for seconds)
 * waits for the start to finish and then stops cleanly, instead of killing the process in the
 * middle of a write with its database's lock left behind. A second signal kills at once (the
 * listeners are `once`). Returns the call that hands over the stop once the process has started.
 */
export function stopOnSignal(log: Logger, failure: string): (stop: () => Promise<void>) => void {
  let stopNow: (() => void) | undefined;
  let stopAsked = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      log.info({ signal }, 'shutting down');
      stopAsked = true;
      stopNow?.();
    });
  }
  return (stop) => {
    stopNow = () => {
      stop().then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, failure);
          process.exit(1);
        },
      );
    };
    if (stopAsked) stopNow();
  };
}
