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
const env = {
  ...process.env,
  ...(process.env.BENCH_PG_FAST === '1' ? {} : { POSTGRES_DURABLE: '1' }),
  ...(process.env.BENCH_PG_SOCKET === '1' ? { POSTGRES_SOCKET: '1' } : {}),
};
const child = spawn(command[0], command.slice(1), { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
