import { readEnvOrExit } from '../server/env';
import { bufferedStdout, createLogger } from '../server/logger';
import { openServices } from '../server/portal';
import { stopOnSignal } from '../server/stop-on-signal';

/**
 * Runs the background jobs alone, for deployments that scale the web servers and the workers
 * apart (start those servers with JOBS=off). Needs DATABASE_URL, or a running portal whose
 * embedded database it joins through the published socket.
 */
const env = readEnvOrExit();
const log = createLogger(env.LOG_LEVEL, 'worker', bufferedStdout());
const started = stopOnSignal(log, 'worker shutdown failed');

try {
  const services = await openServices(env, log, 'client');
  await services.jobs.start(services.deps);
  log.info({ database: services.database.mode }, 'worker started');
  started(() => services.close());
} catch (error) {
  log.fatal({ err: error }, 'worker failed to start');
  process.exit(1);
}
