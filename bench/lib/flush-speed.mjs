// How fast this machine's disk makes a write durable: the figure that sets a durable commit's floor, so a run on
// a slower disk can be told apart from a slower server (issue #32, item 4). PostgreSQL's own pg_test_fsync, on the
// file system of the cluster's data directory, one second per method; what is kept is its first table (one 8 kB
// write, then the sync), of which fdatasync is Linux's default wal_sync_method. Measured only when the cluster runs
// on this machine; PostgreSQL elsewhere has its own disk.

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The newest pg_test_fsync of Debian's PostgreSQL packages, or undefined. */
function pgTestFsync() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(base, v, 'bin', 'pg_test_fsync')).find((path) => existsSync(path));
}

/** `open_datasync 8089.507 ops/sec 124 usecs/op` lines of the first table, by method. */
export function parseOneWriteTable(output) {
  const table = output.split('Compare file sync methods using one 8kB write:')[1]?.split('\n\n')[0] ?? '';
  const methods = {};
  for (const match of table.matchAll(/^\s+(\w+)\s+([\d.]+) ops\/sec\s+(\d+) usecs\/op/gm)) {
    methods[match[1]] = { opsPerSecond: Number(match[2]), microsecondsPerOp: Number(match[3]) };
  }
  return methods;
}

/**
 * The sync methods' speed for one 8 kB write in `directory`, or `{ skipped: why }`. About 15 s: pg_test_fsync runs
 * every test it has, one second each.
 */
export function flushSpeed({ directory, local }) {
  if (!local) return { skipped: 'PostgreSQL runs on another machine' };
  const binary = pgTestFsync();
  if (binary === undefined) return { skipped: 'pg_test_fsync not installed' };
  const file = join(directory, `bench-pg-test-fsync-${process.pid}.tmp`);
  try {
    const output = execFileSync(binary, ['-s', '1', '-f', file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { directory, oneWrite: parseOneWriteTable(output) };
  } catch (error) {
    return { skipped: `pg_test_fsync failed: ${String(error.message ?? error).split('\n')[0]}` };
  }
}
