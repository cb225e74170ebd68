// npm run bench: the whole matrix in one run, within about ten minutes on this 2-core machine. Expects
// DATABASE_URL (bench/index.mjs starts a throwaway PostgreSQL when it is unset) and a built dist/.
// Prints a table of medians beside their ceilings and writes bench/results/<timestamp>.json.

import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { settings } from './lib/config.mjs';
import { flushSpeed } from './lib/flush-speed.mjs';
import { runBlock } from './lib/measure.mjs';
import { killStarted, removeTempDirs, root } from './lib/processes.mjs';
import { buildRows, printTable } from './lib/report.mjs';
import { pgliteBlock } from './phases/pglite.mjs';
import { postgresBlocks } from './phases/postgres-blocks.mjs';
import { preparePostgres } from './phases/postgres-setup.mjs';

const started = Date.now();
const stamp = new Date(started).toISOString().replace(/[:.]/g, '-');
const resultsDir = join(root, 'bench', 'results');
const logDir = join(resultsDir, `logs-${stamp}.tmp`);
const profileDir = settings.cpuProfile ? join(resultsDir, `profiles-${stamp}.tmp`) : undefined;
mkdirSync(logDir, { recursive: true });
const log = (line) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

const databaseUrl = process.env.DATABASE_URL?.trim();
if (!databaseUrl) {
  console.error('bench/run.mjs needs DATABASE_URL: run `npm run bench`, which starts a PostgreSQL when it is unset');
  process.exit(2);
}

const results = {
  startedAt: new Date(started).toISOString(),
  command: 'npm run bench',
  settings,
  machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryBytes: totalmem(), node: process.version },
  git: gitDescribe(),
  measurements: {},
  checks: {},
};

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    killStarted();
    process.exit(130);
  });
}

let pg;
try {
  log(`bench ${settings.quick ? '(quick) ' : ''}: ${settings.repetitions} x ${settings.durationS} s per measurement`);
  pg = await preparePostgres({ databaseUrl, logDir, profileDir, log });
  results.postgres = await postgresFacts(pg.sql);
  results.machine.flush = await measureFlush(pg.sql, databaseUrl);
  const fdatasync = results.machine.flush.oneWrite?.fdatasync;
  log(
    fdatasync
      ? `disk: fdatasync of one 8 kB write ${fdatasync.microsecondsPerOp} µs (${fdatasync.opsPerSecond.toFixed(0)}/s), pg_test_fsync`
      : `disk: not measured (${results.machine.flush.skipped ?? 'no fdatasync line'})`,
  );
  results.seed = { orders: settings.seededOrders, seconds: pg.seed.seconds };
  const { blocks, stopAll } = postgresBlocks(pg, { logDir, profileDir, log });
  try {
    // A block with runAll (start-up) is not a round of load measurements and runs itself.
    for (const block of blocks) await (block.runAll ? block.runAll(results) : runBlock(block, results, log));
  } finally {
    await stopAll();
    await pg.close();
  }
  await runBlock(pgliteBlock({ logDir, profileDir, log }), results, log);
} catch (error) {
  killStarted();
  console.error(error);
  process.exitCode = 1;
} finally {
  removeTempDirs();
  // The server's stderr is kept only when something went wrong or when asked for.
  if (!settings.keepLogs && !process.exitCode) rmSync(logDir, { recursive: true, force: true });
}

results.elapsedSeconds = (Date.now() - started) / 1000;
const table = buildRows(results);
results.table = table;
const file = join(resultsDir, `${stamp}${settings.quick ? '-quick' : ''}.json`);
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
console.log('');
printTable(table);
console.log(`\nmedians of ${settings.repetitions} run(s) of ${settings.durationS} s; results in ${file}`);
log('done');

function gitDescribe() {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src', 'migrations'], {
      cwd: root,
      encoding: 'utf8',
    });
    return { commit, sourceChanges: dirty.trim() !== '' };
  } catch {
    return undefined;
  }
}

/** pg_test_fsync on the data directory's file system, when the cluster runs here (lib/flush-speed.mjs). */
async function measureFlush(sql, url) {
  const [{ data_directory: directory }] = await sql`select current_setting('data_directory') as data_directory`;
  const { hostname, searchParams } = new URL(url);
  const local = ['127.0.0.1', 'localhost', '::1', '[::1]', ''].includes(hostname) || searchParams.has('host');
  return flushSpeed({ directory, local });
}

async function postgresFacts(sql) {
  const rows = await sql`select name, setting from pg_settings
    where name in ('server_version', 'fsync', 'synchronous_commit', 'full_page_writes', 'shared_buffers',
      'max_connections', 'unix_socket_directories', 'commit_delay', 'commit_siblings', 'wal_sync_method')`;
  return Object.fromEntries(rows.map((r) => [r.name, r.setting]));
}
