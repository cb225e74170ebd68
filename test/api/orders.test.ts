import { beforeAll, describe, expect, it } from 'vitest';
import { aPartner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock, testDb } from '../support/harness.js';
import {
  approvedPartner,
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

// Goal: an order binds a live quote once, runs its legs through jobs (receive, convert, pay out, confirm) with the
// ledger balanced after each, and every refusal is the spec's error. Method: the HTTP API over the sandbox rails,
// jobs run on demand.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
});

async function outboxTypes(workspaceId: string, eventId: string) {
  const db = await testDb();
  const rows = await db.query<{ type: string; data: { status?: string } }>(
    'select type, data from outbox_events where workspace_id = $1 and event_id = $2 order by id',
    [workspaceId, eventId],
  );
  return rows.map((r) => (r.type === 'order_status_updated' ? `${r.type}:${r.data.status}` : r.type));
}

describe('POST /v1/orders, cross-border, through its legs', () => {
  it.each([
    ['SEPA', { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 100 }, 'PIX_BR', 'EUR'],
    ['ACH', { originCurrency: 'USD', destinationCurrency: 'EUR', originAmount: 250 }, 'SEPA', 'USD'],
    ['PIX', { originCurrency: 'BRL', destinationCurrency: 'EUR', originAmount: 900 }, 'SEPA', 'BRL'],
    [
      'crypto',
      { originCurrency: 'USDC', originRail: 'ETH', destinationCurrency: 'EUR', originAmount: 300 },
      'SEPA',
      'crypto',
    ],
    ['on-ramp', { originCurrency: 'EUR', destinationCurrency: 'ETH', originAmount: 500 }, 'ETH', 'EUR'],
  ] as const)('%s origin: quote to Success with a simulated transfer', async (_, quoteBody, rail, payerKey) => {
    const p = await approvedPartner(t);
    const quote = await aQuote(t.app, p, quoteBody);
    const created = await postOrder(t.app, p, {
      quoteId: quote.quoteId,
      userData: payer,
      destinationUserData: beneficiary,
      destinationTransferData: destinations[rail],
      externalReference: `INV-${rail}`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json();
    expect(order).toMatchObject({
      orderId: expect.stringMatching(/^PRE[A-Z0-9]{12}$/),
      status: 'Pending',
      quoteId: quote.quoteId,
      originAmount: quote.originAmount,
      destinationAmount: quote.destinationAmount,
      expectedFee: quote.fee,
      fee: 0,
      externalReference: `INV-${rail}`,
      deposit: {
        depositId: expect.stringMatching(/^PRE[A-Z0-9]{12}$/),
        currency: quoteBody.originCurrency,
        expectedAmount: quote.originAmount,
        amount: 0,
        depositInfo: { depositType: expect.any(String) },
      },
      trade: { status: 'Pending' },
      withdraw: { status: 'Pending', rail },
    });
    // The answer is made before the order is stored (in the same statement as its key): it must be what is stored.
    expect(await readOrder(t.app, p, order.orderId)).toEqual(order);
    const simulated = await simulateOrder(t.app, p, {
      orderId: order.orderId,
      amount: quote.originAmount,
      ...payerFields[payerKey],
    });
    expect(simulated.statusCode, simulated.body).toBe(200);
    await t.ctx.jobs.runDue();
    const done = await readOrder(t.app, p, order.orderId);
    expect(done).toMatchObject({
      status: 'Success',
      fee: quote.fee,
      deposit: { amount: quote.originAmount },
      trade: { status: 'Success' },
      withdraw: { status: 'Success' },
    });
    expect(await outboxTypes(p.credentials.workspaceId, order.orderId)).toEqual([
      'order_status_updated:Received',
      'order_status_updated:Exchanging',
      'trade_completed',
      'order_status_updated:Withdrawn',
      'order_status_updated:Success',
      'order_completed',
    ]);
    await expectLedgerConsistent(t.app);
  });

  it('a used quote is refused (409 DuplicityError); nothing more is created', async () => {
    const p = await approvedPartner(t);
    const quote = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 50 });
    const body = {
      quoteId: quote.quoteId,
      userData: payer,
      destinationUserData: beneficiary,
      destinationTransferData: destinations.PIX_BR,
    };
    expect((await postOrder(t.app, p, body)).statusCode).toBe(201);
    const again = await postOrder(t.app, p, body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, error: 'DuplicityError' });
    const list = await t.app.inject({ method: 'GET', url: '/v1/orders', headers: p.headers });
    expect(list.json()).toHaveLength(1);
  });

  it('an expired quote is refused (409 StateError) and nothing is created; the key stays consumed', async () => {
    const clock = new TestClock();
    const clocked = await buildTestApp({ clock });
    const p = await aPartner(clocked.app);
    await verifyCustomer(clocked.app, p, payer.userEmail);
    const quote = await aQuote(clocked.app, p, { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 50 });
    clock.advance(31_000);
    const body = {
      quoteId: quote.quoteId,
      userData: payer,
      destinationUserData: beneficiary,
      destinationTransferData: destinations.PIX_BR,
    };
    const expired = await postOrder(clocked.app, p, body, { 'idempotency-key': 'expired-quote' });
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ success: false, error: 'StateError' });
    expect(expired.json().message).toContain('expired');
    expect((await clocked.app.inject({ method: 'GET', url: '/v1/orders', headers: p.headers })).json()).toEqual([]);
    expect((await postOrder(clocked.app, p, body, { 'idempotency-key': 'expired-quote' })).statusCode).toBe(409);
    await clocked.app.close();
  });

  it('unknown quote 404, malformed payout instrument 400 naming the field, rail mismatch 400', async () => {
    const p = await approvedPartner(t);
    const missing = await postOrder(t.app, p, {
      quoteId: '00000000-0000-4000-8000-000000000000',
      userData: payer,
      destinationTransferData: destinations.SEPA,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'ExistenceError' });
    const quote = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 50 });
    const bad = await postOrder(t.app, p, {
      quoteId: quote.quoteId,
      userData: payer,
      destinationUserData: beneficiary,
      destinationTransferData: { ...destinations.PIX_BR, destinationTaxId: '123' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'ValidationError', errorId: 1008 });
    expect(bad.json().message).toContain('destinationTransferData.destinationTaxId');
    const mismatch = await postOrder(t.app, p, {
      quoteId: quote.quoteId,
      userData: payer,
      destinationTransferData: destinations.SEPA,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toContain('destinationTransferData.type');
  });

  it('userData is required from a rail, and the payer must be APPROVED (403 naming the status)', async () => {
    const p = await aPartner(t.app);
    const quote = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 50 });
    const body = {
      quoteId: quote.quoteId,
      destinationUserData: beneficiary,
      destinationTransferData: destinations.PIX_BR,
    };
    const noPayer = await postOrder(t.app, p, body);
    expect(noPayer.statusCode).toBe(400);
    expect(noPayer.json().message).toContain('userData');
    const unverified = await postOrder(t.app, p, { ...body, userData: payer });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toMatchObject({ error: 'AllowanceError' });
    expect(unverified.json().message).toContain('NOT_AVAILABLE');
  });

  it('destinationUserData is required only for a beneficiary fact the instrument does not carry', async () => {
    const p = await approvedPartner(t);
    // BRL needs the beneficiary's taxId, which the PIX_BR instrument states (destinationTaxId).
    const brl = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 50 });
    const pix = await postOrder(t.app, p, {
      quoteId: brl.quoteId,
      userData: payer,
      destinationTransferData: destinations.PIX_BR,
    });
    expect(pix.statusCode, pix.body).toBe(201);
    // TWD needs the beneficiary's address, which BANK_DEPOSIT_TW cannot carry.
    const twd = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'TWD', originAmount: 50 });
    const body = {
      quoteId: twd.quoteId,
      userData: payer,
      destinationTransferData: {
        type: 'BANK_DEPOSIT_TW',
        destinationName: 'Chen Mei Ling',
        destinationBankCode: '822',
        destinationBankAccount: '123456789012',
      },
    };
    const none = await postOrder(t.app, p, body);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain('destinationUserData is required for a TWD payout on BANK_DEPOSIT_TW');
    const partial = await postOrder(t.app, p, { ...body, destinationUserData: beneficiary });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toContain('destinationUserData.address');
    const complete = await postOrder(t.app, p, {
      ...body,
      destinationUserData: { ...beneficiary, address: '7 Xinyi Road' },
    });
    expect(complete.statusCode, complete.body).toBe(201);
  });
});

describe('with the default sandbox delays and the job runner polling on its own', () => {
  it('a paid order reaches Success well within 15 seconds (inbound 2 s, confirmation 2 s)', async () => {
    const live = await buildTestApp();
    live.ctx.jobs.start();
    try {
      const p = await aPartner(live.app);
      await verifyCustomer(live.app, p, payer.userEmail);
      const quote = await aQuote(live.app, p, { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 100 });
      const order = (
        await postOrder(live.app, p, {
          quoteId: quote.quoteId,
          userData: payer,
          destinationUserData: beneficiary,
          destinationTransferData: destinations.PIX_BR,
        })
      ).json();
      await simulateOrder(live.app, p, { orderId: order.orderId, amount: 100, ...payerFields.EUR });
      const deadline = Date.now() + 15_000;
      let status = 'Pending';
      while (status !== 'Success' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        status = (await readOrder(live.app, p, order.orderId)).status;
      }
      expect(status).toBe('Success');
    } finally {
      await live.ctx.jobs.stop();
      await live.app.close();
    }
  }, 20_000);
});
