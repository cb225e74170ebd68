// What the PostgreSQL phase prepares before anything is measured, all through the API except the bulk seed:
// a setup server (sandbox settlement at once) creates the bench workspaces, approves their payer, funds the hot
// balances and places the template order; the list workspace gets its million orders by SQL; then the measured
// server starts with settlement deferred past the end of the run (SANDBOX_SETTLE_DELAY_MS=600000), so that payout
// jobs of the withdrawals never run inside another scenario's measurement.

import { randomBytes } from 'node:crypto';
import { dropSchema, resetHot, schema, seedRows } from '../ceilings/sql.mjs';
import { Api } from '../lib/api.mjs';
import { settings } from '../lib/config.mjs';
import { postgresJs } from '../lib/postgres-js.mjs';
import { freePort, startHttpProcess, stopProcess, tempDir } from '../lib/processes.mjs';
import { seedOrders } from '../scenarios/seed-orders.mjs';

/** Rows in the ceiling D table, and how many of their ids (and of the seeded orders') the read runs draw from. */
const sampleSize = 1000;

export const withdrawalFunding = { hot: 200_000, drain: 200 };

export async function preparePostgres({ databaseUrl, logDir, profileDir, log }) {
  const sql = postgresJs(databaseUrl, { max: 2, onnotice: () => {} });
  const dataDir = tempDir('pg');
  const adminToken = randomBytes(24).toString('hex');
  const secretsKey = randomBytes(32).toString('hex');
  const webhookPort = await freePort();
  const serverEnv = (extra) => ({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    ADMIN_TOKEN: adminToken,
    SECRETS_KEY: secretsKey,
    WEBHOOK_ALLOW_INSECURE: '1',
    QUOTE_TTL_SECONDS: '3600',
    SANDBOX_SETTLE_DELAY_MS: '600000',
    ...(settings.serverNodeOptions ? { NODE_OPTIONS: settings.serverNodeOptions } : {}),
    ...extra,
  });

  // The ceilings' own tables, beside the server's, seeded as large as the order table they are compared with.
  await sql.unsafe(dropSchema);
  await sql.unsafe(schema);
  await sql.unsafe(seedRows(settings.seededOrders));
  await sql.unsafe('vacuum analyze bench.rows');
  await sql.unsafe(resetHot);
  const rowIds = (await sql`select id from bench.rows tablesample bernoulli (5) limit ${sampleSize}`).map((r) => r.id);

  log('starting the setup server (settlement at once)');
  const setupServer = await startHttpProcess({
    name: 'server-setup',
    script: settings.serverScript,
    env: serverEnv({ SANDBOX_SETTLE_DELAY_MS: '0', LOG_LEVEL: 'warn' }),
    healthPath: '/health',
    logDir,
  });
  const setupApi = new Api(setupServer.url, adminToken);
  const workspaces = {};
  for (const name of ['main', 'hot', 'drain', 'list', 'webhooks']) {
    workspaces[name] = await setupApi.benchWorkspace(`bench ${name}`);
    await setupApi.approvePayer(workspaces[name]);
  }
  // EUR deposits are capped at 100,000 each: the hot balance takes two.
  await setupApi.fund(workspaces.hot, 100_000);
  await setupApi.fund(workspaces.hot, 100_000);
  await setupApi.fund(workspaces.drain, withdrawalFunding.drain);
  const template = await setupApi.placeOrder(workspaces.list);
  // The lag run's receiver listens on this port (a child process started per run).
  await setupApi.registerWebhook(workspaces.webhooks, `http://127.0.0.1:${webhookPort}/hooks`);
  await stopProcess(setupServer);

  log(`seeding ${settings.seededOrders.toLocaleString('en')} orders into the list workspace`);
  // Copies of the template order, so in its workspace.
  const seed = await seedOrders(sql, {
    templateOrderId: template.orderId,
    count: settings.seededOrders,
    batch: 100_000,
    log: (line) => log(`  ${line}`),
  });
  const orderIds = (
    await sql`select id from orders tablesample bernoulli (1) where workspace_id = ${workspaces.list.workspaceId}
      limit ${sampleSize}`
  ).map((r) => r.id);

  log('starting the measured server');
  const server = await startHttpProcess({
    name: 'server-pg',
    script: settings.serverScript,
    env: serverEnv({}),
    healthPath: '/health',
    logDir,
    profileDir,
  });
  const api = new Api(server.url, adminToken);
  for (const w of Object.values(workspaces)) w.api = api;

  return {
    databaseUrl,
    sql,
    server,
    api,
    adminToken,
    serverEnv,
    workspaces,
    rowIds,
    orderIds,
    seed,
    webhookPort,
    /** Waits until the dispatcher has fanned out and sent everything committed so far (and no job is due). */
    async quiesce() {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const [{ n }] = await sql`select
          (select count(*) from outbox_events where fanned_out_at_ms is null)
          + (select count(*) from webhook_deliveries where state in ('pending', 'sending'))
          + (select count(*) from jobs where done_at_ms is null and run_at_ms <= ${Date.now()}) as n`;
        if (Number(n) === 0) return;
        if (Date.now() > deadline) {
          log(`  (backlog of ${n} still there after 60 s; measuring anyway)`);
          return;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async close() {
      await stopProcess(server);
      await sql.end({ timeout: 5 });
    },
  };
}
