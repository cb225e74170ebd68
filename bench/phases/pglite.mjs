// The embedded store: only its ceilings and deposits (the matrix). The server and the ceilings each open
// their own PGlite directory; PGlite runs one query at a time inside its process, so ceiling B is serial here. The
// deposits use 50 HTTP connections: the store's serial execution is inside the server, and one connection would
// measure a round trip's latency rather than what the server can take.

import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Api } from '../lib/api.mjs';
import { settings } from '../lib/config.mjs';
import { child, http } from '../lib/measure.mjs';
import { startHttpProcess, stopProcess, tempDir } from '../lib/processes.mjs';

const script = (path) => fileURLToPath(new URL(path, import.meta.url));

export function pgliteBlock({ logDir, profileDir, log }) {
  const procs = {};
  let partner;
  let api;
  let ceilingBDir;
  const target = (name) => () => ({ url: procs[name].url, pid: procs[name].pid });
  return {
    id: 'pglite',
    title: 'Embedded store (PGlite): serial inserts (B), insert route (D), keyed deposits',
    setup: async () => {
      const adminToken = randomBytes(24).toString('hex');
      procs.server = await startHttpProcess({
        name: 'server-pglite',
        script: settings.serverScript,
        env: {
          DATA_DIR: tempDir('pglite'),
          ADMIN_TOKEN: adminToken,
          SECRETS_KEY: randomBytes(32).toString('hex'),
          ...(settings.serverNodeOptions ? { NODE_OPTIONS: settings.serverNodeOptions } : {}),
        },
        healthPath: '/health',
        logDir,
        profileDir,
      });
      procs.ceiling = await startHttpProcess({
        name: 'ceiling-d-pglite',
        script: script('../ceilings/fastify-db.mjs'),
        env: { STORE: 'pglite', DATA_DIR: tempDir('pglite-d') },
        healthPath: '/health',
        logDir,
      });
      // One directory for every ceiling B run: PGlite's first open (its initdb) takes seconds, a reopen does not.
      ceilingBDir = tempDir('pglite-b');
      api = new Api(procs.server.url, adminToken);
      partner = await api.benchWorkspace('bench pglite');
      await api.approvePayer(partner);
      log('  (PGlite server and ceiling D ready)');
    },
    teardown: async () => {
      for (const p of Object.values(procs)) await stopProcess(p);
    },
    measurements: [
      child({
        id: 'B-insert-pglite',
        label: 'B: BEGIN+INSERT+COMMIT on PGlite (serial)',
        script: script('../ceilings/sql-insert.mjs'),
        connections: 1,
        spec: async () => ({ store: 'pglite', dataDir: ceilingBDir, concurrency: 1 }),
      }),
      http({
        id: 'D-insert-pglite',
        label: 'D: Fastify validate + insert on PGlite',
        target: target('ceiling'),
        builder: 'rowInsert',
        connections: settings.connections.http,
        expect: [201],
        params: async (rep) => ({ tag: `row-pglite-${rep}-${Date.now().toString(36)}` }),
      }),
      http({
        id: 'deposits-pglite',
        label: 'POST /v1/deposits on PGlite (Idempotency-Key)',
        target: target('server'),
        builder: 'deposit',
        connections: settings.connections.http,
        expect: [201],
        params: async (rep) => ({
          token: await api.token(partner),
          tag: `dep-pglite-${rep}-${Date.now().toString(36)}`,
        }),
      }),
    ],
  };
}
