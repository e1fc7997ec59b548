import { readEnv } from './env';
import { bufferedStdout, createLogger } from './logger';
import { startPortal } from './portal';

const env = readEnv();
const log = createLogger(env.LOG_LEVEL, 'portal', bufferedStdout());

try {
  const portal = await startPortal(env, log);
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
