// `npm run start:cluster`: several server processes on one port (node:cluster hands each connection to a worker),
// sharing one PostgreSQL database. Every guarantee across processes lives in the database (idempotency keys, the
// write limit, balance updates, job and delivery claims), so the workers need no coordination of their own.
import cluster from 'node:cluster';
import { ConfigError, loadConfig } from './config.js';
import { limits } from './limits.js';
import { resolveLocalSecrets } from './platform/local-secrets.js';

function primary(): void {
  const config = loadConfig(process.env);
  if (config.databaseUrl === undefined) {
    throw new ConfigError(['cluster mode needs DATABASE_URL: the embedded store serves one process']);
  }
  // Generated secrets are written once, here, so that the workers all read the same files instead of racing.
  resolveLocalSecrets(config);
  let stopping = false;
  let lastRestartMs = 0;
  const fork = () => cluster.fork();
  for (let i = 0; i < config.clusterWorkers; i++) fork();

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    process.stderr.write(
      `brokerage cluster: worker ${worker.process.pid} ended (${signal ?? code}); starting another\n`,
    );
    const waitMs = Math.max(0, lastRestartMs + limits.clusterRestartSpacingMs - Date.now());
    lastRestartMs = Date.now() + waitMs;
    setTimeout(fork, waitMs);
  });

  // A stop asks every worker for its own graceful shutdown (in-flight requests, jobs and deliveries finish).
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (cluster.isPrimary) {
  try {
    primary();
  } catch (error) {
    process.stderr.write(`brokerage cluster: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
} else {
  await import('./main.js');
}
