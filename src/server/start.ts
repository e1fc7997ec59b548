import { startServerDatabase } from './db/embedded-start';
import { readEnv } from './env';
import { bufferedStdout, createLogger } from './logger';

const env = readEnv();
const log = createLogger(env.LOG_LEVEL, 'portal', bufferedStdout());

try {
  // The embedded database starts on its thread first, while the rest of the server loads.
  const started = env.DATABASE_URL ? undefined : startServerDatabase(env.DATA_DIR, log);
  const { startPortal } = await import('./portal');
  const portal = await startPortal(env, log, started);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      log.info({ signal }, 'shutting down');
      portal.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
} catch (error) {
  log.fatal({ err: error }, 'portal failed to start');
  process.exit(1);
}
