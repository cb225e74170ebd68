// Goal: when the primary PostgreSQL dies, an operator who promotes its synchronous standby and points the server at
// it loses nothing the server acknowledged. Method: two clusters of the test's own
// (test/support/replicated-postgres.ts), the standby streaming from the primary with synchronous replication (a
// commit returns once the standby has flushed it). A server process on the primary takes keyed deposits, withdrawals
// (after funding) and orders from several concurrent clients chosen by a seeded generator, and every acknowledged
// write (a 201 with its id) is recorded with its key. The primary's postmaster is killed (SIGKILL) mid-load; the
// server is stopped, the standby promoted (`pg_ctl promote`) and the server started again with DATABASE_URL naming
// the standby: the operator's procedure (docs/reliability.md, "Failover to a standby"). Then: every acknowledged
// write is readable; every key, sent again, names the resource it named before (and no two keys one resource); the
// workspace holds no resource that no key names; the ledger verifies; new writes succeed. FAILOVER_SEED and
// FAILOVER_CLIENTS vary the run; the figures go to the test's output.

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPartner, approvePayer, call, depositAndSimulate, type Partner } from '../support/e2e-api.js';
import { FailoverDrill, withdrawalBody } from '../support/failover-drill.js';
import { payer, pixOrderBody } from '../support/orders.js';
import { type ReplicatedPostgres, startReplicatedPostgres } from '../support/replicated-postgres.js';
import { databaseUrl, type Server, serverProcesses, sleep, stop, unthrottled } from '../support/server-process.js';
import { canStartPostgres } from '../support/throwaway-postgres.js';

const seed = Number(process.env.FAILOVER_SEED ?? 20_261_126);
const clients = Number(process.env.FAILOVER_CLIENTS ?? 6);
const funding = 100_000;

describe.skipIf(!databaseUrl || !canStartPostgres)('failover to a synchronous standby', () => {
  const processes = serverProcesses({ dirPrefix: 'brokerage-e2e-failover-', healthTimeoutMs: 60_000 });
  const env = {
    ...unthrottled,
    ADMIN_TOKEN: randomBytes(24).toString('base64url'),
    SANDBOX_SETTLE_DELAY_MS: '200',
    DATABASE_ACQUIRE_TIMEOUT_MS: '2000',
    DATABASE_STATEMENT_TIMEOUT_MS: '3000',
    // Unacknowledged orders are sent again after the failover: their quotes must still be good.
    QUOTE_TTL_SECONDS: '600',
    LOG_LEVEL: 'warn',
  };
  let pair: ReplicatedPostgres;
  let dataDir: string;
  let server: Server;
  let partner: Partner;

  beforeAll(async () => {
    pair = await startReplicatedPostgres();
    dataDir = processes.freshDir();
    server = await processes.startHealthy(dataDir, { ...env, DATABASE_URL: pair.primaryUrl });
    partner = await aPartner(server, 'failover drill');
    await approvePayer(server, partner);
    await depositAndSimulate(server, partner, funding);
    // The balance is credited by the simulated transfer's job.
    for (let i = 0; i < 50; i++) {
      const balances = await call(server, partner.token, 'GET', '/v1/balances?currency=EUR');
      if (balances.body?.balances?.[0]?.available === funding) break;
      await sleep(200);
    }
  }, 120_000);

  afterAll(() => pair?.remove());

  it('keeps every acknowledged write, one resource per key, and the ledger, through promotion', async () => {
    expect(await pair.standbySyncState(), `commits wait for the standby\n${pair.logs()}`).toBe('sync');
    const drill = new FailoverDrill(() => server, partner, seed, 'standby');
    drill.start(clients);
    await sleep(drill.between(2_500, 3_500));
    const inFlightAtKill = drill.writes.filter((w) => w.status === undefined).length;
    const killedAt = performance.now();
    await pair.killPrimary();
    // The server answers on a dead database for a while (503s), as it would until an operator acts.
    await sleep(1_500);
    await drill.stop();

    // The operator's procedure: stop the server, promote the standby, start the server on it.
    const stopStarted = performance.now();
    await stop(server);
    const stopMs = performance.now() - stopStarted;
    const promoteMs = await pair.promoteStandby();
    const restartStarted = performance.now();
    server = await processes.startHealthy(dataDir, { ...env, DATABASE_URL: pair.standbyUrl }, 'server on the standby');
    const restartMs = performance.now() - restartStarted;

    const afterKill = drill.answersBetween(killedAt, Number.POSITIVE_INFINITY);
    expect(drill.writes.filter((w) => w.acknowledgedId !== undefined).length, 'writes acknowledged').toBeGreaterThan(
      20,
    );
    expect((afterKill['5xx'] ?? 0) + (afterKill['no answer'] ?? 0), 'writes refused after the kill').toBeGreaterThan(0);
    const figures = await drill.verify({ deposits: 1 });

    // And the promoted standby takes new writes.
    const after = `after-${seed}`;
    const deposit = await drill.post('/v1/deposits', { userData: payer, currency: 'EUR', amount: 12 }, `${after}-d`);
    const withdrawal = await drill.post('/v1/withdrawals', withdrawalBody, `${after}-w`);
    const quote = await drill.post('/v1/quotes', {
      originCurrency: 'EUR',
      destinationCurrency: 'BRL',
      originAmount: 100,
    });
    const order = await drill.post('/v1/orders', pixOrderBody(quote.body?.quoteId as string), `${after}-o`);
    const news = [deposit, withdrawal, order];
    expect(
      news.map((a) => a.status),
      JSON.stringify(news.map((a) => a.body)),
    ).toEqual([201, 201, 201]);
    const balance = await call(server, partner.token, 'GET', '/v1/balances?currency=EUR');
    expect(balance.body.balances[0].available).toBeGreaterThanOrEqual(0);

    console.info(
      JSON.stringify({
        seed,
        clients,
        ...figures,
        inFlightAtKill,
        answersAfterKill: afterKill,
        serverStopMs: Math.round(stopMs),
        promoteMs: Math.round(promoteMs),
        serverOnStandbyMs: Math.round(restartMs),
      }),
    );
  }, 180_000);
});
