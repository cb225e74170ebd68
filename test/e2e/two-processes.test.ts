// Goal: idempotency, the no-overdraft rule and the job runner hold across two real processes (`node dist/main.js`)
// on one PostgreSQL database, as a partner behind a load balancer would reach them. Method: two processes started
// together (both migrate, under the migration lock) and sharing the operator token and the secrets key as replicas
// would; concurrent requests spread round robin over both, then the answers, the API's reads and the database
// checked. PGlite allows one process per data directory, so without DATABASE_URL there is nothing to test here.

import { randomBytes, randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aPartner,
  approvePayer,
  call,
  configureWorkspace,
  expectLedgerConsistent,
  type Partner,
  placeOrder,
  simulateOrderPayment,
  writeBurst,
} from '../support/e2e-api.js';
import { beneficiary, payer } from '../support/orders.js';
import { databaseUrl, exited, type Server, serverProcesses, unthrottled, waitFor } from '../support/server-process.js';

let a: Server;
let b: Server;
let sql: postgres.Sql;

/** The process a load balancer would pick for the i-th request: round robin over both. */
const pick = (i: number) => (i % 2 === 0 ? a : b);

/** A fresh workspace created through one process, its token issued by the other, with an approved payer. */
async function aTwoProcessPartner(name: string, payerEmail: string): Promise<Partner> {
  const p = await aPartner(a, name, { simulation: false, tokenServer: b });
  await approvePayer(a, p, payerEmail);
  return p;
}

async function balance(server: Server, token: string, currency: string) {
  const answer = await call(server, token, 'GET', `/v1/balances?currency=${currency}`);
  expect(answer.status, answer.text).toBe(200);
  return (answer.body.balances[0] ?? { available: 0, pending: 0 }) as { available: number; pending: number };
}

const sepa = {
  type: 'SEPA',
  destinationName: 'Ana Silva',
  iban: 'DE89370400440532013000',
  country: 'DE',
  city: 'Berlin',
  postalCode: '10115',
};

describe.skipIf(!databaseUrl)('two server processes on one PostgreSQL database', () => {
  const processes = serverProcesses({
    dirPrefix: 'brokerage-e2e-two-',
    healthTimeoutMs: 30_000,
    healthPollMs: 100,
    env: {
      // Both processes share the operator token and the secrets key, as replicas of one deployment would.
      ADMIN_TOKEN: randomBytes(24).toString('base64url'),
      SECRETS_KEY: randomBytes(32).toString('hex'),
      SANDBOX_SETTLE_DELAY_MS: '0',
      ...unthrottled,
      LOG_LEVEL: 'warn',
    },
  });

  beforeAll(async () => {
    // Started together, as a deployment rolls out its replicas: both migrate, under the migration lock.
    [a, b] = await Promise.all([
      processes.startHealthy(processes.freshDir(), {}, 'A'),
      processes.startHealthy(processes.freshDir(), {}, 'B'),
    ]);
    sql = postgres(databaseUrl ?? '', { max: 2, onnotice: () => {} });
  }, 70_000);

  afterAll(async () => {
    await sql?.end();
  });

  it('the same keyed POST /v1/deposits sent to both processes at once creates one deposit', async () => {
    const userEmail = 'ana.two.idem@example.com';
    const p = await aTwoProcessPartner('e2e two processes: idempotency', userEmail);
    const key = `two-${randomUUID()}`;
    const body = {
      userData: { firstName: 'Ana', lastName: 'Silva', userEmail, country: 'PT' },
      currency: 'EUR',
      amount: 250,
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(pick(i), p.token, 'POST', '/v1/deposits', body, key)),
    );
    const created = answers.filter((r) => r.status === 201);
    const refused = answers.filter((r) => r.status !== 201);
    expect(created.length, answers.map((r) => `${r.status} ${r.text}`).join('\n')).toBeGreaterThanOrEqual(1);
    for (const r of refused) {
      expect(r.status, r.text).toBe(409);
      expect(r.body).toMatchObject({ success: false, error: 'DuplicityError' });
    }
    const depositId = created[0]?.body.depositId as string;
    expect(depositId).toMatch(/^PRE[A-Z0-9]{12}$/);
    // A replay answers the original response unchanged, whichever process answered first.
    for (const r of created) expect(r.text).toBe(created[0]?.text);

    for (const server of [a, b]) {
      const list = await call(server, p.token, 'GET', '/v1/deposits');
      expect(list.status, list.text).toBe(200);
      expect(list.body.map((d: { depositId: string }) => d.depositId)).toEqual([depositId]);
    }
    const [row] = await sql<
      { n: string }[]
    >`select count(*)::text as n from deposits where workspace_id = ${p.workspace.workspaceId}`;
    expect(row?.n).toBe('1');
  });

  it('30 concurrent withdrawals of 10 EUR across both processes on a 100 EUR balance: 10 pass, 20 are refused', async () => {
    const userEmail = 'ana.two.funds@example.com';
    const p = await aTwoProcessPartner('e2e two processes: funds', userEmail);
    const deposit = await call(b, p.token, 'POST', '/v1/deposits', {
      userData: { firstName: 'Ana', lastName: 'Silva', userEmail, country: 'PT' },
      currency: 'EUR',
      amount: 100,
    });
    expect(deposit.status, deposit.text).toBe(201);
    const simulated = await call(a, p.token, 'POST', '/v1/simulate/incoming-transfer/deposit', {
      depositId: deposit.body.depositId,
      amount: 100,
      counterparty: { name: 'Ana', iban: 'PT50000201231234567890154' },
    });
    expect(simulated.status, simulated.text).toBe(200);
    await waitFor(
      'the deposit to settle into the EUR balance',
      async () => (await balance(b, p.token, 'EUR')).available === 100,
      15_000,
      100,
    );

    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(
          pick(i),
          p.token,
          'POST',
          '/v1/withdrawals',
          { currency: 'EUR', amount: 10, destinationTransferData: sepa },
          `w-${randomUUID()}`,
        ),
      ),
    );
    const summary = answers.map((r) => `${r.status} ${r.text}`).join('\n');
    const accepted = answers.filter((r) => r.status === 201);
    const refused = answers.filter((r) => r.status === 402);
    expect(accepted, summary).toHaveLength(10);
    expect(refused, summary).toHaveLength(20);
    for (const r of refused) expect(r.body).toMatchObject({ success: false, error: 'FundsError' });
    // Each process decided half the requests, so the contention crossed processes. Which process wins
    // the ten debits is up to the scheduler (all ten on one side is a correct outcome), so it is not asserted.
    for (const name of ['A', 'B']) {
      const decided = answers.filter((r, i) => pick(i).name === name && (r.status === 201 || r.status === 402));
      expect(decided, summary).toHaveLength(15);
    }
    expect(accepted.reduce((sum, r) => sum + (r.body.amount as number) + (r.body.fee as number), 0)).toBe(100);

    // The payouts settle through both job runners; no reading ever shows a negative or inflated balance.
    let reads = 0;
    await waitFor(
      'all ten payouts to settle',
      async () => {
        const now = await balance(pick(reads++), p.token, 'EUR');
        expect(now.available).toBeGreaterThanOrEqual(0);
        expect(now.pending).toBeGreaterThanOrEqual(0);
        expect(now.available + now.pending).toBeLessThanOrEqual(100);
        return now.available === 0 && now.pending === 0;
      },
      20_000,
      100,
    );
    const list = await call(a, p.token, 'GET', '/v1/withdrawals');
    expect(list.status, list.text).toBe(200);
    expect(list.body).toHaveLength(10);
    expect(
      list.body.every((w: { status: string }) => w.status === 'Success'),
      list.text,
    ).toBe(true);
    expect(list.body.reduce((sum: number, w: { amount: number }) => sum + w.amount, 0)).toBe(100);
    const [row] = await sql<{ available: string; pending: string }[]>`
      select b.available::text, b.pending::text from balances b join accounts acc on acc.id = b.account_id
      where acc.workspace_id = ${p.workspace.workspaceId} and acc.kind = 'workspace' and b.currency = 'EUR'`;
    expect(row).toEqual({ available: '0', pending: '0' });
    await expectLedgerConsistent(b);
  });

  it('orders whose legs run on both job runners each complete once: one order_completed, one conversion entry', async () => {
    const userEmail = 'ana.two.orders@example.com';
    const p = await aTwoProcessPartner('e2e two processes: orders', userEmail);
    const count = 6;
    // The quote through one process, the order through the other, the inbound transfer through the first again.
    const orders = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        placeOrder(pick(i), p, {
          originAmount: 100 + i,
          externalReference: `TWO-${i}`,
          orderServer: pick(i + 1),
          userData: { ...payer, userEmail },
          destinationUserData: { ...beneficiary, userEmail: 'bruno.two@example.com' },
        }),
      ),
    );
    await Promise.all(orders.map((o, i) => simulateOrderPayment(pick(i), p, o)));

    const last = new Map<string, string>();
    await waitFor(
      `all ${count} orders to reach Success`,
      async () => {
        const reads = await Promise.all(
          orders.map((o, i) => call(pick(i + 1), p.token, 'GET', `/v1/orders/${o.orderId}`)),
        );
        for (const [i, r] of reads.entries()) {
          expect(r.status, r.text).toBe(200);
          expect(['Failed', 'Expired', 'Refunded']).not.toContain(r.body.status);
          last.set(orders[i]?.orderId ?? '', r.body.status);
        }
        return reads.every((r) => r.body.status === 'Success');
      },
      30_000,
      100,
    ).catch((error: Error) => {
      throw new Error(`${error.message}: ${JSON.stringify(Object.fromEntries(last))}`);
    });
    for (const [i, o] of orders.entries()) {
      const done = await call(pick(i), p.token, 'GET', `/v1/orders/${o.orderId}`);
      expect(done.body, done.text).toMatchObject({
        status: 'Success',
        fee: o.fee,
        deposit: { amount: o.originAmount },
        trade: { status: 'Success' },
        withdraw: { status: 'Success' },
      });
    }
    await expectLedgerConsistent(a);
    await expectLedgerConsistent(b);

    const ids = orders.map((o) => o.orderId);
    const completed = await sql<{ event_id: string; n: number }[]>`
      select event_id, count(*)::int as n from outbox_events
      where workspace_id = ${p.workspace.workspaceId} and type = 'order_completed' and event_id = any(${ids})
      group by event_id`;
    expect(Object.fromEntries(completed.map((r) => [r.event_id, r.n]))).toEqual(
      Object.fromEntries(ids.map((id) => [id, 1])),
    );
    const conversions = await sql<{ reference: string; n: number }[]>`
      select reference, count(*)::int as n from ledger_entries
      where workspace_id = ${p.workspace.workspaceId} and kind = 'order_conversion' and reference = any(${ids})
      group by reference`;
    expect(Object.fromEntries(conversions.map((r) => [r.reference, r.n]))).toEqual(
      Object.fromEntries(ids.map((id) => [id, 1])),
    );
    // Every event of these orders is written once: no leg ran twice.
    const duplicates = await sql<{ event_id: string; type: string; status: string | null; n: number }[]>`
      select event_id, type, data->>'status' as status, count(*)::int as n from outbox_events
      where workspace_id = ${p.workspace.workspaceId} and event_id = any(${ids})
      group by event_id, type, data->>'status' having count(*) > 1`;
    expect(duplicates).toEqual([]);
    // No due job of these orders is left behind on either runner (each still has its far-off expiry job).
    const pending = await sql<{ id: string; kind: string; last_error: string | null }[]>`
      select id::text, kind, last_error from jobs
      where payload->>'orderId' = any(${ids}) and done_at_ms is null and run_at_ms <= ${Date.now()}`;
    expect(pending).toEqual([]);
    // Each leg was claimed by exactly one runner, once: nothing failed and was retried, nothing was run twice.
    const reclaimed = await sql<{ id: string; kind: string; attempts: number; last_error: string | null }[]>`
      select id::text, kind, attempts, last_error from jobs
      where payload->>'orderId' = any(${ids}) and done_at_ms is not null and attempts <> 1`;
    expect(reclaimed).toEqual([]);
  }, 60_000);

  it('the write limit is one count across both processes: 12 writes at once with a limit of 6, exactly 6 pass', async () => {
    const p = await aTwoProcessPartner('e2e two processes: write limit', 'ana.two.limit@example.com');
    await configureWorkspace(a, p.workspace.workspaceId, { writeLimitPerMinute: 6 });
    await new Promise((r) => setTimeout(r, 2_500)); // each process's workspace cache (2 s) sees the new limit
    const answers = await writeBurst([a, b], p.token, 12);
    const summary = answers.map((r) => `${r.status} ${r.text}`).join('\n');
    // Under the limit the (empty) body is judged: 400. Beyond it: 503 OperationError, as the spec says.
    expect(
      answers.filter((r) => r.status === 400),
      summary,
    ).toHaveLength(6);
    expect(
      answers.filter((r) => r.status === 503),
      summary,
    ).toHaveLength(6);
  }, 90_000);

  it('both processes stop cleanly on SIGTERM', async () => {
    for (const server of [a, b]) server.child.kill('SIGTERM');
    const results = await Promise.all([a, b].map((server) => exited(server.child, 15_000)));
    for (const [i, result] of results.entries()) {
      const server = [a, b][i] as Server;
      expect(result, `${server.name}: ${server.stderr}\n${server.stdout}`).toEqual({ code: 0, signal: null });
    }
  }, 20_000);
});
