// Entry point of `npm run soak` (after the build): with DATABASE_URL set, runs ./run.mjs against that PostgreSQL;
// without it, under scripts/with-postgres.sh with POSTGRES_DURABLE=1 (fsync, synchronous_commit and full_page_writes
// on, as a brokerage runs it; the bench does the same), which starts a throwaway cluster and removes it afterwards.
// The options pass through: `npm run soak -- --duration 10m --rate 100 --interval 30s`.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = fileURLToPath(new URL('./run.mjs', import.meta.url));
const args = process.argv.slice(2);
const command = process.env.DATABASE_URL?.trim()
  ? [process.execPath, run, ...args]
  : ['scripts/with-postgres.sh', process.execPath, run, ...args];

const child = spawn(command[0], command.slice(1), {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, POSTGRES_DURABLE: '1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
