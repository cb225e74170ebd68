import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirInUseError extends Error {}

/**
 * PGlite serves one process: a second server on the same DATA_DIR would corrupt it. The lock is a pid file; a file
 * left by a process that died (kill -9) names a pid that no longer runs, and is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'server.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx', mode: 0o600 });
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
        throw new DataDirInUseError(
          `DATA_DIR ${dataDir} is in use by server process ${holder}. The embedded store serves one process: stop that ` +
            'server, choose another DATA_DIR, or set DATABASE_URL to run several processes on PostgreSQL.',
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new DataDirInUseError(`could not lock DATA_DIR ${dataDir}: another process is starting on it`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
