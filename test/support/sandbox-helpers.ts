import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Partner } from './builders.js';
import { type TestApp, testDb } from './harness.js';
import { payer, payerFields } from './orders.js';

// Builders for the sandbox helpers' tests (simulate/helper-routes.ts): calls of the helpers and of the clock, the
// events a workspace recorded, and jobs of one entity made due at once.

export const simulate = (app: FastifyInstance, p: Partner, path: string, payload?: object) =>
  app.inject({ method: 'POST', url: `/v1/simulate/${path}`, headers: p.headers, ...(payload ? { payload } : {}) });

/** The workspace's outbox, oldest first: type and data of each event after the outbox row `afterId`. */
export async function eventsOf(p: Partner, afterId = 0n) {
  const db = await testDb();
  return db.query<{ id: bigint; type: string; data: Record<string, unknown> }>(
    'select id, type, data from outbox_events where workspace_id = $1 and id > $2 order by id',
    [p.credentials.workspaceId, afterId],
  );
}

/** The newest outbox row id of the workspace: events after it are what the next step fires. */
export async function lastEventId(p: Partner): Promise<bigint> {
  const events = await eventsOf(p);
  return BigInt(events.at(-1)?.id ?? 0);
}

export const typesOf = (events: readonly { type: string; data: Record<string, unknown> }[]) =>
  events.map((e) => (typeof e.data.status === 'string' ? `${e.type}:${e.data.status}` : e.type));

/**
 * Makes the pending jobs of one entity (deposit, order, withdrawal, method) due now and runs what is due: the
 * sandbox's settle delay is long in these tests, so that an outcome waits for the helper unless released. An
 * order's payment-window expiry is never released here.
 */
export async function release(t: TestApp, id: string): Promise<void> {
  const db = await testDb();
  await db.query(
    `update jobs set run_at_ms = $2 where done_at_ms is null and kind <> 'order.expire'
       and $1 in (payload ->> 'depositId', payload ->> 'orderId', payload ->> 'withdrawalId', payload ->> 'methodId')`,
    [id, t.ctx.clock.nowMs()],
  );
  await t.ctx.jobs.runDue();
}

/** Credits `amount` EUR to the partner's own balance by a simulated deposit, settled at once. */
export async function fundEur(t: TestApp, p: Partner, amount: number): Promise<void> {
  const deposit = await t.app.inject({
    method: 'POST',
    url: '/v1/deposits',
    headers: p.headers,
    payload: { userData: payer, currency: 'EUR', amount },
  });
  expect(deposit.statusCode, deposit.body).toBe(201);
  const depositId = deposit.json().depositId;
  const sent = await simulate(t.app, p, 'incoming-transfer/deposit', { depositId, amount, ...payerFields.EUR });
  expect(sent.statusCode, sent.body).toBe(200);
  await release(t, depositId);
}

export const eurBalance = async (t: TestApp, p: Partner) =>
  (await t.app.inject({ method: 'GET', url: '/v1/balances?currency=EUR', headers: p.headers })).json().balances[0];
