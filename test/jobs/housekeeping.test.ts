// Housekeeping through the real store (PGlite, or PostgreSQL with DATABASE_URL): what is past each horizon goes,
// what is inside it stays, a consumed Idempotency-Key and an undelivered event never go, batches are bounded, and
// two passes at once remove each row once.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retentionTargets as targets } from '../../src/context.js';
import { horizonsAt, prunePass } from '../../src/jobs/housekeeping/pass.js';
import { pruneBatch } from '../../src/jobs/housekeeping/targets.js';
import { aPartner, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import {
  aJob,
  aKey,
  aKycSession,
  anAccount,
  anEndpoint,
  anEvent,
  anOpenBankingSession,
  dayMs,
  hourMs,
  remaining,
  remainingKeys,
} from '../support/housekeeping-rows.js';
import { approvedPartner, aQuote, destinations, fundedPartner, pixOrderBody, postOrder } from '../support/orders.js';

let t: TestApp;
let partner: Partner;
let ws: string;
const kind = `housekeeping-probe-${randomUUID()}`;
const pass = (batchSize = 1000) =>
  prunePass(t.ctx.db, targets, horizonsAt(t.ctx.config, Date.now()), { batchSize, pauseMs: 0, budgetMs: 60_000 });

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
  partner = await aPartner(t.app);
  ws = partner.credentials.workspaceId;
});

afterAll(async () => {
  // What the tests keep on purpose (undelivered events, pending jobs of a kind nobody runs) leaves with them.
  await t.ctx.db.query('delete from webhook_deliveries where workspace_id = $1', [ws]);
  await t.ctx.db.query('delete from outbox_events where workspace_id = $1', [ws]);
  await t.ctx.db.query('delete from jobs where kind = $1', [kind]);
  await t.app.close();
});

describe('housekeeping removes what is past each horizon and keeps what is inside it', () => {
  it('events: delivered ones past EVENT_RETENTION_DAYS go with their deliveries; undelivered ones never', async () => {
    const db = t.ctx.db;
    const endpointId = await anEndpoint(db, ws);
    const old = Date.now() - 31 * dayMs;
    const delivered = await anEvent(db, ws, { occurredAtMs: old, fannedOut: true }, [
      { endpointId, state: 'delivered' },
      { endpointId, state: 'failed' },
    ]);
    const noEndpoint = await anEvent(db, ws, { occurredAtMs: old, fannedOut: true });
    const recent = await anEvent(db, ws, { occurredAtMs: Date.now() - 29 * dayMs, fannedOut: true }, [
      { endpointId, state: 'delivered' },
    ]);
    const notFannedOut = await anEvent(db, ws, { occurredAtMs: old, fannedOut: false });
    const pending = await anEvent(db, ws, { occurredAtMs: old, fannedOut: true }, [
      { endpointId, state: 'delivered' },
      { endpointId, state: 'pending' },
    ]);
    const sending = await anEvent(db, ws, { occurredAtMs: old, fannedOut: true }, [{ endpointId, state: 'sending' }]);

    const result = await pass();

    expect(result.complete).toBe(true);
    expect(result.removed.outboxEvents).toBeGreaterThanOrEqual(2);
    expect(result.removed.webhookDeliveries).toBeGreaterThanOrEqual(2);
    const kept = [recent, notFannedOut, pending, sending].map(String).sort();
    expect(await remaining(db, 'outbox_events', [delivered, noEndpoint, ...kept])).toEqual(kept);
    const deliveries = await db.query<{ outbox_id: bigint }>(
      'select outbox_id from webhook_deliveries where endpoint_id = $1 order by outbox_id',
      [endpointId],
    );
    expect(deliveries.map((d) => d.outbox_id)).toEqual([recent, pending, pending, sending]);
  });

  it('jobs: finished ones past JOB_RETENTION_DAYS go; recent and unfinished ones stay', async () => {
    const db = t.ctx.db;
    const old = await aJob(db, kind, Date.now() - 8 * dayMs);
    const recent = await aJob(db, kind, Date.now() - 6 * dayMs);
    const retried = await aJob(db, kind, null, Date.now() + 30 * dayMs);
    await pass();
    expect(await remaining(db, 'jobs', [old, recent, retried])).toEqual([recent, retried].map(String).sort());
  });

  it('idempotency keys: completed ones past the 24-hour replay window go; consumed ones never', async () => {
    const db = t.ctx.db;
    const past = await aKey(db, ws, { state: 'completed', atMs: Date.now() - 25 * hourMs });
    const replayable = await aKey(db, ws, { state: 'completed', atMs: Date.now() - 23 * hourMs });
    const failed = await aKey(db, ws, { state: 'failed', atMs: Date.now() - 400 * dayMs });
    const interrupted = await aKey(db, ws, { state: 'in_progress', atMs: Date.now() - 400 * dayMs });
    await pass();
    expect(await remainingKeys(db, ws, [past, replayable, failed, interrupted])).toEqual(
      [replayable, failed, interrupted].sort(),
    );
  });

  it('idempotency keys: a key stays while the write it answered can still fail and consume it', async () => {
    const db = t.ctx.db;
    const funded = await fundedPartner(t, 100);
    const fundedWs = funded.credentials.workspaceId;
    const keyed = (key: string) => ({ ...funded.headers, 'idempotency-key': key });
    const withdraw = async (key: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/withdrawals',
        headers: keyed(key),
        payload: { currency: 'EUR', amount: 10, destinationTransferData: destinations.SEPA },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().withdrawalId as string;
    };
    // Three withdrawals whose payouts have not run: pending, paid yesterday, paid 100 days ago.
    const [pendingKey, paidKey, longPaidKey] = [`w1-${randomUUID()}`, `w2-${randomUUID()}`, `w3-${randomUUID()}`];
    await withdraw(pendingKey);
    const paid = await withdraw(paidKey);
    const longPaid = await withdraw(longPaidKey);
    const setStatus = (id: string, completedAtMs: number) =>
      db.query(`update withdrawals set status = 'Success', completed_at_ms = $2 where id = $1`, [id, completedAtMs]);
    await setStatus(paid, Date.now() - dayMs);
    await setStatus(longPaid, Date.now() - 100 * dayMs);
    // An order still waiting for its funds, and one that completed.
    const customer = await approvedPartner(t);
    const orderKey = `o1-${randomUUID()}`;
    const doneOrderKey = `o2-${randomUUID()}`;
    const order = async (key: string) => {
      const quote = await aQuote(t.app, customer, {
        originCurrency: 'EUR',
        destinationCurrency: 'BRL',
        originAmount: 50,
      });
      const response = await postOrder(t.app, customer, pixOrderBody(quote.quoteId), { 'idempotency-key': key });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().orderId as string;
    };
    await order(orderKey);
    const doneOrder = await order(doneOrderKey);
    await db.query(`update orders set status = 'Success' where id = $1`, [doneOrder]);
    const age = (workspaceId: string) =>
      db.query('update idempotency_keys set completed_at_ms = $2 where workspace_id = $1', [
        workspaceId,
        Date.now() - 2 * dayMs,
      ]);
    await age(fundedWs);
    await age(customer.credentials.workspaceId);

    await pass();

    expect(await remainingKeys(db, fundedWs, [pendingKey, paidKey, longPaidKey])).toEqual([pendingKey, paidKey].sort());
    expect(await remainingKeys(db, customer.credentials.workspaceId, [orderKey, doneOrderKey])).toEqual([orderKey]);
  });

  it('hosted sessions: unfinished ones past HOSTED_SESSION_RETENTION_DAYS after expiry go', async () => {
    const db = t.ctx.db;
    const verified = await approvedPartner(t);
    const account = await anAccount(db, verified.credentials.workspaceId);
    const long = Date.now() - 8 * dayMs;
    const abandoned = await aKycSession(db, verified.credentials.workspaceId, account, {
      step: 'link',
      linkExpiresAtMs: long,
    });
    const submitted = await aKycSession(db, verified.credentials.workspaceId, account, {
      step: 'submitted',
      linkExpiresAtMs: long - 300 * dayMs,
    });
    const flowLive = await aKycSession(db, verified.credentials.workspaceId, account, {
      step: 'document',
      linkExpiresAtMs: long,
      flowExpiresAtMs: Date.now() - 6 * dayMs,
    });
    const deposit = randomUUID();
    const older = await anOpenBankingSession(db, ws, deposit, {
      status: 'EXPIRED',
      createdAtMs: long - hourMs,
      expiresAtMs: long,
    });
    const cancelled = await anOpenBankingSession(db, ws, deposit, {
      status: 'CANCELLED',
      createdAtMs: long - hourMs + 1,
      expiresAtMs: long,
    });
    const completed = await anOpenBankingSession(db, ws, deposit, {
      status: 'COMPLETED',
      createdAtMs: long - hourMs + 2,
      expiresAtMs: long,
    });
    const recentlyExpired = await anOpenBankingSession(db, ws, deposit, {
      status: 'EXPIRED',
      createdAtMs: long - hourMs + 3,
      expiresAtMs: Date.now() - 6 * dayMs,
    });
    // The deposit's newest session is part of the deposit's answer: it stays however old.
    const newest = await anOpenBankingSession(db, ws, deposit, {
      status: 'EXPIRED',
      createdAtMs: long,
      expiresAtMs: long,
    });

    await pass();

    expect(await remaining(db, 'kyc_sessions', [abandoned, submitted, flowLive])).toEqual([submitted, flowLive].sort());
    expect(await remaining(db, 'openbanking_sessions', [older, cancelled, completed, recentlyExpired, newest])).toEqual(
      [completed, recentlyExpired, newest].sort(),
    );
  });

  it('quotes: expired ones that back no order go after QUOTE_RETENTION_DAYS; a bound one stays', async () => {
    const db = t.ctx.db;
    const customer = await approvedPartner(t);
    const quote = () =>
      aQuote(t.app, customer, { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 50 });
    const [old, recent, bound] = await Promise.all([quote(), quote(), quote()]);
    const order = await postOrder(t.app, customer, pixOrderBody(bound.quoteId));
    expect(order.statusCode, order.body).toBe(201);
    const expire = (id: string, atMs: number) =>
      db.query('update quotes set expire_at_ms = $2 where id = $1', [id, atMs]);
    await expire(old.quoteId, Date.now() - 8 * dayMs);
    await expire(recent.quoteId, Date.now() - 6 * dayMs);
    await expire(bound.quoteId, Date.now() - 300 * dayMs);

    await pass();

    const ids = [old, recent, bound].map((q) => q.quoteId);
    expect(await remaining(db, 'quotes', ids)).toEqual([recent.quoteId, bound.quoteId].sort());
  });
});

describe('housekeeping batches', () => {
  it('a batch removes at most its size; a pass goes on batch after batch to the end', async () => {
    const db = t.ctx.db;
    const ids = [];
    for (let i = 0; i < 25; i++) ids.push(await aJob(db, kind, Date.now() - 10 * dayMs - i));
    const jobsTarget = targets.find((target) => target.name === 'jobs');
    if (!jobsTarget) throw new Error('no jobs target');
    const first = await pruneBatch(db, jobsTarget, horizonsAt(t.ctx.config, Date.now()), 10, 0);
    expect(first.candidates).toBe(10);
    expect(first.removed.jobs).toBe(10);
    expect(await remaining(db, 'jobs', ids)).toHaveLength(15);

    const rest = await pass(4);
    expect(rest.complete).toBe(true);
    expect(rest.batches).toBeGreaterThanOrEqual(4);
    expect(await remaining(db, 'jobs', ids)).toEqual([]);
  });

  it('a pass whose budget runs out stops at a batch boundary and says it is not complete', async () => {
    const db = t.ctx.db;
    for (let i = 0; i < 5; i++) await aJob(db, kind, Date.now() - 10 * dayMs);
    const cut = await prunePass(db, targets, horizonsAt(t.ctx.config, Date.now()), {
      batchSize: 2,
      pauseMs: 0,
      budgetMs: 0,
    });
    expect(cut).toMatchObject({ complete: false, batches: 1 });
    expect((await pass()).complete).toBe(true);
  });

  it('two passes at once remove each row once', async () => {
    const db = t.ctx.db;
    const endpointId = await anEndpoint(db, ws);
    const old = Date.now() - 40 * dayMs;
    for (let i = 0; i < 120; i++) {
      await aJob(db, kind, old + i);
      await anEvent(db, ws, { occurredAtMs: old + i, fannedOut: true }, [{ endpointId, state: 'delivered' }]);
    }
    const horizons = horizonsAt(t.ctx.config, Date.now());
    const count = async (sql: string, params: unknown[]) =>
      Number((await db.query<{ n: bigint }>(sql, params))[0]?.n ?? 0);
    const jobsBefore = await count('select count(*) as n from jobs where done_at_ms < $1', [horizons.jobsBeforeMs]);
    const eventsBefore = await count(
      `select count(*) as n from outbox_events o where occurred_at_ms < $1 and fanned_out_at_ms is not null
         and not exists (select 1 from webhook_deliveries d where d.outbox_id = o.id and d.state not in ('delivered', 'failed'))`,
      [horizons.eventsBeforeMs],
    );
    const options = { batchSize: 16, pauseMs: 0, budgetMs: 60_000 };

    const [a, b] = await Promise.all([
      prunePass(db, targets, horizons, options),
      prunePass(db, targets, horizons, options),
    ]);

    expect(a.removed.jobs + b.removed.jobs).toBe(jobsBefore);
    expect(a.removed.outboxEvents + b.removed.outboxEvents).toBe(eventsBefore);
    expect(
      await count('select count(*) as n from jobs where kind = $1 and done_at_ms < $2', [kind, horizons.jobsBeforeMs]),
    ).toBe(0);
    expect(await count('select count(*) as n from webhook_deliveries where endpoint_id = $1', [endpointId])).toBe(0);
  });
});
