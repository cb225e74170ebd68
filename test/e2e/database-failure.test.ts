// Goal: when PostgreSQL fails under load, the server neither dies nor hangs, and loses or doubles nothing. Method:
// a server process on a durable PostgreSQL of the test's own takes a steady stream of keyed deposits, keyed
// withdrawals (some sent again with their key) and reads from several concurrent clients, chosen by a seeded
// generator, while the database is restarted immediately (`pg_ctl restart -m immediate`, once kept down for a
// while) and has every connection terminated (`pg_terminate_backend`), several times each. Then: the process is
// up; every answer was a 2xx, a typed 4xx or a typed 503 within the bound; each key names at most one resource
// (every key is sent once more and the resources it answers are exactly the workspace's); every acknowledged write
// is readable; the ledger verifies; the first write after each recovery succeeds within a few seconds.
// DRILL_SEED, DRILL_FAULTS and DRILL_CLIENTS vary the run; the figures go to the test's output.

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seeded } from '../../bench/lib/seeded.mjs';
import {
  aPartner,
  approvePayer,
  call,
  depositAndSimulate,
  expectLedgerConsistent,
  type Partner,
} from '../support/e2e-api.js';

import { payer } from '../support/orders.js';
import { databaseUrl, type Server, serverProcesses, sleep, unthrottled } from '../support/server-process.js';
import { canStartPostgres, startThrowawayPostgres, type ThrowawayPostgres } from '../support/throwaway-postgres.js';

const seed = Number(process.env.DRILL_SEED ?? 20_261_125);
const faultsPerKind = Number(process.env.DRILL_FAULTS ?? 3);
const clients = Number(process.env.DRILL_CLIENTS ?? 6);
/** What a request may take at most, database away or not: the driver's bounds (below) plus a margin. */
const answerBoundMs = 8_000;
const errorTypes = new Set([
  'ValidationError',
  'ExistenceError',
  'StateError',
  'DuplicityError',
  'AuthorizationError',
  'AllowanceError',
  'FundsError',
  'ExternalServiceError',
  'OperationError',
]);

const sepa = {
  type: 'SEPA',
  destinationName: 'Ana Silva',
  iban: 'DE89370400440532013000',
  country: 'DE',
  city: 'Berlin',
  postalCode: '10115',
};

interface Sent {
  readonly path: '/v1/deposits' | '/v1/withdrawals';
  readonly key: string;
  readonly body: Record<string, unknown>;
}

interface Outcome {
  readonly what: string;
  readonly status: number | 'no answer';
  readonly errorType: string | undefined;
  readonly ms: number;
  readonly resourceId: string | undefined;
}

describe.skipIf(!databaseUrl || !canStartPostgres)('the database fails under load', () => {
  const processes = serverProcesses({ dirPrefix: 'brokerage-e2e-dbfail-', healthTimeoutMs: 60_000 });
  let database: ThrowawayPostgres;
  let server: Server;
  let partner: Partner;
  const random = seeded(seed);
  const sent: Sent[] = [];
  const outcomes: Outcome[] = [];
  const recoveries: number[] = [];
  const faults: string[] = [];

  beforeAll(async () => {
    database = await startThrowawayPostgres({ fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' });
    server = await processes.startHealthy(processes.freshDir(), {
      ...unthrottled,
      DATABASE_URL: database.url,
      ADMIN_TOKEN: randomBytes(24).toString('base64url'),
      SANDBOX_SETTLE_DELAY_MS: '200',
      DATABASE_ACQUIRE_TIMEOUT_MS: '2000',
      DATABASE_STATEMENT_TIMEOUT_MS: '3000',
      LOG_LEVEL: 'warn',
    });
    partner = await aPartner(server, 'database drill');
    await approvePayer(server, partner);
    await depositAndSimulate(server, partner, 100_000);
    // The balance is credited by the simulated transfer's job.
    for (let i = 0; i < 50; i++) {
      const balances = await call(server, partner.token, 'GET', '/v1/balances?currency=EUR');
      if (balances.body?.balances?.[0]?.available === 100_000) break;
      await sleep(200);
    }
  }, 120_000);

  afterAll(() => database?.remove());

  /** One request, timed, with a client-side limit well past the bound so that a hang shows as "no answer". */
  async function timed(what: string, run: () => Promise<{ status: number; body: unknown }>): Promise<Outcome> {
    const started = performance.now();
    let outcome: Outcome;
    try {
      const answer = await run();
      const body = answer.body as Record<string, unknown> | undefined;
      outcome = {
        what,
        status: answer.status,
        errorType: typeof body?.error === 'string' ? body.error : undefined,
        ms: performance.now() - started,
        resourceId: (body?.depositId ?? body?.withdrawalId) as string | undefined,
      };
    } catch {
      outcome = {
        what,
        status: 'no answer',
        errorType: undefined,
        ms: performance.now() - started,
        resourceId: undefined,
      };
    }
    outcomes.push(outcome);
    return outcome;
  }

  const withLimit = async (path: string, init: RequestInit) => {
    const response = await fetch(`${server.url}${path}`, {
      ...init,
      signal: AbortSignal.timeout(answerBoundMs + 7_000),
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, body };
  };

  const headers = (key?: string) => ({
    authorization: `Bearer ${partner.token}`,
    'content-type': 'application/json',
    ...(key === undefined ? {} : { 'idempotency-key': key }),
  });

  const send = (write: Sent) =>
    timed(write.path, () =>
      withLimit(write.path, { method: 'POST', headers: headers(write.key), body: JSON.stringify(write.body) }),
    );

  /** One client of the steady stream: a keyed write, a write sent again with its key, or a read. */
  async function client(until: () => boolean): Promise<void> {
    while (!until()) {
      const roll = random();
      if (roll < 0.1 && sent.length > 0) {
        await send(sent[Math.floor(random() * sent.length)] as Sent);
      } else if (roll < 0.45) {
        const write: Sent = {
          path: '/v1/deposits',
          key: `dep-${seed}-${sent.length}`,
          body: { userData: payer, currency: 'EUR', amount: 10 + (sent.length % 7) },
        };
        sent.push(write);
        await send(write);
      } else if (roll < 0.75) {
        const write: Sent = {
          path: '/v1/withdrawals',
          key: `wdr-${seed}-${sent.length}`,
          body: { currency: 'EUR', amount: 1, destinationTransferData: sepa },
        };
        sent.push(write);
        await send(write);
      } else {
        await timed('GET /v1/balances', () => withLimit('/v1/balances?currency=EUR', { headers: headers() }));
      }
    }
  }

  /** Writes until one succeeds; how long that took after the database was back. */
  async function firstWriteAfterRecovery(): Promise<number> {
    const started = performance.now();
    for (;;) {
      const write: Sent = {
        path: '/v1/deposits',
        key: `rec-${seed}-${sent.length}`,
        body: { userData: payer, currency: 'EUR', amount: 5 },
      };
      sent.push(write);
      const outcome = await send(write);
      if (outcome.status === 201) return performance.now() - started;
      if (performance.now() - started > 30_000) throw new Error('no write succeeded within 30 s of recovery');
      await sleep(50);
    }
  }

  it('keeps answering, typed and in time, through immediate restarts and terminated connections', async () => {
    const kinds = Array.from({ length: faultsPerKind * 2 }, (_, i) => (i % 2 === 0 ? 'restart' : 'terminate'));
    for (const [i, kind] of kinds.entries()) {
      let stop = false;
      const load = Array.from({ length: clients }, () => client(() => stop));
      await sleep(300 + Math.floor(random() * 700));
      if (kind === 'restart') {
        // The first restart keeps the database down for a while: requests must fail fast, not queue.
        const downMs = i === 0 ? 3_000 : Math.floor(random() * 500);
        faults.push(`restart (down ${downMs} ms)`);
        await database.restartImmediate(downMs);
      } else {
        faults.push(`terminate (${await database.terminateConnections()} connections)`);
      }
      recoveries.push(await firstWriteAfterRecovery());
      await sleep(500);
      stop = true;
      await Promise.all(load);
      expect(server.child.exitCode, server.stderr).toBeNull();
    }

    const byClass = new Map<string, number>();
    for (const o of outcomes) {
      const name = o.status === 'no answer' ? 'no answer' : `${o.status} ${o.errorType ?? ''}`.trim();
      byClass.set(name, (byClass.get(name) ?? 0) + 1);
    }
    const slowest = Math.max(...outcomes.map((o) => o.ms));
    console.info(
      JSON.stringify({
        seed,
        faults,
        answers: outcomes.length,
        byClass: Object.fromEntries([...byClass].sort()),
        slowestMs: Math.round(slowest),
        recoveryMs: recoveries.map(Math.round),
      }),
    );

    expect(server.child.exitCode, server.stderr).toBeNull();
    const untyped = outcomes.filter(
      (o) =>
        o.status === 'no answer' ||
        o.status >= 500 !== (o.status === 503) ||
        (o.status >= 400 && !errorTypes.has(o.errorType ?? '')) ||
        (o.status === 503 && o.errorType !== 'OperationError' && o.errorType !== 'ExternalServiceError'),
    );
    expect(untyped, 'answers that are neither 2xx, a typed 4xx nor a typed 503').toEqual([]);
    expect(outcomes.filter((o) => o.ms > answerBoundMs).map((o) => [o.what, o.status, Math.round(o.ms)])).toEqual([]);
    expect(Math.max(...recoveries)).toBeLessThan(10_000);
  }, 600_000);

  it('leaves one resource per key, every acknowledged write readable, and a consistent ledger', async () => {
    // Sent once more, every key answers its resource (a completed key replays), 409 (a consumed key), or a new
    // resource (a key whose attempts wrote nothing). The resources so named are exactly the workspace's.
    const named = { '/v1/deposits': new Set<string>(), '/v1/withdrawals': new Set<string>() };
    for (const write of sent) {
      const again = await send(write);
      expect([201, 409], JSON.stringify(again)).toContain(again.status);
      if (again.resourceId !== undefined) {
        expect(named[write.path].has(again.resourceId), `two keys answer ${again.resourceId}`).toBe(false);
        named[write.path].add(again.resourceId);
      }
    }
    const acknowledged = outcomes.filter((o) => o.status === 201 && o.resourceId !== undefined);
    for (const o of acknowledged) {
      const path = o.what as keyof typeof named;
      expect(named[path].has(o.resourceId as string), `${o.resourceId} acknowledged but no key answers it`).toBe(true);
    }
    const listed = async (path: string) => {
      const ids = new Set<string>();
      for (let page = 0; ; page++) {
        const answer = await call(server, partner.token, 'GET', `${path}?limit=100&page=${page}`);
        expect(answer.status, answer.text).toBe(200);
        for (const item of answer.body as Record<string, string>[])
          ids.add((item.depositId ?? item.withdrawalId) as string);
        if ((answer.body as unknown[]).length < 100) return ids;
      }
    };
    const deposits = await listed('/v1/deposits');
    const setupDeposits = [...deposits].filter((id) => !named['/v1/deposits'].has(id));
    expect(setupDeposits.length, 'deposits no key answers (the setup made one)').toBe(1);
    expect([...(await listed('/v1/withdrawals'))].sort()).toEqual([...named['/v1/withdrawals']].sort());
    await expectLedgerConsistent(server);
    const balance = await call(server, partner.token, 'GET', '/v1/balances?currency=EUR');
    expect(balance.body.balances[0].available).toBeGreaterThanOrEqual(0);
  }, 300_000);
});
