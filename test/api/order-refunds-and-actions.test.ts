import { beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, aPartner, type Partner } from '../support/builders.js';
import { buildTestApp, productionEnv, type TestApp, testDb } from '../support/harness.js';
import {
  approvedPartner,
  aQuote,
  balances,
  beneficiary,
  destinations,
  expectLedgerConsistent,
  fundedPartner,
  payIn,
  pendingPayments,
  postOrder,
  readOrder,
  sepaToPixOrder,
} from '../support/orders.js';

// Goal: how an order ends when it does not simply succeed, and what may be done to one: failed and returned payouts
// refunded through the ledger, DELETE and confirm-payin allowed only where the state permits, an order made from
// a pending payment, and no order simulation in production. Method: the sandbox rails (a destination amount ending
// .91 or .92 rejects or returns the payout) with jobs run on demand.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
});

describe('failed payouts refund through the ledger', () => {
  it('a rejected payout (destination ending .91) reverses the conversion and refunds the payer', async () => {
    const p = await approvedPartner(t);
    const { order } = await sepaToPixOrder(t, p, { originAmount: undefined, destinationAmount: 500.91 });
    await payIn(t, p, order.orderId, order.originAmount);
    await t.ctx.jobs.runDue();
    const refunded = await readOrder(t.app, p, order.orderId);
    expect(refunded).toMatchObject({
      status: 'Refunded',
      fee: 0,
      trade: { status: 'Reversed' },
      withdraw: { status: 'Cancelled' },
      failureReason: expect.stringContaining('rejected'),
    });
    expect(await pendingPayments(t, p)).toEqual([
      expect.objectContaining({ amount: order.originAmount, sourceOrderId: order.orderId, refundStatus: 'returned' }),
    ]);
    await expectLedgerConsistent(t.app);
  });

  it('a returned payout (ending .92) goes Withdrawn, then Refunded; from a balance the funds come back to it', async () => {
    const p = await fundedPartner(t, 1000);
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
    const key = { 'idempotency-key': `returned-${quote.quoteId}` };
    const created = await postOrder(t.app, p, body, key);
    expect(created.statusCode, created.body).toBe(201);
    expect((await balances(t, p)).EUR.available).toBeCloseTo(1000 - quote.originAmount, 2);
    await t.ctx.jobs.runDue();
    expect(await readOrder(t.app, p, created.json().orderId)).toMatchObject({
      status: 'Refunded',
      trade: { status: 'Reversed' },
      withdraw: { status: 'Reversed' },
    });
    expect((await balances(t, p)).EUR).toMatchObject({ available: 1000, pending: 0 });
    const db = await testDb();
    const statuses = await db.query<{ data: { status: string } }>(
      `select data from outbox_events where event_id = $1 and type = 'order_status_updated' order by id`,
      [created.json().orderId],
    );
    expect(statuses.map((s) => s.data.status)).toEqual(['Received', 'Exchanging', 'Withdrawn', 'Refunded']);
    // The request failed in execution (spec rule 5): its key stays consumed, a retry is 409, not the 201 again.
    const retry = await postOrder(t.app, p, body, key);
    expect(retry.statusCode, retry.body).toBe(409);
    expect(retry.json()).toMatchObject({ success: false, error: 'DuplicityError' });
    expect(retry.json().message).toContain('failed during execution');
    await expectLedgerConsistent(t.app);
  });
});

describe('DELETE and confirm-payin', () => {
  it('DELETE cancels a Pending order; afterwards, or on any other status, it is 409 StateError', async () => {
    const p = await approvedPartner(t);
    const { order } = await sepaToPixOrder(t, p);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/v1/orders/${order.orderId}`, headers: p.headers });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: expect.any(String) });
    expect((await readOrder(t.app, p, order.orderId)).status).toBe('Cancelled');
    const again = await t.app.inject({ method: 'DELETE', url: `/v1/orders/${order.orderId}`, headers: p.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ ok: false, error: 'StateError' });
    expect((await payIn(t, p, order.orderId, 100)).statusCode).toBe(409);
  });

  it('unknown order 404, another workspace 401', async () => {
    const p = await approvedPartner(t);
    const other = await approvedPartner(t);
    const { order } = await sepaToPixOrder(t, p);
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
    const p = await approvedPartner(t);
    const { order } = await sepaToPixOrder(t, p);
    const confirm = (payload: object) =>
      t.app.inject({ method: 'POST', url: `/v1/orders/${order.orderId}/confirm-payin`, headers: p.headers, payload });
    const sepa = await confirm({ orderId: order.orderId, referenceId: 'UTR123456789' });
    expect(sepa.statusCode).toBe(409);
    expect(sepa.json()).toMatchObject({ success: false, error: 'StateError' });
    expect((await confirm({ orderId: 'PREOTHER0000000', referenceId: 'x' })).statusCode).toBe(400);
    expect((await confirm({ orderId: order.orderId })).statusCode).toBe(400);
  });

  it('confirm-payin records the reference on an IMPS order (made directly: no currency offers IMPS today)', async () => {
    const p = await approvedPartner(t);
    const { order } = await sepaToPixOrder(t, p);
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

  /** Creates an order paying out by PIX from the payment, on a fresh quote for `originAmount` EUR. */
  async function createOrderFrom(p: Partner, transferId: string, originAmount: number, extra: object = {}) {
    const quote = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount });
    return t.app.inject({
      method: 'POST',
      url: `/v1/pending-payments/${transferId}/create-order`,
      headers: p.headers,
      payload: {
        quoteId: quote.quoteId,
        destinationUserData: beneficiary,
        destinationTransferData: destinations.PIX_BR,
        ...extra,
      },
    });
  }

  it('links the payment as a received origin leg; the order runs to Success', async () => {
    const p = await approvedPartner(t);
    const transferId = await unmatchedPayment(p, 120);
    const created = await createOrderFrom(p, transferId, 120, { externalReference: 'PP-1' });
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
    const p = await approvedPartner(t);
    const transferId = await unmatchedPayment(p, 70);
    expect((await createOrderFrom(p, transferId, 71)).statusCode).toBe(400);
    await t.app.inject({
      method: 'POST',
      url: `/admin/v1/pending-payments/${transferId}/refund/start`,
      headers: adminHeaders,
    });
    const inRefund = await createOrderFrom(p, transferId, 70);
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
