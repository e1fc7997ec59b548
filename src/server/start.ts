import { startServerDatabase } from './db/embedded-start';
import { readEnvOrExit } from './env';
import { bufferedStdout, createLogger } from './logger';
import { stopOnSignal } from './stop-on-signal';

const env = readEnvOrExit();
const log = createLogger(env.LOG_LEVEL, 'portal', bufferedStdout());
const started = stopOnSignal(log, 'shutdown failed');

try {
  // The embedded database starts on its thread first, while the rest of the server loads.
  const database = env.DATABASE_URL ? undefined : startServerDatabase(env.DATA_DIR, log);
  const { startPortal } = await import('./portal');
  const portal = await startPortal(env, log, database);
  started(() => portal.stop());
} catch (error) {
  log.fatal({ err: error }, 'portal failed to start');
  process.exit(1);
}
