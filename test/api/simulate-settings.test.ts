import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxOutcomes } from '../../src/workspaces/sandbox-outcomes.js';
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
} from '../support/orders.js';
import { eurBalance, eventsOf, fundEur, lastEventId, simulate, typesOf } from '../support/sandbox-helpers.js';

// Goal: with the workspace's sandbox outcomes manual (PUT /v1/simulate/settings), nothing the sandbox would settle
// by itself moves: a withdrawal stays Pending, an order's payout Withdrawn, a deposit method PENDING, well past the
// settle delay and after its job ran, whatever the amount; the helpers then drive each outcome with the events the
// automatic sandbox fires (compared with an automatic twin). The setting is read when a job runs, from the row;
// automatic (the default) settles again; production has no such route. Method: a settle delay of 40 ms, waited out
// in real time, then the job runner is drained as the server's own poll would.

const settleDelayMs = 40;
let t: TestApp;
let prod: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: String(settleDelayMs) } });
  prod = await buildTestApp({ env: productionEnv });
});

afterAll(async () => {
  await t.app.close();
  await prod.app.close();
});

const settings = (app = t.app, p: Partner, outcomes?: unknown) =>
  app.inject({
    method: outcomes === undefined ? 'GET' : 'PUT',
    url: '/v1/simulate/settings',
    headers: p.headers,
    ...(outcomes === undefined ? {} : { payload: { outcomes } }),
  });

async function setOutcomes(p: Partner, outcomes: 'automatic' | 'manual') {
  const response = await settings(t.app, p, outcomes);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ outcomes });
}

/** Waits five settle delays, then runs every due job: what the sandbox does by itself in that time. */
async function pastTheDelay() {
  await new Promise((resolve) => setTimeout(resolve, settleDelayMs * 5));
  await t.ctx.jobs.runDue();
}

/** The events one step fires. */
async function firedBy(p: Partner, step: () => Promise<unknown>) {
  const before = await lastEventId(p);
  await step();
  return eventsOf(p, before);
}

/** Whether every job of the entity has run (done), so that a status still waiting was left so by a job. */
async function jobsDone(id: string) {
  const db = await testDb();
  const rows = await db.query<{ kind: string; done: boolean }>(
    `select kind, done_at_ms is not null as done from jobs
     where kind <> 'order.expire' and $1 in (payload ->> 'orderId', payload ->> 'withdrawalId', payload ->> 'methodId')`,
    [id],
  );
  expect(rows.length).toBeGreaterThan(0);
  return rows.every((row) => row.done);
}

async function fundedPartner(outcomes: 'automatic' | 'manual') {
  const p = await approvedPartner(t);
  await fundEur(t, p, 1000);
  await setOutcomes(p, outcomes);
  return p;
}

async function withdrawal(p: Partner, amount: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/withdrawals',
    headers: p.headers,
    payload: { currency: 'EUR', amount, destinationTransferData: destinations.SEPA },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().withdrawalId as string;
}

const withdrawalStatus = async (p: Partner, id: string) =>
  (await t.app.inject({ method: 'GET', url: `/v1/withdrawals/${id}`, headers: p.headers })).json().status;

/** A withdrawal the sandbox leaves Pending past its delay, its payout job run; the events it fired. */
async function heldWithdrawal(p: Partner, amount: number) {
  const id = await withdrawal(p, amount);
  expect(await firedBy(p, pastTheDelay)).toEqual([]);
  expect(await jobsDone(id)).toBe(true);
  expect(await withdrawalStatus(p, id)).toBe('Pending');
  return id;
}

describe('the setting', () => {
  it('reads automatic by default; PUT switches it, in the row: a second process sees it at once', async () => {
    const p = await aPartner(t.app);
    expect((await settings(t.app, p)).json()).toEqual({ outcomes: 'automatic' });
    const other = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: String(settleDelayMs) } });
    try {
      expect((await settings(other.app, p)).json()).toEqual({ outcomes: 'automatic' }); // its cache now holds p
      await setOutcomes(p, 'manual');
      expect((await settings(other.app, p)).json()).toEqual({ outcomes: 'manual' });
      expect((await settings(other.app, p, 'automatic')).statusCode).toBe(200);
      expect((await settings(t.app, p)).json()).toEqual({ outcomes: 'automatic' });
    } finally {
      await other.app.close();
    }
  });

  it('refuses an unknown value or field (400), simulation off (403), and production has none (404)', async () => {
    const p = await aPartner(t.app);
    const unknown = await settings(t.app, p, 'later');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'ValidationError' });
    const extra = await t.app.inject({
      method: 'PUT',
      url: '/v1/simulate/settings',
      headers: p.headers,
      payload: { outcomes: 'manual', settleDelayMs: 5 },
    });
    expect(extra.statusCode).toBe(400);
    expect((await settings(t.app, p)).json()).toEqual({ outcomes: 'automatic' });

    for (const response of [
      await settings(prod.app, p),
      await settings(prod.app, p, 'manual'),
      await simulate(prod.app, p, 'orders/PREAAAAAAAAAAAA/payout/complete'),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    // Production never reads the column: the reader answers automatic without a query.
    const noStore = { query: () => Promise.reject(new Error('read in production')) } as never;
    expect(await sandboxOutcomes({ brokerageEnv: 'production' }, noStore, p.credentials.workspaceId)).toBe('automatic');

    await configureWorkspace(t.app, p.credentials.workspaceId, { simulation: false });
    t.ctx.workspaces.forget(p.credentials.workspaceId);
    for (const response of [await settings(t.app, p), await settings(t.app, p, 'manual')]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'AllowanceError' });
    }
  });
});

describe('a withdrawal with manual outcomes', () => {
  it('waits Pending past the delay; complete then fires what the automatic settle fires', async () => {
    const p = await fundedPartner('manual');
    const id = await heldWithdrawal(p, 120.5);
    const fired = await firedBy(p, async () => {
      const done = await simulate(t.app, p, `withdrawals/${id}/complete`);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ withdrawalId: id, status: 'Success' });
    });
    expect(await eurBalance(t, p)).toMatchObject({ available: 879.5, pending: 0 });

    const twin = await fundedPartner('automatic');
    const twinId = await withdrawal(twin, 120.5);
    expect(typesOf(await firedBy(twin, pastTheDelay))).toEqual(typesOf(fired));
    expect(await withdrawalStatus(twin, twinId)).toBe('Success');
    expect(typesOf(fired)).toEqual([
      'withdrawal_status_updated:Success',
      'withdrawal_completed:Success',
      'balance_updated',
    ]);
  });

  it('a magic amount decides nothing: .91 waits and completes, .92 waits and fails, and return works', async () => {
    const p = await fundedPartner('manual');
    const rejectedByAmount = await heldWithdrawal(p, 100.91);
    expect((await simulate(t.app, p, `withdrawals/${rejectedByAmount}/complete`)).json()).toMatchObject({
      status: 'Success',
    });

    const returnedByAmount = await heldWithdrawal(p, 100.92);
    const failed = await firedBy(p, async () => {
      const response = await simulate(t.app, p, `withdrawals/${returnedByAmount}/fail`);
      expect(response.json()).toMatchObject({ status: 'Failed' });
    });
    expect(typesOf(failed)).toEqual(['withdrawal_status_updated:Failed', 'balance_updated']);

    const returned = await heldWithdrawal(p, 50);
    const back = await firedBy(p, async () => {
      const response = await simulate(t.app, p, `withdrawals/${returned}/return`);
      expect(response.json()).toMatchObject({ status: 'Returned' });
    });
    expect(typesOf(back)).toEqual([
      'withdrawal_status_updated:Success',
      'withdrawal_completed:Success',
      'balance_updated',
      'withdrawal_status_updated:Returned',
      'balance_updated',
    ]);
    expect(await firedBy(p, pastTheDelay)).toEqual([]);
    expect(await eurBalance(t, p)).toMatchObject({ available: 899.09, pending: 0 });
    await expectLedgerConsistent(t.app);
  });

  it('the setting is read when the job runs; back on automatic, new payouts settle by themselves', async () => {
    const p = await fundedPartner('manual');
    const sentWhileManual = await withdrawal(p, 10);
    await setOutcomes(p, 'automatic'); // before its job ran: the job finds automatic
    await pastTheDelay();
    expect(await withdrawalStatus(p, sentWhileManual)).toBe('Success');
    const sentWhileAutomatic = await withdrawal(p, 20);
    await setOutcomes(p, 'manual'); // before its job ran: the job finds manual
    await pastTheDelay();
    expect(await withdrawalStatus(p, sentWhileAutomatic)).toBe('Pending');

    await setOutcomes(p, 'automatic');
    const later = await withdrawal(p, 30);
    await pastTheDelay();
    expect(await withdrawalStatus(p, later)).toBe('Success');
    // What waited when the switch came keeps waiting for a helper (its job ran while manual).
    expect(await withdrawalStatus(p, sentWhileAutomatic)).toBe('Pending');
    expect((await simulate(t.app, p, `withdrawals/${sentWhileAutomatic}/complete`)).statusCode).toBe(200);
  });
});

describe("an order's payout leg with manual outcomes", () => {
  /** An order paid from the balance to PIX, placed and run as far as the sandbox takes it; the events of that. */
  async function placedOrder(p: Partner, destinationAmount: number) {
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
    let orderId = '';
    const fired = await firedBy(p, async () => {
      const placed = await postOrder(t.app, p, body);
      expect(placed.statusCode, placed.body).toBe(201);
      orderId = placed.json().orderId;
      await t.ctx.jobs.runDue();
      await pastTheDelay();
    });
    return { orderId, fired };
  }

  it('waits Withdrawn past the delay; payout/complete reaches Success with the automatic events', async () => {
    const p = await fundedPartner('manual');
    const { orderId, fired: sent } = await placedOrder(p, 300);
    expect(await jobsDone(orderId)).toBe(true);
    expect((await readOrder(t.app, p, orderId)).status).toBe('Withdrawn');
    const completed = await firedBy(p, async () => {
      const done = await simulate(t.app, p, `orders/${orderId}/payout/complete`);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ orderId, status: 'Success' });
    });
    expect(typesOf(completed)).toEqual(['order_status_updated:Success', 'order_completed:Success']);

    const twin = await fundedPartner('automatic');
    const { orderId: twinId, fired: real } = await placedOrder(twin, 300);
    expect((await readOrder(t.app, twin, twinId)).status).toBe('Success');
    expect(typesOf([...sent, ...completed])).toEqual(typesOf(real));

    const again = await simulate(t.app, p, `orders/${orderId}/payout/complete`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'StateError', message: expect.stringContaining('Success') });
    await expectLedgerConsistent(t.app);
  });

  it('a magic amount decides nothing (.91 leaves and waits); payout/fail refunds to the balance', async () => {
    const p = await fundedPartner('manual');
    const { orderId } = await placedOrder(p, 300.91);
    expect((await readOrder(t.app, p, orderId)).status).toBe('Withdrawn');
    const failed = await simulate(t.app, p, `orders/${orderId}/payout/fail`);
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({ status: 'Refunded', failureReason: expect.stringContaining('rejected') });
    expect(await eurBalance(t, p)).toMatchObject({ available: 1000, pending: 0 });

    const { orderId: returnedByAmount } = await placedOrder(p, 300.92);
    expect((await readOrder(t.app, p, returnedByAmount)).status).toBe('Withdrawn');
    expect((await simulate(t.app, p, `orders/${returnedByAmount}/payout/return`)).json()).toMatchObject({
      status: 'Refunded',
    });
    await expectLedgerConsistent(t.app);
  });

  it('a return the sandbox scheduled while automatic holds once the workspace is manual when it runs', async () => {
    const p = await fundedPartner('automatic');
    const quote = await aQuote(t.app, p, {
      originCurrency: 'EUR',
      originRail: 'BALANCE',
      destinationCurrency: 'BRL',
      destinationAmount: 300.92,
    });
    const body = {
      quoteId: quote.quoteId,
      destinationUserData: beneficiary,
      destinationTransferData: destinations.PIX_BR,
    };
    const orderId = (await postOrder(t.app, p, body)).json().orderId;
    await t.ctx.jobs.runDue(); // the payout leaves; the sandbox schedules its return (.92)
    await setOutcomes(p, 'manual');
    expect(await firedBy(p, pastTheDelay)).toEqual([]);
    expect(await jobsDone(orderId)).toBe(true);
    expect((await simulate(t.app, p, `orders/${orderId}/payout/complete`)).json()).toMatchObject({ status: 'Success' });
  });
});

describe('a deposit method with manual outcomes', () => {
  it('stays PENDING past the delay; activate makes it ACTIVE with deposit_method_activated', async () => {
    const p = await aPartner(t.app);
    await setOutcomes(p, 'manual');
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/deposits/methods',
      headers: p.headers,
      payload: { methodType: 'fiat', currency: 'EUR' },
    });
    const methodId = created.json().methodId;
    expect(typesOf(await firedBy(p, pastTheDelay))).toEqual([]);
    expect(await jobsDone(methodId)).toBe(true);
    const read = await t.app.inject({ method: 'GET', url: `/v1/deposits/methods/${methodId}`, headers: p.headers });
    expect(read.json()).toMatchObject({ status: 'PENDING' });
    const fired = await firedBy(p, async () => {
      const active = await simulate(t.app, p, `deposit-methods/${methodId}/activate`);
      expect(active.json()).toMatchObject({ methodId, status: 'ACTIVE', depositInfo: { depositType: 'SEPA' } });
    });
    expect(fired.map((event) => event.type)).toEqual(['deposit_method_activated']);

    await setOutcomes(p, 'automatic');
    const next = await t.app.inject({
      method: 'POST',
      url: '/v1/deposits/methods',
      headers: p.headers,
      payload: { methodType: 'fiat', currency: 'EUR' },
    });
    expect(typesOf(await firedBy(p, pastTheDelay))).toEqual(['deposit_method_activated:ACTIVE']);
    expect(next.json()).toMatchObject({ status: 'PENDING' });
  });
});
