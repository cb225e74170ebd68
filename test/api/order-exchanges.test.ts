import { beforeAll, describe, expect, it } from 'vitest';
import { verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import {
  approvedPartner,
  aQuote,
  balances,
  beneficiary,
  destinations,
  expectLedgerConsistent,
  fundedPartner,
  listOrders,
  payer,
  payIn,
  pixOrderBody,
  postOrder,
  readOrder,
} from '../support/orders.js';

// Goal: orders that move money between balances: an exchange settles at once from the balance or moves nothing, and
// an on-behalf order collects into and pays out of the customer's account, never the workspace's, with idempotency
// keys scoped to the customer. Method: the HTTP API over the sandbox rails, jobs run on demand.

let t: TestApp;
const customer = 'carla.customer@example.com';

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
});

describe('exchanges (BALANCE to BALANCE)', () => {
  const exchangeQuote = {
    originCurrency: 'EUR',
    originRail: 'BALANCE',
    destinationCurrency: 'USDC',
    destinationRail: 'BALANCE',
  };

  it('settle at once from the balance: Success in the response, both balances moved', async () => {
    const p = await fundedPartner(t, 1000);
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
    const after = await balances(t, p);
    expect(after.EUR).toMatchObject({ available: 600, pending: 0 });
    expect(after.USDC).toMatchObject({ available: quote.destinationAmount, pending: 0 });
    await expectLedgerConsistent(t.app);
  });

  it('answer 402 FundsError with nothing moved and the quote still usable', async () => {
    const p = await fundedPartner(t, 100);
    const quote = await aQuote(t.app, p, { ...exchangeQuote, originAmount: 150 });
    const body = { quoteId: quote.quoteId, destinationTransferData: destinations.BALANCE };
    const refused = await postOrder(t.app, p, body, { 'idempotency-key': 'exchange-short-1' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ success: false, error: 'FundsError' });
    expect((await balances(t, p)).EUR).toMatchObject({ available: 100, pending: 0 });
    expect(await listOrders(t, p)).toEqual([]);
    // The failed key stays consumed (spec: idempotency rule 5).
    expect((await postOrder(t.app, p, body, { 'idempotency-key': 'exchange-short-1' })).statusCode).toBe(409);
  });

  it('cannot be simulated: there is no inbound transfer', async () => {
    const p = await fundedPartner(t, 100);
    const quote = await aQuote(t.app, p, { ...exchangeQuote, originAmount: 50 });
    const order = (
      await postOrder(t.app, p, { quoteId: quote.quoteId, destinationTransferData: destinations.BALANCE })
    ).json();
    const simulated = await payIn(t, p, order.orderId, 50);
    expect(simulated.statusCode).toBe(409);
    expect(simulated.json()).toMatchObject({ error: 'StateError' });
  });
});

describe('on-behalf orders', () => {
  it("collect into the customer's balance, then pay out of it; the workspace's own balance is untouched", async () => {
    const p = await approvedPartner(t);
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
    await payIn(t, p, collect.json().orderId, 200);
    await t.ctx.jobs.runDue();
    expect((await readOrder(t.app, p, collect.json().orderId)).status).toBe('Success');
    expect((await balances(t, p, `?userEmail=${customer}`)).USDC).toMatchObject({
      available: inQuote.destinationAmount,
    });
    expect((await balances(t, p)).USDC).toBeUndefined();

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
    expect((await balances(t, p, `?userEmail=${customer}`)).USDC.available).toBeCloseTo(left, 6);
    await expectLedgerConsistent(t.app);
  });

  it('need the customer APPROVED (403 naming the status), and a short customer balance is 402', async () => {
    const p = await approvedPartner(t);
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
    const p = await fundedPartner(t, 10);
    for (const email of ['k1@example.com', 'k2@example.com']) await verifyCustomer(t.app, p, email);
    const ids: string[] = [];
    for (const email of ['k1@example.com', 'k2@example.com']) {
      const quote = await aQuote(t.app, p, {
        originCurrency: 'EUR',
        destinationCurrency: 'BRL',
        originAmount: 100,
        customerEmail: email,
      });
      const response = await postOrder(t.app, p, pixOrderBody(quote.quoteId), { 'idempotency-key': 'same-key' });
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json().orderId);
    }
    expect(new Set(ids).size).toBe(2);
  });
});
