import type { Db } from '../db/client';
import type { Logger } from '../logger';

export interface EmulatorOptions {
  db: Db;
  /** The shared key every call must carry, and that signs the login links. */
  key: string;
  clock: () => Date;
  log: Logger;
}
