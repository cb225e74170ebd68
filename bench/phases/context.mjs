// What every PostgreSQL block shares: the measured server, its API and store, the ceiling processes a block starts
// and stops, fresh tokens and unique tags. Connections follow the issue: 50 for HTTP, except where the ceiling is
// quoted at another concurrency (keyed writes at 8 like ceiling B, withdrawals at 1 and 32 like ceiling C), and 8
// for lists.

import { fileURLToPath } from 'node:url';
import { settings } from '../lib/config.mjs';
import { startHttpProcess, stopProcess } from '../lib/processes.mjs';

export const script = (path) => fileURLToPath(new URL(path, import.meta.url));

/** A tag unique to one run, for Idempotency-Keys and event ids. */
export const tag = (name, rep) => `${name}-${rep}-${Date.now().toString(36)}`;

export function blockContext(env, { logDir, profileDir }) {
  const procs = {};
  const start = async (name, entry, extra = {}) => {
    if (procs[name]?.child.exitCode === null) return;
    procs[name] = await startHttpProcess({ name, script: entry, healthPath: '/health', logDir, profileDir, ...extra });
  };
  const stop = async (...names) => {
    for (const name of names) {
      if (procs[name]) await stopProcess(procs[name]);
      delete procs[name];
    }
  };
  return {
    env,
    ws: env.workspaces,
    sql: env.sql,
    api: env.api,
    databaseUrl: env.databaseUrl,
    conns: settings.connections,
    /** The measured server, for http() targets. */
    main: () => ({ url: env.server.url, pid: env.server.pid }),
    /** A process this context started, for http() targets. */
    at: (name) => () => ({ url: procs[name].url, pid: procs[name].pid }),
    token: (w) => env.api.token(w),
    start,
    stop,
    stopAll: () => stop(...Object.keys(procs)),
    dbCeilingEnv: { STORE: 'postgres', DATABASE_URL: env.databaseUrl },
  };
}
