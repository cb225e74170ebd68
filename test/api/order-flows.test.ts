import { beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, aPartner, aToken, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, productionEnv, type TestApp, TestClock, testDb } from '../support/harness.js';
import {
  aQuote,
  beneficiary,
  destinations,
  expectLedgerConsistent,
  payer,
  payerFields,
  postOrder,
  readOrder,
  simulateOrder,
} from '../support/orders.js';

// Goal: every branch of the order state machine through the API: exchanges settle at once or move nothing,
// on-behalf orders use the customer's account, partial and excess payments, expiry after the payment window,
// failed and returned payouts refunded through the ledger, compliance holds, DELETE and confirm-payin rules, and
// an order from a pending payment. Method: the sandbox rails with jobs run on demand and a controllable clock.

let t: TestApp;
const clock = new TestClock();
const customer = 'carla.customer@example.com';

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' }, clock });
});

async function approvedPartner(): Promise<Partner> {
  const p = await aPartner(t.app);
  await verifyCustomer(t.app, p, payer.userEmail);
  return p;
}

/** A partner whose own account holds `amount` EUR, collected by a simulated deposit. */
async function fundedPartner(amount: number): Promise<Partner> {
  const p = await approvedPartner();
  const deposit = await t.app.inject({
    method: 'POST',
    url: '/v1/deposits',
    headers: p.headers,
    payload: { userData: payer, currency: 'EUR', amount },
  });
  await t.app.inject({
    method: 'POST',
    url: '/v1/simulate/incoming-transfer/deposit',
    headers: p.headers,
    payload: { depositId: deposit.json().depositId, amount, ...payerFields.EUR },
  });
  await t.ctx.jobs.runDue();
  return p;
}

const balances = async (p: Partner, query = '') =>
  Object.fromEntries(
    (await t.app.inject({ method: 'GET', url: `/v1/balances${query}`, headers: p.headers }))
      .json()
      .balances.map((b: { currency: string; available: number; pending: number }) => [b.currency, b]),
  );

const pendingPayments = async (p: Partner) =>
  (await t.app.inject({ method: 'GET', url: '/v1/pending-payments', headers: p.headers })).json().value;

async function sepaToPixOrder(p: Partner, quoteBody: Record<string, unknown> = {}) {
  const quote = await aQuote(t.app, p, {
    originCurrency: 'EUR',
    destinationCurrency: 'BRL',
    originAmount: 100,
    ...quoteBody,
  });
  const response = await postOrder(t.app, p, {
    quoteId: quote.quoteId,
    userData: payer,
    destinationUserData: beneficiary,
    destinationTransferData: destinations.PIX_BR,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { quote, order: response.json() };
}

describe('exchanges (BALANCE to BALANCE)', () => {
  const exchangeQuote = {
    originCurrency: 'EUR',
    originRail: 'BALANCE',
    destinationCurrency: 'USDC',
    destinationRail: 'BALANCE',
  };

  it('settle at once from the balance: Success in the response, both balances moved', async () => {
    const p = await fundedPartner(1000);
    const quote = await aQuote(t.app, p, { ...exchangeQuote, originAmount: 400 });
    const response = await postOrder(t.app, p, {
      quoteId: quote.quoteId,
      destinationTransferData: destinations.BALANCE,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'Success',
      deposit: { amount: 400, depositInfo: { depositType: 'BALANCE' } },
      trade: { status: 'Success' },
      withdraw: { status: 'Success', rail: 'BALANCE' },
      fee: quote.fee,
    });
    const after = await balances(p);
    expect(after.EUR).toMatchObject({ available: 600, pending: 0 });
    expect(after.USDC).toMatchObject({ available: quote.destinationAmount, pending: 0 });
    await expectLedgerConsistent(t.app);
  });

  it('answer 402 FundsError with nothing moved and the quote still usable', async () => {
    const p = await fundedPartner(100);
    const quote = await aQuote(t.app, p, { ...exchangeQuote, originAmount: 150 });
    const body = { quoteId: quote.quoteId, destinationTransferData: destinations.BALANCE };
    const refused = await postOrder(t.app, p, body, { 'idempotency-key': 'exchange-short-1' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ success: false, error: 'FundsError' });
    expect((await balances(p)).EUR).toMatchObject({ available: 100, pending: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/v1/orders', headers: p.headers })).json()).toEqual([]);
    // The failed key stays consumed (spec: idempotency rule 5).
    expect((await postOrder(t.app, p, body, { 'idempotency-key': 'exchange-short-1' })).statusCode).toBe(409);
  });

  it('cannot be simulated: there is no inbound transfer', async () => {
    const p = await fundedPartner(100);
    const quote = await aQuote(t.app, p, { ...exchangeQuote, originAmount: 50 });
    const order = (
      await postOrder(t.app, p, { quoteId: quote.quoteId, destinationTransferData: destinations.BALANCE })
    ).json();
    const simulated = await simulateOrder(t.app, p, { orderId: order.orderId, amount: 50, ...payerFields.EUR });
    expect(simulated.statusCode).toBe(409);
    expect(simulated.json()).toMatchObject({ error: 'StateError' });
  });
});

describe('on-behalf orders', () => {
  it("collect into the customer's balance, then pay out of it; the workspace's own balance is untouched", async () => {
    const p = await approvedPartner();
    await verifyCustomer(t.app, p, customer);
    const inQuote = await aQuote(t.app, p, {
      originCurrency: 'EUR',
      destinationCurrency: 'USDC',
      destinationRail: 'BALANCE',
      originAmount: 200,
      customerEmail: customer,
    });
    const collect = await postOrder(t.app, p, {
      quoteId: inQuote.quoteId,
      userData: payer,
      destinationTransferData: destinations.BALANCE,
    });
    expect(collect.statusCode, collect.body).toBe(201);
    expect(collect.json()).toMatchObject({ customerEmail: customer, status: 'Pending' });
    await simulateOrder(t.app, p, { orderId: collect.json().orderId, amount: 200, ...payerFields.EUR });
    await t.ctx.jobs.runDue();
    expect((await readOrder(t.app, p, collect.json().orderId)).status).toBe('Success');
    expect((await balances(p, `?userEmail=${customer}`)).USDC).toMatchObject({ available: inQuote.destinationAmount });
    expect((await balances(p)).USDC).toBeUndefined();

    const outQuote = await aQuote(t.app, p, {
      originCurrency: 'USDC',
      originRail: 'BALANCE',
      destinationCurrency: 'EUR',
      originAmount: 100,
      customerEmail: customer,
    });
    const payout = await postOrder(t.app, p, {
      quoteId: outQuote.quoteId,
      destinationUserData: beneficiary,
      destinationTransferData: destinations.SEPA,
    });
    expect(payout.statusCode, payout.body).toBe(201);
    expect(payout.json().status).toBe('Received');
    await t.ctx.jobs.runDue();
    expect((await readOrder(t.app, p, payout.json().orderId)).status).toBe('Success');
    const left = inQuote.destinationAmount - 100;
    expect((await balances(p, `?userEmail=${customer}`)).USDC.available).toBeCloseTo(left, 6);
    await expectLedgerConsistent(t.app);
  });

  it('need the customer APPROVED (403 naming the status), and a short customer balance is 402', async () => {
    const p = await approvedPartner();
    const quote = await aQuote(t.app, p, {
      originCurrency: 'USDC',
      originRail: 'BALANCE',
      destinationCurrency: 'EUR',
      originAmount: 50,
      customerEmail: 'nobody@example.com',
    });
    const body = {
      quoteId: quote.quoteId,
      destinationUserData: beneficiary,
      destinationTransferData: destinations.SEPA,
    };
    const refused = await postOrder(t.app, p, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('NOT_AVAILABLE');
    await verifyCustomer(t.app, p, 'nobody@example.com');
    const short = await postOrder(t.app, p, body);
    expect(short.statusCode).toBe(402);
  });

  it('scope idempotency keys to the customer: one key, two customers, two orders', async () => {
    const p = await fundedPartner(10);
    for (const email of ['k1@example.com', 'k2@example.com']) await verifyCustomer(t.app, p, email);
    const ids: string[] = [];
    for (const email of ['k1@example.com', 'k2@example.com']) {
      const quote = await aQuote(t.app, p, {
        originCurrency: 'EUR',
        destinationCurrency: 'BRL',
        originAmount: 100,
        customerEmail: email,
      });
      const response = await postOrder(
        t.app,
        p,
        {
          quoteId: quote.quoteId,
          userData: payer,
          destinationUserData: beneficiary,
          destinationTransferData: destinations.PIX_BR,
        },
        { 'idempotency-key': 'same-key' },
      );
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json().orderId);
    }
    expect(new Set(ids).size).toBe(2);
  });
});

describe('idempotent POST /v1/orders', () => {
  it('replays the original answer, and a different payload with the key is 409', async () => {
    const p = await approvedPartner();
    const quote = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 80 });
    const body = {
      quoteId: quote.quoteId,
      userData: payer,
      destinationUserData: beneficiary,
      destinationTransferData: destinations.PIX_BR,
    };
    const first = await postOrder(t.app, p, body, { 'idempotency-key': 'order-1' });
    const replay = await postOrder(t.app, p, body, { 'idempotency-key': 'order-1' });
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.body).toBe(first.body);
    const other = await postOrder(t.app, p, { ...body, externalReference: 'X' }, { 'idempotency-key': 'order-1' });
    expect(other.statusCode).toBe(409);
  });

  it('two simultaneous identical requests create one order', async () => {
    const p = await approvedPartner();
    const quote = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 80 });
    const body = {
      quoteId: quote.quoteId,
      userData: payer,
      destinationUserData: beneficiary,
      destinationTransferData: destinations.PIX_BR,
    };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => postOrder(t.app, p, body, { 'idempotency-key': 'concurrent-order' })),
    );
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((a) => a.json().orderId)).size).toBe(1);
    for (const a of answers) expect([201, 409]).toContain(a.statusCode);
    expect((await t.app.inject({ method: 'GET', url: '/v1/orders', headers: p.headers })).json()).toHaveLength(1);
  });

  it('many orders racing for one quote without keys: exactly one binds it', async () => {
    const p = await approvedPartner();
    const quote = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 80 });
    const body = {
      quoteId: quote.quoteId,
      userData: payer,
      destinationUserData: beneficiary,
      destinationTransferData: destinations.PIX_BR,
    };
    const answers = await Promise.all(Array.from({ length: 8 }, () => postOrder(t.app, p, body)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(7);
  });
});

describe('payments into an order', () => {
  it('a partial payment waits (PartiallyPaid), the rest completes it', async () => {
    const p = await approvedPartner();
    const { order } = await sepaToPixOrder(p);
    await simulateOrder(t.app, p, { orderId: order.orderId, amount: 40, ...payerFields.EUR });
    await t.ctx.jobs.runDue();
    expect(await readOrder(t.app, p, order.orderId)).toMatchObject({
      status: 'PartiallyPaid',
      deposit: { amount: 40 },
    });
    const cancel = await t.app.inject({ method: 'DELETE', url: `/v1/orders/${order.orderId}`, headers: p.headers });
    expect(cancel.statusCode).toBe(409);
    await simulateOrder(t.app, p, { orderId: order.orderId, amount: 60, ...payerFields.EUR });
    await t.ctx.jobs.runDue();
    expect(await readOrder(t.app, p, order.orderId)).toMatchObject({ status: 'Success', deposit: { amount: 100 } });
    await expectLedgerConsistent(t.app);
  });

  it('an overpayment completes the order and the excess becomes a pending payment naming it', async () => {
    const p = await approvedPartner();
    const { order } = await sepaToPixOrder(p);
    await simulateOrder(t.app, p, { orderId: order.orderId, amount: 130, ...payerFields.EUR });
    await t.ctx.jobs.runDue();
    expect((await readOrder(t.app, p, order.orderId)).status).toBe('Success');
    expect(await pendingPayments(p)).toEqual([
      expect.objectContaining({ amount: 30, currency: 'EUR', status: 'UNMATCHED', sourceOrderId: order.orderId }),
    ]);
    await expectLedgerConsistent(t.app);
  });

  it('the payment window expires an unpaid order, and a part-paid one with its funds kept as a pending payment', async () => {
    const p = await approvedPartner();
    const unpaid = await sepaToPixOrder(p);
    const partPaid = await sepaToPixOrder(p);
    await simulateOrder(t.app, p, { orderId: partPaid.order.orderId, amount: 25, ...payerFields.EUR });
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
    expect(await pendingPayments(p)).toEqual([
      expect.objectContaining({ amount: 25, sourceOrderId: partPaid.order.orderId, status: 'UNMATCHED' }),
    ]);
    const late = await simulateOrder(t.app, p, { orderId: unpaid.order.orderId, amount: 100, ...payerFields.EUR });
    expect(late.statusCode).toBe(409);
    await expectLedgerConsistent(t.app);
  });

  it('scenarios: failed ends the order, processing holds it, compliance review waits for an operator', async () => {
    const p = await approvedPartner();
    const failed = await sepaToPixOrder(p);
    await simulateOrder(t.app, p, {
      orderId: failed.order.orderId,
      amount: 100,
      scenario: 'failed',
      ...payerFields.EUR,
    });
    const processing = await sepaToPixOrder(p);
    await simulateOrder(t.app, p, {
      orderId: processing.order.orderId,
      amount: 100,
      scenario: 'processing',
      ...payerFields.EUR,
    });
    const cleared = await sepaToPixOrder(p);
    await simulateOrder(t.app, p, {
      orderId: cleared.order.orderId,
      amount: 100,
      scenario: 'compliance_review',
      ...payerFields.EUR,
    });
    const rejected = await sepaToPixOrder(p);
    await simulateOrder(t.app, p, {
      orderId: rejected.order.orderId,
      amount: 100,
      scenario: 'compliance_review',
      ...payerFields.EUR,
    });
    await t.ctx.jobs.runDue();
    expect((await readOrder(t.app, p, failed.order.orderId)).status).toBe('Failed');
    expect((await readOrder(t.app, p, processing.order.orderId)).status).toBe('Processing');
    expect((await readOrder(t.app, p, cleared.order.orderId)).status).toBe('ComplianceReview');
    const decide = (id: string, decision: string) =>
      t.app.inject({ method: 'POST', url: `/admin/v1/orders/${id}/compliance/${decision}`, headers: adminHeaders });
    expect((await decide(cleared.order.orderId, 'clear')).json().status).toBe('Received');
    expect((await decide(rejected.order.orderId, 'reject')).json().status).toBe('Failed');
    expect((await decide(rejected.order.orderId, 'reject')).statusCode).toBe(409);
    await t.ctx.jobs.runDue();
    expect((await readOrder(t.app, p, cleared.order.orderId)).status).toBe('Success');
    expect(await pendingPayments(p)).toEqual([
      expect.objectContaining({ sourceOrderId: rejected.order.orderId, refundStatus: 'returned', status: 'RETURNED' }),
    ]);
    // The processing transfer lands later.
    await simulateOrder(t.app, p, { orderId: processing.order.orderId, amount: 100, ...payerFields.EUR });
    await t.ctx.jobs.runDue();
    expect((await readOrder(t.app, p, processing.order.orderId)).status).toBe('Success');
    await expectLedgerConsistent(t.app);
  });

  it('the simulated transfer takes the payer field of the origin currency', async () => {
    const p = await approvedPartner();
    const { order } = await sepaToPixOrder(p);
    const wrong = await simulateOrder(t.app, p, {
      orderId: order.orderId,
      amount: 100,
      counterparty: { name: 'Ana', accountNumber: '12345678' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('counterparty.accountNumber');
  });
});

describe('failed payouts refund through the ledger', () => {
  it('a rejected payout (destination ending .91) reverses the conversion and refunds the payer', async () => {
    const p = await approvedPartner();
    const { order } = await sepaToPixOrder(p, { originAmount: undefined, destinationAmount: 500.91 });
    await simulateOrder(t.app, p, { orderId: order.orderId, amount: order.originAmount, ...payerFields.EUR });
    await t.ctx.jobs.runDue();
    const refunded = await readOrder(t.app, p, order.orderId);
    expect(refunded).toMatchObject({
      status: 'Refunded',
      fee: 0,
      trade: { status: 'Reversed' },
      withdraw: { status: 'Cancelled' },
      failureReason: expect.stringContaining('rejected'),
    });
    expect(await pendingPayments(p)).toEqual([
      expect.objectContaining({ amount: order.originAmount, sourceOrderId: order.orderId, refundStatus: 'returned' }),
    ]);
    await expectLedgerConsistent(t.app);
  });

  it('a returned payout (ending .92) goes Withdrawn, then Refunded; from a balance the funds come back to it', async () => {
    const p = await fundedPartner(1000);
    const quote = await aQuote(t.app, p, {
      originCurrency: 'EUR',
      originRail: 'BALANCE',
      destinationCurrency: 'BRL',
      destinationAmount: 300.92,
    });
    const created = await postOrder(t.app, p, {
      quoteId: quote.quoteId,
      destinationUserData: beneficiary,
      destinationTransferData: destinations.PIX_BR,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await balances(p)).EUR.available).toBeCloseTo(1000 - quote.originAmount, 2);
    await t.ctx.jobs.runDue();
    expect(await readOrder(t.app, p, created.json().orderId)).toMatchObject({
      status: 'Refunded',
      trade: { status: 'Reversed' },
      withdraw: { status: 'Reversed' },
    });
    expect((await balances(p)).EUR).toMatchObject({ available: 1000, pending: 0 });
    const db = await testDb();
    const statuses = await db.query<{ data: { status: string } }>(
      `select data from outbox_events where event_id = $1 and type = 'order_status_updated' order by id`,
      [created.json().orderId],
    );
    expect(statuses.map((s) => s.data.status)).toEqual(['Received', 'Exchanging', 'Withdrawn', 'Refunded']);
    await expectLedgerConsistent(t.app);
  });
});

describe('DELETE and confirm-payin', () => {
  it('DELETE cancels a Pending order; afterwards, or on any other status, it is 409 StateError', async () => {
    const p = await approvedPartner();
    const { order } = await sepaToPixOrder(p);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/v1/orders/${order.orderId}`, headers: p.headers });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: expect.any(String) });
    expect((await readOrder(t.app, p, order.orderId)).status).toBe('Cancelled');
    const again = await t.app.inject({ method: 'DELETE', url: `/v1/orders/${order.orderId}`, headers: p.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ ok: false, error: 'StateError' });
    expect(
      (await simulateOrder(t.app, p, { orderId: order.orderId, amount: 100, ...payerFields.EUR })).statusCode,
    ).toBe(409);
  });

  it('unknown order 404, another workspace 401', async () => {
    const p = await approvedPartner();
    const other = await approvedPartner();
    const { order } = await sepaToPixOrder(p);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/orders/PRE000000000000', headers: p.headers })).statusCode,
    ).toBe(404);
    const foreign = await t.app.inject({ method: 'GET', url: `/v1/orders/${order.orderId}`, headers: other.headers });
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json()).toMatchObject({ ok: false, error: 'AuthorizationError' });
    const del = await t.app.inject({ method: 'DELETE', url: `/v1/orders/${order.orderId}`, headers: other.headers });
    expect(del.statusCode).toBe(401);
  });

  it('confirm-payin is 409 for an order whose rail needs none, 400 when the body names another order', async () => {
    const p = await approvedPartner();
    const { order } = await sepaToPixOrder(p);
    const confirm = (payload: object) =>
      t.app.inject({ method: 'POST', url: `/v1/orders/${order.orderId}/confirm-payin`, headers: p.headers, payload });
    const sepa = await confirm({ orderId: order.orderId, referenceId: 'UTR123456789' });
    expect(sepa.statusCode).toBe(409);
    expect(sepa.json()).toMatchObject({ success: false, error: 'StateError' });
    expect((await confirm({ orderId: 'PREOTHER0000000', referenceId: 'x' })).statusCode).toBe(400);
    expect((await confirm({ orderId: order.orderId })).statusCode).toBe(400);
  });

  it('confirm-payin records the reference on an IMPS order (made directly: no currency offers IMPS today)', async () => {
    const p = await approvedPartner();
    const { order } = await sepaToPixOrder(p);
    const db = await testDb();
    await db.query(`update orders set origin_rail = 'IMPS' where id = $1`, [order.orderId]);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/v1/orders/${order.orderId}/confirm-payin`,
      headers: p.headers,
      payload: { orderId: order.orderId, referenceId: 'UTR123456789' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({});
    const [row] = await db.query<{ payin_reference: string }>('select payin_reference from orders where id = $1', [
      order.orderId,
    ]);
    expect(row?.payin_reference).toBe('UTR123456789');
  });
});

describe('POST /v1/pending-payments/{transferId}/create-order', () => {
  async function unmatchedPayment(p: Partner, amount: number) {
    const method = await t.app.inject({
      method: 'POST',
      url: '/v1/deposits/methods',
      headers: p.headers,
      payload: { methodType: 'fiat', currency: 'EUR' },
    });
    await t.ctx.jobs.runDue();
    const detected = await t.app.inject({
      method: 'POST',
      url: '/v1/simulate/incoming-transfer/method',
      headers: p.headers,
      payload: {
        methodId: method.json().methodId,
        amount,
        counterparty: { name: 'Payer', iban: 'DE89370400440532013000' },
      },
    });
    expect(detected.statusCode, detected.body).toBe(201);
    return detected.json().transferId as string;
  }

  it('links the payment as a received origin leg; the order runs to Success', async () => {
    const p = await approvedPartner();
    const transferId = await unmatchedPayment(p, 120);
    const quote = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 120 });
    const created = await t.app.inject({
      method: 'POST',
      url: `/v1/pending-payments/${transferId}/create-order`,
      headers: p.headers,
      payload: {
        quoteId: quote.quoteId,
        destinationUserData: beneficiary,
        destinationTransferData: destinations.PIX_BR,
        externalReference: 'PP-1',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      status: 'Received',
      externalReference: 'PP-1',
      deposit: { amount: 120, depositInfo: { depositType: 'PENDING_PAYMENT', transferId } },
    });
    await t.ctx.jobs.runDue();
    expect((await readOrder(t.app, p, created.json().orderId)).status).toBe('Success');
    const payment = (
      await t.app.inject({ method: 'GET', url: `/v1/pending-payments/${transferId}`, headers: p.headers })
    ).json();
    expect(payment.value).toMatchObject({ status: 'LINKED', linkedOrderId: created.json().orderId });
    await expectLedgerConsistent(t.app);
  });

  it('refuses a quote for another amount (400), a linked payment or one in refund (409)', async () => {
    const p = await approvedPartner();
    const transferId = await unmatchedPayment(p, 70);
    const create = async (amount: number) => {
      const quote = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: amount });
      return t.app.inject({
        method: 'POST',
        url: `/v1/pending-payments/${transferId}/create-order`,
        headers: p.headers,
        payload: {
          quoteId: quote.quoteId,
          destinationUserData: beneficiary,
          destinationTransferData: destinations.PIX_BR,
        },
      });
    };
    expect((await create(71)).statusCode).toBe(400);
    await t.app.inject({
      method: 'POST',
      url: `/admin/v1/pending-payments/${transferId}/refund/start`,
      headers: adminHeaders,
    });
    const inRefund = await create(70);
    expect(inRefund.statusCode).toBe(409);
    expect(inRefund.json().message).toContain('pending_approval');
  });
});

describe('in production', () => {
  it('has no order simulation (404)', async () => {
    const prod = await buildTestApp({ env: productionEnv });
    const p = await aPartner(prod.app);
    const response = await prod.app.inject({
      method: 'POST',
      url: '/v1/simulate/incoming-transfer/order',
      headers: p.headers,
      payload: { orderId: 'X', amount: 1 },
    });
    expect(response.statusCode).toBe(404);
    await prod.app.close();
  });
});
