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
import { seeded } from '../../bench/lib/seeded.mjs';
import {
  aPartner,
  approvePayer,
  call,
  depositAndSimulate,
  expectLedgerConsistent,
  type Partner,
} from '../support/e2e-api.js';

import { payer, pixOrderBody } from '../support/orders.js';
import { type ReplicatedPostgres, startReplicatedPostgres } from '../support/replicated-postgres.js';
import { databaseUrl, type Server, serverProcesses, sleep, stop, unthrottled } from '../support/server-process.js';
import { canStartPostgres } from '../support/throwaway-postgres.js';

const seed = Number(process.env.FAILOVER_SEED ?? 20_261_126);
const clients = Number(process.env.FAILOVER_CLIENTS ?? 6);
const funding = 100_000;
const quoteBody = { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 100 };

const sepa = {
  type: 'SEPA',
  destinationName: 'Ana Silva',
  iban: 'DE89370400440532013000',
  country: 'DE',
  city: 'Berlin',
  postalCode: '10115',
};

const withdrawalBody = { currency: 'EUR', amount: 1, destinationTransferData: sepa };

const kinds = ['deposits', 'withdrawals', 'orders'] as const;
type Kind = (typeof kinds)[number];
const idField = { deposits: 'depositId', withdrawals: 'withdrawalId', orders: 'orderId' } as const;

/** A keyed write as sent, and what its first answer said. */
interface Write {
  readonly kind: Kind;
  readonly key: string;
  readonly body: Record<string, unknown>;
  /** Undefined while in flight. */
  status: number | 'no answer' | undefined;
  /** Set when the answer was a 201: the write was acknowledged. */
  acknowledgedId: string | undefined;
  answeredAfterKill: boolean;
}

describe.skipIf(!databaseUrl || !canStartPostgres)('failover to a synchronous standby', () => {
  const processes = serverProcesses({ dirPrefix: 'brokerage-e2e-failover-', healthTimeoutMs: 60_000 });
  const random = seeded(seed);
  const writes: Write[] = [];
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
  let killed = false;

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

  const post = async (path: string, body: unknown, key?: string) => {
    try {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${partner.token}`,
          'content-type': 'application/json',
          ...(key === undefined ? {} : { 'idempotency-key': key }),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
    } catch {
      return { status: 'no answer' as const, body: undefined };
    }
  };

  async function send(write: Write): Promise<void> {
    writes.push(write);
    const answer = await post(`/v1/${write.kind}`, write.body, write.key);
    write.status = answer.status;
    write.answeredAfterKill = killed;
    if (answer.status === 201) write.acknowledgedId = answer.body?.[idField[write.kind]] as string;
    // A failing database answers at once: pause, so that the outage adds few keys to check.
    else await sleep(100);
  }

  const aWrite = (kind: Kind, body: Record<string, unknown>): Write => ({
    kind,
    key: `${kind}-${seed}-${writes.length}`,
    body,
    status: undefined,
    acknowledgedId: undefined,
    answeredAfterKill: false,
  });

  /** One client: a keyed deposit, a keyed withdrawal, or a quote and a keyed order on it. */
  async function client(until: () => boolean): Promise<void> {
    while (!until()) {
      const roll = random();
      if (roll < 0.35) {
        await send(aWrite('deposits', { userData: payer, currency: 'EUR', amount: 10 + (writes.length % 7) }));
      } else if (roll < 0.7) {
        await send(aWrite('withdrawals', withdrawalBody));
      } else {
        const quote = await post('/v1/quotes', quoteBody);
        if (quote.status !== 201) {
          await sleep(100);
          continue;
        }
        await send(aWrite('orders', pixOrderBody(quote.body?.quoteId as string)));
      }
    }
  }

  /** Every resource of one kind in the workspace, by id. */
  async function listed(kind: Kind): Promise<Set<string>> {
    const ids = new Set<string>();
    for (let page = 0; ; page++) {
      const answer = await call(server, partner.token, 'GET', `/v1/${kind}?limit=500&page=${page}`);
      expect(answer.status, answer.text).toBe(200);
      for (const item of answer.body as Record<string, string>[]) ids.add(item[idField[kind]] as string);
      if ((answer.body as unknown[]).length < 500) return ids;
    }
  }

  /** Runs `check` over `items`, eight at a time. */
  async function inBatches<T>(items: readonly T[], check: (item: T) => Promise<void>): Promise<void> {
    for (let i = 0; i < items.length; i += 8) await Promise.all(items.slice(i, i + 8).map(check));
  }

  it('keeps every acknowledged write, one resource per key, and the ledger, through promotion', async () => {
    expect(await pair.standbySyncState(), `commits wait for the standby\n${pair.logs()}`).toBe('sync');
    let stopLoad = false;
    const load = Array.from({ length: clients }, () => client(() => stopLoad));
    await sleep(2_500 + Math.floor(random() * 1_000));
    const inFlightAtKill = writes.filter((w) => w.status === undefined).length;
    killed = true;
    await pair.killPrimary();
    // The server answers on a dead database for a while (503s), as it would until an operator acts.
    await sleep(1_500);
    stopLoad = true;
    await Promise.all(load);

    // The operator's procedure: stop the server, promote the standby, start the server on it.
    const stopStarted = performance.now();
    await stop(server);
    const stopMs = performance.now() - stopStarted;
    const promoteMs = await pair.promoteStandby();
    const restartStarted = performance.now();
    server = await processes.startHealthy(dataDir, { ...env, DATABASE_URL: pair.standbyUrl }, 'server on the standby');
    const restartMs = performance.now() - restartStarted;

    const acknowledged = writes.filter((w) => w.acknowledgedId !== undefined);
    expect(acknowledged.length, 'writes acknowledged').toBeGreaterThan(20);
    expect(
      writes.filter((w) => w.answeredAfterKill && w.acknowledgedId === undefined).length,
      'writes refused after the kill',
    ).toBeGreaterThan(0);

    // Every acknowledged write is on the promoted standby.
    await inBatches(acknowledged, async (w) => {
      const read = await call(server, partner.token, 'GET', `/v1/${w.kind}/${w.acknowledgedId}`);
      expect(read.status, `${w.kind} ${w.acknowledgedId} acknowledged, then lost: ${read.text}`).toBe(200);
    });

    // Committed before the kill though their answer was lost: in the workspace, yet no 201 named them (less the
    // setup's deposit).
    const acknowledgedIds = new Set(acknowledged.map((w) => w.acknowledgedId));
    let committedUnanswered = -1;
    for (const kind of kinds) {
      committedUnanswered += [...(await listed(kind))].filter((id) => !acknowledgedIds.has(id)).length;
    }

    // Every key sent again: an acknowledged one replays its resource; another answers its resource, if its write
    // committed, a new one if it did not, or a typed refusal. No two keys name one resource.
    const named = Object.fromEntries(kinds.map((kind) => [kind, new Map<string, string>()])) as Record<
      Kind,
      Map<string, string>
    >;
    await inBatches(writes, async (w) => {
      const again = await post(`/v1/${w.kind}`, w.body, w.key);
      const id = again.body?.[idField[w.kind]] as string | undefined;
      if (w.acknowledgedId !== undefined) {
        expect([again.status, id], `${w.key} replayed`).toEqual([201, w.acknowledgedId]);
      } else {
        const typed = again.status === 201 || (typeof again.status === 'number' && again.status < 500);
        expect(typed, `${w.key} sent again: ${again.status} ${JSON.stringify(again.body)}`).toBe(true);
      }
      if (id !== undefined) {
        expect(named[w.kind].get(id), `${id} named by two keys`).toBeUndefined();
        named[w.kind].set(id, w.key);
      }
    });
    for (const kind of kinds) {
      const inWorkspace = [...(await listed(kind))].filter((id) => !named[kind].has(id));
      expect(inWorkspace.length, `${kind} no key names`).toBe(kind === 'deposits' ? 1 : 0);
    }
    await expectLedgerConsistent(server);

    // And the promoted standby takes new writes.
    const after = `after-${seed}`;
    const deposit = await post('/v1/deposits', { userData: payer, currency: 'EUR', amount: 12 }, `${after}-deposit`);
    const withdrawal = await post('/v1/withdrawals', withdrawalBody, `${after}-withdrawal`);
    const quote = await post('/v1/quotes', quoteBody);
    const order = await post('/v1/orders', pixOrderBody(quote.body?.quoteId as string), `${after}-order`);
    const news = [deposit, withdrawal, order];
    expect(
      news.map((a) => a.status),
      JSON.stringify(news.map((a) => a.body)),
    ).toEqual([201, 201, 201]);
    const balance = await call(server, partner.token, 'GET', '/v1/balances?currency=EUR');
    expect(balance.body.balances[0].available).toBeGreaterThanOrEqual(0);

    const count = (kind: Kind) => acknowledged.filter((w) => w.kind === kind).length;
    console.info(
      JSON.stringify({
        seed,
        clients,
        keyedWritesSent: writes.length,
        acknowledged: { deposits: count('deposits'), withdrawals: count('withdrawals'), orders: count('orders') },
        inFlightAtKill,
        acknowledgedAfterKill: acknowledged.filter((w) => w.answeredAfterKill).length,
        refusedAfterKill: writes.filter((w) => w.answeredAfterKill && w.acknowledgedId === undefined).length,
        committedUnanswered,
        serverStopMs: Math.round(stopMs),
        promoteMs: Math.round(promoteMs),
        serverOnStandbyMs: Math.round(restartMs),
      }),
    );
  }, 180_000);
});
