import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPartner, configureWorkspace, type Partner } from '../support/builders.js';
import { buildTestApp, productionEnv, type TestApp, testDb } from '../support/harness.js';
import {
  approvedPartner,
  aQuote,
  beneficiary,
  destinations,
  expectLedgerConsistent,
  postOrder,
  readOrder,
  sepaToPixOrder,
} from '../support/orders.js';
import { eurBalance, eventsOf, fundEur, lastEventId, release, simulate, typesOf } from '../support/sandbox-helpers.js';

// Goal: the sandbox helpers by id move a withdrawal's payout, an order's payout leg, a pending order, a pending
// deposit and a deposit method as the real change does: the same status, the same events in the same order, the same
// ledger effect; the scheduled sandbox outcome that comes later changes nothing; wrong states are 409, unknown ids
// 404, another workspace's 401; production answers 404. Method: the sandbox's settle delay is ten minutes, so each
// scheduled outcome waits until the test releases it (support/sandbox-helpers.ts); the real change is played on a
// twin entity (magic amounts, released jobs) and its events compared.

let t: TestApp;
let prod: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '600000' } });
  prod = await buildTestApp({ env: productionEnv });
});

afterAll(async () => {
  await t.app.close();
  await prod.app.close();
});

const sepa = destinations.SEPA;

async function withdrawal(p: Partner, amount: number, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/withdrawals',
    headers: { ...p.headers, ...headers },
    payload: { currency: 'EUR', amount, destinationTransferData: sepa },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().withdrawalId as string;
}

async function fundedApproved(amount: number) {
  const p = await approvedPartner(t);
  await fundEur(t, p, amount);
  return p;
}

/** The events one step fires: the workspace's outbox after `step` less before it. */
async function firedBy(p: Partner, step: () => Promise<unknown>) {
  const before = await lastEventId(p);
  await step();
  return eventsOf(p, before);
}

describe("a withdrawal's payout", () => {
  it('complete: Success with the events and ledger of a settled payout; the scheduled outcome then does nothing', async () => {
    const p = await fundedApproved(500);
    const id = await withdrawal(p, 120.5);
    const fired = await firedBy(p, async () => {
      const done = await simulate(t.app, p, `withdrawals/${id}/complete`);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ withdrawalId: id, status: 'Success' });
    });
    expect(typesOf(fired)).toEqual([
      'withdrawal_status_updated:Success',
      'withdrawal_completed:Success',
      'balance_updated',
    ]);
    expect(await eurBalance(t, p)).toMatchObject({ available: 379.5, pending: 0 });

    const twin = await fundedApproved(500);
    const twinId = await withdrawal(twin, 120.5);
    expect(typesOf(await firedBy(twin, () => release(t, twinId)))).toEqual(typesOf(fired));

    expect(await firedBy(p, () => release(t, id))).toEqual([]);
    const again = await simulate(t.app, p, `withdrawals/${id}/complete`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'StateError', message: expect.stringContaining('Success') });
    await expectLedgerConsistent(t.app);
  });

  it('fail: Failed, the hold released, the key consumed, as a rejected payout (amount ending .91)', async () => {
    const p = await fundedApproved(500);
    const key = { 'idempotency-key': `fail-${Date.now()}` };
    const id = await withdrawal(p, 120.5, key);
    const fired = await firedBy(p, async () => {
      const failed = await simulate(t.app, p, `withdrawals/${id}/fail`);
      expect(failed.statusCode, failed.body).toBe(200);
      expect(failed.json()).toMatchObject({ status: 'Failed' });
    });
    expect(await eurBalance(t, p)).toMatchObject({ available: 500, pending: 0 });
    const retried = await t.app.inject({
      method: 'POST',
      url: '/v1/withdrawals',
      headers: { ...p.headers, ...key },
      payload: { currency: 'EUR', amount: 120.5, destinationTransferData: sepa },
    });
    expect(retried.statusCode).toBe(409);

    const twin = await fundedApproved(500);
    const twinId = await withdrawal(twin, 120.91);
    expect(typesOf(await firedBy(twin, () => release(t, twinId)))).toEqual(typesOf(fired));
    expect(typesOf(fired)).toEqual(['withdrawal_status_updated:Failed', 'balance_updated']);
    await expectLedgerConsistent(t.app);
  });

  it('return: from Pending it settles and comes back (events of a returned payout, ending .92); from Success too', async () => {
    const p = await fundedApproved(500);
    const id = await withdrawal(p, 100);
    const fired = await firedBy(p, async () => {
      const returned = await simulate(t.app, p, `withdrawals/${id}/return`);
      expect(returned.statusCode, returned.body).toBe(200);
      expect(returned.json()).toMatchObject({ status: 'Returned' });
    });
    expect(await eurBalance(t, p)).toMatchObject({ available: 500, pending: 0 });

    const twin = await fundedApproved(500);
    const twinId = await withdrawal(twin, 100.92);
    const real = await firedBy(twin, async () => {
      await release(t, twinId); // the payout: settled, its return queued
      await release(t, twinId); // the return
    });
    expect(typesOf(fired)).toEqual(typesOf(real));
    expect(typesOf(fired)).toEqual([
      'withdrawal_status_updated:Success',
      'withdrawal_completed:Success',
      'balance_updated',
      'withdrawal_status_updated:Returned',
      'balance_updated',
    ]);

    const settled = await withdrawal(p, 50);
    expect((await simulate(t.app, p, `withdrawals/${settled}/complete`)).statusCode).toBe(200);
    const back = await simulate(t.app, p, `withdrawals/${settled}/return`);
    expect(back.json()).toMatchObject({ status: 'Returned' });
    expect(await eurBalance(t, p)).toMatchObject({ available: 500, pending: 0 });
    expect((await simulate(t.app, p, `withdrawals/${settled}/return`)).statusCode).toBe(409);
    expect((await simulate(t.app, p, `withdrawals/${settled}/fail`)).statusCode).toBe(409);
    await expectLedgerConsistent(t.app);
  });

  it("an unknown id is 404 ExistenceError; another workspace's is 401 (spec, Authentication 4)", async () => {
    const p = await fundedApproved(100);
    const id = await withdrawal(p, 10);
    const other = await aPartner(t.app);
    const unknown = await simulate(t.app, p, 'withdrawals/00000000-0000-4000-8000-000000000000/complete');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'ExistenceError' });
    expect((await simulate(t.app, other, `withdrawals/${id}/fail`)).json()).toMatchObject({
      error: 'AuthorizationError',
    });
    expect((await simulate(t.app, p, 'orders/PREAAAAAAAAAAAA/expire')).statusCode).toBe(404);
    expect((await simulate(t.app, p, 'deposits/PREAAAAAAAAAAAA/expire')).statusCode).toBe(404);
    expect((await simulate(t.app, p, 'deposit-methods/PREAAAAAAAAAAAA/activate')).statusCode).toBe(404);
    expect((await simulate(t.app, p, 'orders/PREAAAAAAAAAAAA/payout/fail')).statusCode).toBe(404);
  });
});

describe("an order's payout leg", () => {
  /** An order paid from the balance to PIX: its payout leaves at once and waits, Withdrawn, for its confirmation. */
  async function withdrawnOrder(p: Partner, destinationAmount: number) {
    const quote = await aQuote(t.app, p, {
      originCurrency: 'EUR',
      originRail: 'BALANCE',
      destinationCurrency: 'BRL',
      destinationAmount,
    });
    const body = {
      quoteId: quote.quoteId,
      destinationUserData: beneficiary,
      destinationTransferData: destinations.PIX_BR,
    };
    const placed = await postOrder(t.app, p, body);
    expect(placed.statusCode, placed.body).toBe(201);
    await t.ctx.jobs.runDue();
    const order = await readOrder(t.app, p, placed.json().orderId);
    expect(order.status).toBe('Withdrawn');
    return order.orderId as string;
  }

  it('return: Refunded as a returned payout (ending .92), the origin funds back to the balance', async () => {
    const p = await fundedApproved(1000);
    const id = await withdrawnOrder(p, 300);
    const fired = await firedBy(p, async () => {
      const returned = await simulate(t.app, p, `orders/${id}/payout/return`);
      expect(returned.statusCode, returned.body).toBe(200);
      expect(returned.json()).toMatchObject({ orderId: id, status: 'Refunded', withdraw: { status: 'Reversed' } });
    });
    expect(await eurBalance(t, p)).toMatchObject({ available: 1000, pending: 0 });

    const twin = await fundedApproved(1000);
    const twinId = await withdrawnOrder(twin, 300.92);
    expect(typesOf(await firedBy(twin, () => release(t, twinId)))).toEqual(typesOf(fired));
    expect(typesOf(fired)).toContain('order_status_updated:Refunded');
    expect(await firedBy(p, () => release(t, id))).toEqual([]); // the confirmation finds it Refunded
    await expectLedgerConsistent(t.app);
  });

  it("fail: Refunded with the rail's rejection as the reason; refused once final and before the payout", async () => {
    const p = await fundedApproved(1000);
    const id = await withdrawnOrder(p, 300);
    const failed = await simulate(t.app, p, `orders/${id}/payout/fail`);
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({ status: 'Refunded', failureReason: expect.stringContaining('rejected') });
    expect(await eurBalance(t, p)).toMatchObject({ available: 1000, pending: 0 });
    const again = await simulate(t.app, p, `orders/${id}/payout/fail`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'StateError', message: expect.stringContaining('Refunded') });

    const { order: unpaid } = await sepaToPixOrder(t, p);
    expect((await simulate(t.app, p, `orders/${unpaid.orderId}/payout/return`)).statusCode).toBe(409);
    await expectLedgerConsistent(t.app);
  });
});

describe('ends of pending things', () => {
  it("expire an order: Expired with the payment window job's event; the job later does nothing", async () => {
    const p = await approvedPartner(t);
    const { order } = await sepaToPixOrder(t, p);
    const fired = await firedBy(p, async () => {
      const expired = await simulate(t.app, p, `orders/${order.orderId}/expire`);
      expect(expired.statusCode, expired.body).toBe(200);
      expect(expired.json()).toMatchObject({ status: 'Expired', failureReason: expect.stringContaining('window') });
    });
    expect(typesOf(fired)).toEqual(['order_status_updated:Expired']);

    const { order: twin } = await sepaToPixOrder(t, p);
    const db = await testDb();
    const dueNow = `update jobs set run_at_ms = $2 where kind = 'order.expire' and payload ->> 'orderId' = $1`;
    const real = await firedBy(p, async () => {
      await db.query(dueNow, [twin.orderId, t.ctx.clock.nowMs()]);
      await t.ctx.jobs.runDue();
    });
    expect(typesOf(real)).toEqual(typesOf(fired));
    const late = await firedBy(p, async () => {
      await db.query(dueNow, [order.orderId, t.ctx.clock.nowMs()]);
      await t.ctx.jobs.runDue();
    });
    expect(late).toEqual([]);
    expect((await simulate(t.app, p, `orders/${order.orderId}/expire`)).statusCode).toBe(409);
  });

  it('expire a deposit: a Pending one ends Cancelled, as DELETE ends it; anything else is 409', async () => {
    const p = await approvedPartner(t);
    const payload = {
      userData: { firstName: 'Ana', userEmail: 'ana.orders@example.com', country: 'PT' },
      currency: 'EUR',
      amount: 40,
    };
    const created = await t.app.inject({ method: 'POST', url: '/v1/deposits', headers: p.headers, payload });
    const depositId = created.json().depositId;
    const expired = await simulate(t.app, p, `deposits/${depositId}/expire`);
    expect(expired.statusCode, expired.body).toBe(200);
    expect(expired.json()).toMatchObject({ depositId, status: 'Cancelled', amount: 0 });
    const again = await simulate(t.app, p, `deposits/${depositId}/expire`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'StateError', message: expect.stringContaining('Cancelled') });
  });

  it('activate a deposit method: ACTIVE with deposit_method_activated, once; the job later does nothing', async () => {
    const p = await aPartner(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/deposits/methods',
      headers: p.headers,
      payload: { methodType: 'fiat', currency: 'EUR' },
    });
    expect(created.json()).toMatchObject({ status: 'PENDING', depositInfo: { depositType: 'PENDING' } });
    const methodId = created.json().methodId;
    const fired = await firedBy(p, async () => {
      const active = await simulate(t.app, p, `deposit-methods/${methodId}/activate`);
      expect(active.statusCode, active.body).toBe(200);
      expect(active.json()).toMatchObject({ methodId, status: 'ACTIVE', depositInfo: { depositType: 'SEPA' } });
    });
    expect(fired.map((e) => e.type)).toEqual(['deposit_method_activated']);
    expect(fired[0]?.data).toMatchObject({ methodId, status: 'ACTIVE', depositInfo: { depositType: 'SEPA' } });
    expect(await firedBy(p, () => release(t, methodId))).toEqual([]);
    expect((await simulate(t.app, p, `deposit-methods/${methodId}/activate`)).statusCode).toBe(409);
  });
});

describe('switches', () => {
  const paths = [
    'withdrawals/00000000-0000-4000-8000-000000000000/complete',
    'withdrawals/00000000-0000-4000-8000-000000000000/fail',
    'withdrawals/00000000-0000-4000-8000-000000000000/return',
    'orders/PREAAAAAAAAAAAA/payout/fail',
    'orders/PREAAAAAAAAAAAA/payout/return',
    'orders/PREAAAAAAAAAAAA/expire',
    'deposits/PREAAAAAAAAAAAA/expire',
    'deposit-methods/PREAAAAAAAAAAAA/activate',
  ];

  it('production answers 404 for every helper and for the clock, and stores nothing', async () => {
    const p = await aPartner(t.app);
    for (const path of paths) {
      const response = await simulate(prod.app, p, path);
      expect(response.statusCode, path).toBe(404);
    }
    expect((await simulate(prod.app, p, 'clock/advance', { seconds: 60 })).statusCode).toBe(404);
    expect((await prod.app.inject({ method: 'GET', url: '/v1/simulate/clock', headers: p.headers })).statusCode).toBe(
      404,
    );
    const clock = await t.app.inject({ method: 'GET', url: '/v1/simulate/clock', headers: p.headers });
    expect(clock.json()).toMatchObject({ offsetSeconds: 0 });
  });

  it('a workspace with simulation off is refused 403 AllowanceError', async () => {
    const p = await aPartner(t.app);
    await configureWorkspace(t.app, p.credentials.workspaceId, { simulation: false });
    t.ctx.workspaces.forget(p.credentials.workspaceId);
    const refused = await simulate(t.app, p, paths[0] as string);
    expect(refused.statusCode).toBe(403);
    expect((await simulate(t.app, p, 'clock/advance', { seconds: 60 })).statusCode).toBe(403);
  });
});
