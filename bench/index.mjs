// Entry point of `npm run bench` (after `npm run build`): with DATABASE_URL set, runs bench/run.mjs against that
// PostgreSQL; without it, under scripts/with-postgres.sh, which starts a throwaway PostgreSQL from Debian's
// packages (installing them when absent) and removes it afterwards.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = fileURLToPath(new URL('./run.mjs', import.meta.url));
const command = process.env.DATABASE_URL?.trim()
  ? [process.execPath, run]
  : ['scripts/with-postgres.sh', process.execPath, run];

// PostgreSQL as a brokerage runs it (fsync, synchronous_commit and full_page_writes on) unless BENCH_PG_FAST=1;
// BENCH_PG_SOCKET=1 connects the server and the ceilings over the cluster's Unix-domain socket.
// BENCH_PG_FLUSH_DELAY_US=N stands in for a disk whose flush is slower by N µs: PostgreSQL's commit_delay, with
// commit_siblings 0, makes every WAL flush a commit asks for wait N µs while it holds the WAL write lock, so other
// commits queue behind it as they would behind a slow fsync (the throwaway cluster only).
const flushDelayUs = process.env.BENCH_PG_FLUSH_DELAY_US?.trim();
if (flushDelayUs && !(/^\d+$/.test(flushDelayUs) && Number(flushDelayUs) <= 100_000)) {
  console.error("BENCH_PG_FLUSH_DELAY_US is microseconds, 0 to 100000 (PostgreSQL's commit_delay)");
  process.exit(2);
}
const flushDelayOptions = flushDelayUs ? ` -c commit_delay=${flushDelayUs} -c commit_siblings=0` : '';
const env = {
  ...process.env,
  ...(process.env.BENCH_PG_FAST === '1' ? {} : { POSTGRES_DURABLE: '1' }),
  ...(process.env.BENCH_PG_SOCKET === '1' ? { POSTGRES_SOCKET: '1' } : {}),
  ...(flushDelayOptions ? { POSTGRES_OPTIONS: `${process.env.POSTGRES_OPTIONS ?? ''}${flushDelayOptions}` } : {}),
};
const child = spawn(command[0], command.slice(1), { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
