import { readEnv } from '../server/env';
import { bufferedStdout, createLogger } from '../server/logger';
import { openServices } from '../server/portal';

/**
 * Runs the background jobs alone, for deployments that scale the web servers and the workers
 * apart (start those servers with JOBS=off). Needs DATABASE_URL, or a running portal whose
 * embedded database it joins through the published socket.
 */
const env = readEnv();
const log = createLogger(env.LOG_LEVEL, 'worker', bufferedStdout());

// Listened for from the start, as the portal does (src/server/start.ts): a stop asked for while the
// worker connects and starts its queue waits for that, then closes it cleanly. A second one kills.
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
  const services = await openServices(env, log, 'client');
  await services.jobs.start(services.deps);
  log.info({ database: services.database.mode }, 'worker started');
  stop = () => {
    services.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'worker shutdown failed');
        process.exit(1);
      },
    );
  };
  if (stopAsked) stop();
} catch (error) {
  log.fatal({ err: error }, 'worker failed to start');
  process.exit(1);
}
