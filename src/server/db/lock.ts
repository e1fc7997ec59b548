import fs from 'node:fs';

/**
 * The lock file beside the embedded data directory (mode 0600). Two processes that open one PGlite
 * directory corrupt it, so the owner writes its pid here and, once its socket listens, the address
 * (the Unix socket's directory) where other processes (the CLI, a worker) reach the same database.
 */
export interface LockInfo {
  pid: number;
  url?: string;
}

export interface DataDirLock {
  /** Set when another live process holds the directory. */
  heldBy?: LockInfo;
  publish(url: string): void;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function read(lockPath: string): LockInfo | undefined {
  try {
    return JSON.parse(fs.readFileSync(lockPath, 'utf8')) as LockInfo;
  } catch {
    return undefined;
  }
}

export function acquireDataDirLock(lockPath: string): DataDirLock {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o600);
      fs.writeSync(fd, JSON.stringify({ pid: process.pid } satisfies LockInfo));
      fs.closeSync(fd);
      let released = false;
      return {
        publish(url) {
          fs.writeFileSync(lockPath, JSON.stringify({ pid: process.pid, url } satisfies LockInfo));
        },
        release() {
          if (released) return;
          released = true;
          if (read(lockPath)?.pid === process.pid) fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = read(lockPath);
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) {
        return { heldBy: holder, publish() {}, release() {} };
      }
      // The holder is gone (a crash or a kill -9): the lock is stale.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}
