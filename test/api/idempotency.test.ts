import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, aPartner, configureWorkspace, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock, testDb } from '../support/harness.js';

// Goal: what the write-contract suite (test/contract/write-contract.test.ts) does not cover of the Idempotency-Key
// rules and the write limit: the release endpoint's answers, keys left in progress by an older server, the stricter
// concurrency answer, counts across processes, leases, and the read throttle. Method: keyed deposits, counted.

let t: TestApp;
let partner: Partner;
const clock = new TestClock();
const payer = { firstName: 'Ana', userEmail: 'idem.payer@example.com', country: 'PT', lastName: 'Silva' };
const body = { userData: payer, currency: 'EUR', amount: 42 };

beforeAll(async () => {
  t = await buildTestApp({ clock });
  partner = await aPartner(t.app);
  await verifyCustomer(t.app, partner, payer.userEmail);
});

const post = (key: string | undefined, payload: object = body, p: Partner = partner, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/v1/deposits',
    headers: { ...p.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });

const depositsCreated = async (workspaceId: string) => {
  const db = await testDb();
  const [row] = await db.query<{ n: bigint }>('select count(*) as n from deposits where workspace_id = $1', [
    workspaceId,
  ]);
  return Number(row?.n);
};

describe('Idempotency-Key on POST /v1/deposits', () => {
  it('a failure during execution keeps the key consumed until an operator releases it', async () => {
    const key = `k-${randomUUID()}`;
    const unapproved = { ...body, userData: { ...payer, userEmail: `nobody-${randomUUID()}@example.com` } };
    expect((await post(key, unapproved)).statusCode).toBe(403);
    const retry = await post(key, unapproved);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toContain('failed during execution');
    const release = (k: string) =>
      t.app.inject({
        method: 'POST',
        url: '/admin/v1/idempotency-keys/release',
        headers: adminHeaders,
        payload: { workspaceId: partner.credentials.workspaceId, key: k },
      });
    const released = await release(key);
    expect(released.json()).toEqual({ released: true, previousState: 'failed' });
    expect((await post(key)).statusCode).toBe(201);
    expect((await release(key)).statusCode).toBe(409); // completed keys replay; they are not released
    expect((await release(`k-${randomUUID()}`)).statusCode).toBe(404);
  });

  it('an interrupted request (outcome unknown) answers 409, never a second resource', async () => {
    const key = `k-${randomUUID()}`;
    const db = await testDb();
    await db.query(
      `insert into idempotency_keys (workspace_id, account_scope, key, endpoint, request_hash, state, created_at_ms)
       values ($1, '', $2, 'POST /v1/deposits', 'whatever', 'in_progress', 0)`,
      [partner.credentials.workspaceId, key],
    );
    expect((await post(key)).statusCode).toBe(409);
  });

  it('simultaneous identical requests create one resource; the others wait for its commit and replay it', async () => {
    const p = await aPartner(t.app);
    await verifyCustomer(t.app, p, payer.userEmail);
    const secondProcess = (await buildTestApp({ clock })).app;
    const key = `k-${randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post(key, body, p, i % 2 ? secondProcess : t.app)),
    );
    // The key is claimed in the commit that creates the deposit: a duplicate waits for that commit and replays it
    // (the spec would also allow 409 while the first runs; this server never needs to answer it).
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(7);
    expect(await depositsCreated(p.credentials.workspaceId)).toBe(1);
  });

  it('a completed key replays even when the request would now be refused: the key is looked at before the outcome', async () => {
    const p = await aPartner(t.app);
    await verifyCustomer(t.app, p, payer.userEmail);
    const key = `k-${randomUUID()}`;
    const first = await post(key, body, p);
    expect(first.statusCode, first.body).toBe(201);
    const db = await testDb();
    await db.query(`update accounts set verification_status = 'REJECTED' where workspace_id = $1 and email = $2`, [
      p.credentials.workspaceId,
      payer.userEmail,
    ]);
    const replay = await post(key, body, p);
    expect(replay.statusCode).toBe(201);
    expect(replay.body).toBe(first.body);
    expect((await post(`k-${randomUUID()}`, body, p)).statusCode).toBe(403);
    expect((await post(key, { ...body, amount: 43 }, p)).statusCode).toBe(409);
  });
});

describe('the write limit', () => {
  it('beyond the limit is 503 OperationError with RateLimit-* headers, creates nothing, and counts across processes', async () => {
    const p = await aPartner(t.app);
    await configureWorkspace(t.app, p.credentials.workspaceId, { writeLimitPerMinute: 3 });
    await verifyCustomer(t.app, p, payer.userEmail);
    const secondProcess = (await buildTestApp({ clock })).app;
    // Writes near a minute boundary would straddle two windows: start at the beginning of one.
    clock.advance(60_000 - (clock.nowMs() % 60_000) + 10);
    try {
      expect((await post(undefined, body, p)).statusCode).toBe(201);
      expect((await post(undefined, body, p, secondProcess)).statusCode).toBe(201);
      const third = await post(undefined, body, p);
      expect(third.statusCode).toBe(201);
      expect(third.headers['ratelimit-remaining']).toBe('0');
      const limited = await post(`k-${randomUUID()}`, body, p, secondProcess);
      expect(limited.statusCode).toBe(503);
      expect(limited.json()).toMatchObject({ success: false, error: 'OperationError' });
      expect(limited.headers['ratelimit-limit']).toBe('3');
      expect(limited.headers['ratelimit-reset']).toBeDefined();
      expect(limited.headers['retry-after']).toBeUndefined();
      expect(limited.headers['x-ratelimit-limit']).toBeUndefined();
      expect(await depositsCreated(p.credentials.workspaceId)).toBe(3);
      clock.advance(60_000);
      expect((await post(undefined, body, p)).statusCode).toBe(201);
    } finally {
      clock.advance(-120_000);
    }
  });

  it('above 200 a minute, a process claims writes in leases: never more than the limit pass across processes', async () => {
    const p = await aPartner(t.app);
    const workspaceId = p.credentials.workspaceId;
    await configureWorkspace(t.app, workspaceId, { writeLimitPerMinute: 250 }); // leases of 2
    await verifyCustomer(t.app, p, payer.userEmail);
    const secondProcess = (await buildTestApp({ clock })).app;
    clock.advance(60_000 - (clock.nowMs() % 60_000) + 10);
    const windowStartMs = clock.nowMs() - (clock.nowMs() % 60_000);
    const db = await testDb();
    const countOfWindow = async () =>
      Number(
        (
          await db.query<{ count: number }>(
            'select count from write_rate_windows where workspace_id = $1 and window_start_ms = $2',
            [workspaceId, windowStartMs],
          )
        )[0]?.count,
      );
    try {
      const first = await post(undefined, body, p);
      expect(first.statusCode).toBe(201);
      expect(first.headers['ratelimit-remaining']).toBe('249');
      expect(await countOfWindow()).toBe(2); // one claim of two writes
      expect((await post(undefined, body, p)).statusCode).toBe(201);
      expect(await countOfWindow()).toBe(2); // spent from the lease, no round trip

      // Six writes left in the window, taken in turns by the two processes.
      await db.query('update write_rate_windows set count = 244 where workspace_id = $1 and window_start_ms = $2', [
        workspaceId,
        windowStartMs,
      ]);
      const before = await depositsCreated(workspaceId);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++)
        statuses.push((await post(undefined, body, p, i % 2 ? secondProcess : t.app)).statusCode);
      const passed = statuses.filter((s) => s === 201).length;
      expect(statuses.every((s) => s === 201 || s === 503)).toBe(true);
      expect(passed).toBeLessThanOrEqual(6);
      // A lease the other process holds unspent is the only thing that can refuse a write below the limit.
      expect(passed).toBeGreaterThanOrEqual(6 - 2);
      expect(await depositsCreated(workspaceId)).toBe(before + passed);
      expect((await post(undefined, body, p)).statusCode).toBe(503);

      // In one process, simultaneous writes share its leases and the limit is exact: 6 left, 6 of 10 pass. The
      // first write of the window leased 2 and holds 1 unspent; the count is moved so that 5 more fit.
      clock.advance(60_000);
      await post(undefined, body, p);
      await db.query('update write_rate_windows set count = 245 where workspace_id = $1 and window_start_ms = $2', [
        workspaceId,
        windowStartMs + 60_000,
      ]);
      const burst = await Promise.all(Array.from({ length: 10 }, () => post(undefined, body, p)));
      expect(burst.filter((r) => r.statusCode === 201).length).toBe(6);
      expect(burst.filter((r) => r.statusCode === 503).length).toBe(4);
    } finally {
      clock.advance(-120_000);
    }
  });

  it('reads are never limited', async () => {
    const p = await aPartner(t.app);
    await configureWorkspace(t.app, p.credentials.workspaceId, { writeLimitPerMinute: 1 });
    for (let i = 0; i < 5; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/v1/balances', headers: p.headers })).statusCode).toBe(200);
    }
  });
});

describe('the read throttle', () => {
  it('slows reads past the threshold and never refuses them; operators lift it per workspace', async () => {
    const slow = await buildTestApp({ env: { READ_THROTTLE_PER_SECOND: '2' } });
    const p = await aPartner(slow.app);
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => slow.app.inject({ method: 'GET', url: '/v1/balances', headers: p.headers })),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4 * 25 - 5);
    await configureWorkspace(slow.app, p.credentials.workspaceId, { readThrottleLifted: true });
    const lifted = await Promise.all(
      Array.from({ length: 6 }, () => slow.app.inject({ method: 'GET', url: '/v1/balances', headers: p.headers })),
    );
    expect(lifted.every((a) => a.statusCode === 200)).toBe(true);
  });
});
