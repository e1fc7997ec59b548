import { startServerDatabase } from './db/embedded-start';
import { readEnv } from './env';
import { bufferedStdout, createLogger } from './logger';

const env = readEnv();
const log = createLogger(env.LOG_LEVEL, 'portal', bufferedStdout());

// Listened for from the start: a stop asked for while the portal starts (its first start migrates
// and seeds for seconds) waits for the start to finish and then stops it cleanly, instead of killing
// the process in the middle of a write with its database's lock left behind. A second one kills.
let stop: (() => void) | undefined;
let stopAsked = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    log.info({ signal }, 'shutting down');
    stopAsked = true;
    stop?.();
  });
}

try {
  // The embedded database starts on its thread first, while the rest of the server loads.
  const started = env.DATABASE_URL ? undefined : startServerDatabase(env.DATA_DIR, log);
  const { startPortal } = await import('./portal');
  const portal = await startPortal(env, log, started);
  stop = () => {
    portal.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  if (stopAsked) stop();
} catch (error) {
  log.fatal({ err: error }, 'portal failed to start');
  process.exit(1);
}
