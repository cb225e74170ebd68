import { beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, aToken, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import {
  approvedPartner,
  aQuote,
  expectLedgerConsistent,
  listOrders,
  payIn,
  pendingPayments,
  pixOrderBody,
  postOrder,
  readOrder,
  sepaToPixOrder,
  simulateOrder,
} from '../support/orders.js';

// Goal: how money reaches an order: one idempotent POST /v1/orders however often it is sent, partial and excess
// payments, the simulation's scenarios (failed, processing, compliance holds decided by an operator), the payer field
// of the origin currency, and expiry after the payment window. Method: the sandbox rails with jobs run on demand and
// a clock shared with the app; the expiry test moves it by a day and runs last.

let t: TestApp;
const clock = new TestClock();

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' }, clock });
});

/** An approved partner and the body of a PIX order on a fresh 80 EUR quote of theirs. */
async function anOrderBody() {
  const p = await approvedPartner(t);
  const quote = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 80 });
  return { p, body: pixOrderBody(quote.quoteId) };
}

/** A SEPA-to-PIX order paid in full by a simulated transfer that plays `scenario`. */
async function paidUnder(p: Partner, scenario: string): Promise<string> {
  const { order } = await sepaToPixOrder(t, p);
  await payIn(t, p, order.orderId, 100, scenario);
  return order.orderId;
}

describe('idempotent POST /v1/orders', () => {
  it('replays the original answer, and a different payload with the key is 409', async () => {
    const { p, body } = await anOrderBody();
    const first = await postOrder(t.app, p, body, { 'idempotency-key': 'order-1' });
    const replay = await postOrder(t.app, p, body, { 'idempotency-key': 'order-1' });
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.body).toBe(first.body);
    const other = await postOrder(t.app, p, { ...body, externalReference: 'X' }, { 'idempotency-key': 'order-1' });
    expect(other.statusCode).toBe(409);
  });

  it('simultaneous identical requests create one order; the others replay it', async () => {
    const { p, body } = await anOrderBody();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => postOrder(t.app, p, body, { 'idempotency-key': 'concurrent-order' })),
    );
    // The losers of the race for the quote find the winner's key when they record their failure: they replay it.
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await listOrders(t, p)).toHaveLength(1);
  });

  it('many orders racing for one quote without keys: exactly one binds it', async () => {
    const { p, body } = await anOrderBody();
    const answers = await Promise.all(Array.from({ length: 8 }, () => postOrder(t.app, p, body)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(7);
  });
});

describe('payments into an order', () => {
  it('a partial payment waits (PartiallyPaid), the rest completes it', async () => {
    const p = await approvedPartner(t);
    const { order } = await sepaToPixOrder(t, p);
    await payIn(t, p, order.orderId, 40);
    await t.ctx.jobs.runDue();
    expect(await readOrder(t.app, p, order.orderId)).toMatchObject({
      status: 'PartiallyPaid',
      deposit: { amount: 40 },
    });
    const cancel = await t.app.inject({ method: 'DELETE', url: `/v1/orders/${order.orderId}`, headers: p.headers });
    expect(cancel.statusCode).toBe(409);
    await payIn(t, p, order.orderId, 60);
    await t.ctx.jobs.runDue();
    expect(await readOrder(t.app, p, order.orderId)).toMatchObject({ status: 'Success', deposit: { amount: 100 } });
    await expectLedgerConsistent(t.app);
  });

  it('an overpayment completes the order and the excess becomes a pending payment naming it', async () => {
    const p = await approvedPartner(t);
    const { order } = await sepaToPixOrder(t, p);
    await payIn(t, p, order.orderId, 130);
    await t.ctx.jobs.runDue();
    expect((await readOrder(t.app, p, order.orderId)).status).toBe('Success');
    expect(await pendingPayments(t, p)).toEqual([
      expect.objectContaining({ amount: 30, currency: 'EUR', status: 'UNMATCHED', sourceOrderId: order.orderId }),
    ]);
    await expectLedgerConsistent(t.app);
  });

  it('scenarios: failed ends the order, processing holds it, compliance review waits for an operator', async () => {
    const p = await approvedPartner(t);
    const failed = await paidUnder(p, 'failed');
    const processing = await paidUnder(p, 'processing');
    const cleared = await paidUnder(p, 'compliance_review');
    const rejected = await paidUnder(p, 'compliance_review');
    await t.ctx.jobs.runDue();
    expect((await readOrder(t.app, p, failed)).status).toBe('Failed');
    expect((await readOrder(t.app, p, processing)).status).toBe('Processing');
    expect((await readOrder(t.app, p, cleared)).status).toBe('ComplianceReview');
    const decide = (id: string, decision: string) =>
      t.app.inject({ method: 'POST', url: `/admin/v1/orders/${id}/compliance/${decision}`, headers: adminHeaders });
    expect((await decide(cleared, 'clear')).json().status).toBe('Received');
    expect((await decide(rejected, 'reject')).json().status).toBe('Failed');
    expect((await decide(rejected, 'reject')).statusCode).toBe(409);
    await t.ctx.jobs.runDue();
    expect((await readOrder(t.app, p, cleared)).status).toBe('Success');
    expect(await pendingPayments(t, p)).toEqual([
      expect.objectContaining({ sourceOrderId: rejected, refundStatus: 'returned', status: 'RETURNED' }),
    ]);
    // The processing transfer lands later.
    await payIn(t, p, processing, 100);
    await t.ctx.jobs.runDue();
    expect((await readOrder(t.app, p, processing)).status).toBe('Success');
    await expectLedgerConsistent(t.app);
  });

  it('the simulated transfer takes the payer field of the origin currency', async () => {
    const p = await approvedPartner(t);
    const { order } = await sepaToPixOrder(t, p);
    const wrong = await simulateOrder(t.app, p, {
      orderId: order.orderId,
      amount: 100,
      counterparty: { name: 'Ana', accountNumber: '12345678' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('counterparty.accountNumber');
  });

  // Runs last in the file: it moves the clock the app shares by a day, and nothing after it should see that.
  it('the payment window expires an unpaid order, and a part-paid one with its funds kept as a pending payment', async () => {
    const p = await approvedPartner(t);
    const unpaid = await sepaToPixOrder(t, p);
    const partPaid = await sepaToPixOrder(t, p);
    await payIn(t, p, partPaid.order.orderId, 25);
    await t.ctx.jobs.runDue();
    // A minute short of the window (the test clock also moves with real time), then past it.
    clock.advance(24 * 3600 * 1000 - 60_000);
    await t.ctx.jobs.runDue();
    p.headers.authorization = `Bearer ${await aToken(t.app, p.credentials)}`;
    expect((await readOrder(t.app, p, unpaid.order.orderId)).status).toBe('Pending');
    clock.advance(120_000);
    await t.ctx.jobs.runDue();
    expect((await readOrder(t.app, p, unpaid.order.orderId)).status).toBe('Expired');
    expect(await readOrder(t.app, p, partPaid.order.orderId)).toMatchObject({
      status: 'Expired',
      deposit: { amount: 25 },
    });
    expect(await pendingPayments(t, p)).toEqual([
      expect.objectContaining({ amount: 25, sourceOrderId: partPaid.order.orderId, status: 'UNMATCHED' }),
    ]);
    const late = await payIn(t, p, unpaid.order.orderId, 100);
    expect(late.statusCode).toBe(409);
    await expectLedgerConsistent(t.app);
  });
});
