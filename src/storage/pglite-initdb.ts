import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// A new PGlite directory is made by initdb, which PGlite runs in a second PostgreSQL instance and an initdb
// WebAssembly module of their own. Their memories (about 430 MiB) stay reachable after both close, so a server that
// created its directory held about 630 MiB of WebAssembly memory for its life, against 140 MiB for one that opened an
// existing directory. initdb therefore runs in a short-lived child process, and the server opens the directory it made
// like any other. A worker thread was tried first: its memory was released but not given back to the system (about
// 210 MiB of resident memory stayed); a process's is.

/** The child: creates the database in the directory with the server's start parameters, then closes it. */
const childSource = `
const [pgliteUrl, dataDir, startParams] = JSON.parse(process.argv[1]);
const { PGlite } = await import(pgliteUrl);
const pg = await PGlite.create({ dataDir, startParams });
await pg.close();
`;

/** Whether `dataDir` holds no PostgreSQL database yet (PGlite keeps PGDATA there itself). */
export const needsInitdb = (dataDir: string): boolean => !existsSync(join(dataDir, 'PG_VERSION'));

/** Runs initdb for `dataDir` in a child process and waits until it has ended; throws with its output if it failed. */
export function initdbInChild(dataDir: string, startParams: readonly string[]): Promise<void> {
  const pgliteUrl = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', childSource, JSON.stringify([pgliteUrl, dataDir, startParams])],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      const how = signal ?? `exit code ${code}`;
      if (code === 0) resolve();
      else reject(new Error(`PGlite's initdb of ${dataDir} failed (${how}): ${stderr.trim()}`));
    });
  });
}
