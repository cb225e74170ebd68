// Goal (issue 31, "The server follows the primary without a restart"): with several hosts in DATABASE_URL, one
// server process uses only the host that answers as the writable primary, answers 503 while there is none, and
// takes writes on the new primary once a standby is promoted, without being restarted; nothing it acknowledged is
// lost. Method: a primary and its synchronous standby of the test's own (test/support/replicated-postgres.ts); the
// server's DATABASE_URL lists the standby first, so that its first connections reach a standby and must move on.
// Keyed deposits are acknowledged; the primary's postmaster is killed (SIGKILL); the same process answers 503 on
// /health and on a keyed write; the standby is promoted (`pg_ctl promote`, what a failover engine does); then the
// same process answers /health 200, takes a keyed write, replays each acknowledged key and lists every deposit.

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostLabel } from '../../src/storage/postgres-hosts.js';
import { aPartner, approvePayer, call, type Partner } from '../support/e2e-api.js';
import { payer } from '../support/orders.js';
import { type ReplicatedPostgres, startReplicatedPostgres } from '../support/replicated-postgres.js';
import { databaseUrl, type Server, serverProcesses, stop, unthrottled, waitFor } from '../support/server-process.js';
import { canStartPostgres } from '../support/throwaway-postgres.js';

/** Both hosts of the pair in one URL, in the order given. */
function multiHostUrl(first: string, second: string): string {
  const hostOf = (url: string) => new URL(url).host;
  const target = new URL(first);
  return `${target.protocol}//${target.username}@${hostOf(first)},${hostOf(second)}${target.pathname}`;
}

describe.skipIf(!databaseUrl || !canStartPostgres)('a server on several hosts follows the primary', () => {
  const processes = serverProcesses({ dirPrefix: 'brokerage-e2e-follow-', healthTimeoutMs: 60_000 });
  const env = {
    ...unthrottled,
    ADMIN_TOKEN: randomBytes(24).toString('base64url'),
    DATABASE_ACQUIRE_TIMEOUT_MS: '1000',
    DATABASE_STATEMENT_TIMEOUT_MS: '3000',
    // Info: the lines that say where the primary went (storage/postgres-primary.ts) are part of what is tested.
    LOG_LEVEL: 'info',
  };
  let pair: ReplicatedPostgres;
  let server: Server;
  let partner: Partner;

  beforeAll(async () => {
    pair = await startReplicatedPostgres();
    server = await processes.startHealthy(processes.freshDir(), {
      ...env,
      DATABASE_URL: multiHostUrl(pair.standbyUrl, pair.primaryUrl),
    });
    partner = await aPartner(server, 'follows the primary');
    await approvePayer(server, partner);
  }, 120_000);

  afterAll(async () => {
    if (server) await stop(server);
    pair?.remove();
  });

  const deposit = (key: string) =>
    call(server, partner.token, 'POST', '/v1/deposits', { userData: payer, currency: 'EUR', amount: 10 }, key);
  const health = async () => (await fetch(`${server.url}/health`, { signal: AbortSignal.timeout(5_000) })).status;

  it('answers 503 while no host is the primary, then takes writes on the promoted standby, nothing lost', async () => {
    const acknowledged = new Map<string, string>();
    for (let i = 0; i < 5; i++) {
      const key = `before-${i}`;
      const answer = await deposit(key);
      expect(answer.status, answer.text).toBe(201);
      acknowledged.set(key, answer.body.depositId);
    }
    const pid = server.child.pid;

    await pair.killPrimary();
    await waitFor('/health to answer 503', async () => (await health()) === 503, 15_000, 50);
    const during = await deposit('during-the-gap');
    expect(during.status, during.text).toBe(503);
    expect(during.body.error).toBe('OperationError');

    const promotedAt = performance.now();
    await pair.promoteStandby();
    await waitFor('/health to answer 200 on the promoted standby', async () => (await health()) === 200, 15_000, 50);
    let firstWrite: Awaited<ReturnType<typeof deposit>> | undefined;
    await waitFor(
      'a keyed write on the new primary',
      async () => {
        firstWrite = await deposit('after-promotion');
        return firstWrite.status === 201;
      },
      15_000,
      50,
    );
    const toFirstWriteMs = performance.now() - promotedAt;
    console.log(`promotion to the first acknowledged write: ${Math.round(toFirstWriteMs)} ms`);
    expect(server.child.pid, 'the same process').toBe(pid);
    expect(server.child.exitCode).toBeNull();

    // Every acknowledged key replays what it created; the key refused during the gap may be retried.
    for (const [key, depositId] of acknowledged) {
      const replay = await deposit(key);
      expect(replay.status, replay.text).toBe(201);
      expect(replay.body.depositId).toBe(depositId);
    }
    const listed = await call(server, partner.token, 'GET', '/v1/deposits?limit=100');
    expect(listed.status, listed.text).toBe(200);
    const ids = new Set((listed.body as { depositId: string }[]).map((d) => d.depositId));
    for (const depositId of acknowledged.values()) expect(ids.has(depositId), depositId).toBe(true);
    expect(ids.has(firstWrite?.body.depositId)).toBe(true);

    // What an operator reads in the log (docs/deployment.md): the standby passed over at the start, the primary lost,
    // the promoted standby written to.
    const [standby, primary] = [hostLabel(pair.standbyUrl), hostLabel(pair.primaryUrl)];
    // The logger writes in batches (platform/logger.ts): a line may reach stdout up to its flush interval later.
    const said = (text: string) => waitFor(`the log line "${text}"`, () => server.stdout.includes(text), 10_000, 50);
    await said(`database: ${standby} is not the writable primary (not the primary); trying ${primary} first`);
    await said(`database: writing to ${primary}, the writable primary`);
    await said(`database: ${primary} is not the writable primary (its connection lost); trying ${standby} first`);
    await said(`database: writing to ${standby}, the writable primary (was ${primary})`);
  }, 120_000);
});
