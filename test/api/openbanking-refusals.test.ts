import { beforeAll, describe, expect, it } from 'vitest';
import type { Partner } from '../support/builders.js';
import { buildTestApp, productionEnv, type TestApp, TestClock } from '../support/harness.js';
import { aDeposit, postWebForm } from '../support/openbanking.js';
import { approvedPartner, aQuote, fundedPartner, payer, postOrder, sepaToPixOrder } from '../support/orders.js';

// Goal: every refusal of the open banking operations (unknown, another workspace's, wrong rail, a status that takes
// no money, bad bodies, production without a provider) answers the spec's error and creates nothing. Method: the
// API over HTTP (inject). Creation: openbanking-web-form.test.ts; paying: openbanking.test.ts.

let t: TestApp;
let p: Partner;
const clock = new TestClock();

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0', PUBLIC_BASE_URL: 'https://pay.example.test' }, clock });
  p = await approvedPartner(t);
});

describe('refusals', () => {
  it('an unknown id is 404 and another workspace’s deposit or order 401, on both operations', async () => {
    const other = await approvedPartner(t);
    const deposit = await aDeposit(t, other);
    const { order } = await sepaToPixOrder(t, other);
    const unknown = await postWebForm(t, p, 'PRE000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, error: 'ExistenceError' });
    const unknownStatus = await t.app.inject({
      method: 'GET',
      url: '/v1/openbanking/PRE000000000000/status',
      headers: p.headers,
    });
    expect(unknownStatus.statusCode).toBe(404);
    expect(unknownStatus.json()).toMatchObject({ ok: false, error: 'ExistenceError' });
    for (const id of [deposit.depositId, order.orderId]) {
      expect((await postWebForm(t, p, id)).json()).toMatchObject({ error: 'AuthorizationError' });
      const read = await t.app.inject({ method: 'GET', url: `/v1/openbanking/${id}/status`, headers: p.headers });
      expect(read.statusCode).toBe(401);
    }
    const anonymous = await t.app.inject({ method: 'POST', url: `/v1/openbanking/${deposit.depositId}/web-form` });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each([
    [{ currency: 'USD', amount: 100, userData: { ...payer, address: '1 Main St' } }, 'USD over ACH_US'],
    [{ currency: 'USDC', amount: 100, rail: 'BASE' }, 'USDC over BASE'],
  ])('a deposit on another rail (%j) is 400 naming the rail', async (body, words) => {
    const deposit = await aDeposit(t, p, body);
    const response = await postWebForm(t, p, deposit.depositId);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'ValidationError', errorId: 1008 });
    expect(response.json().message).toContain(words);
    expect(response.json().message).toContain('EUR over SEPA and GBP over GBP_BANK_TRANSFER');
  });

  it('an exchange paid from the balance is 400: it has no bank rail to pay', async () => {
    const funded = await fundedPartner(t, 50);
    const quote = await aQuote(t.app, funded, {
      originCurrency: 'EUR',
      originRail: 'BALANCE',
      destinationCurrency: 'GBP',
      destinationRail: 'BALANCE',
      originAmount: 10,
    });
    const exchange = await postOrder(t.app, funded, {
      quoteId: quote.quoteId,
      destinationTransferData: { type: 'BALANCE' },
    });
    expect(exchange.statusCode, exchange.body).toBe(201);
    const response = await postWebForm(t, funded, exchange.json().orderId);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('EUR over BALANCE');
  });

  it('a deposit or order that takes no money is 409 StateError naming its status', async () => {
    const deposit = await aDeposit(t, p);
    await t.app.inject({ method: 'DELETE', url: `/v1/deposits/${deposit.depositId}`, headers: p.headers });
    const cancelled = await postWebForm(t, p, deposit.depositId);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({ error: 'StateError' });
    expect(cancelled.json().message).toContain('Cancelled');

    const { order } = await sepaToPixOrder(t, p);
    await t.app.inject({ method: 'DELETE', url: `/v1/orders/${order.orderId}`, headers: p.headers });
    expect((await postWebForm(t, p, order.orderId)).json().message).toContain('Cancelled');

    const inFlight = await aDeposit(t, p);
    await t.app.inject({
      method: 'POST',
      url: '/v1/simulate/incoming-transfer/deposit',
      headers: p.headers,
      payload: {
        depositId: inFlight.depositId,
        amount: 100,
        scenario: 'processing',
        counterparty: { name: 'A', iban: 'DE89370400440532013000' },
      },
    });
    await t.ctx.jobs.runDue();
    const processing = await postWebForm(t, p, inFlight.depositId);
    expect(processing.statusCode).toBe(409);
    expect(processing.json().message).toContain('in flight');
  });

  it.each([
    [{ language: 'e' }, 'language'],
    [{ language: 42 }, 'language'],
    [{ language: 'en', amount: 5 }, 'amount'],
  ])('a bad body %j is 400 naming the field', async (body, field) => {
    const deposit = await aDeposit(t, p);
    const response = await postWebForm(t, p, deposit.depositId, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: 'ValidationError' });
    expect(response.json().message).toContain(field);
  });

  it('in production there is no provider yet: 503 ExternalServiceError, while the status still reads', async () => {
    const deposit = await aDeposit(t, p);
    const prod = await buildTestApp({ env: productionEnv });
    const response = await prod.app.inject({
      method: 'POST',
      url: `/v1/openbanking/${deposit.depositId}/web-form`,
      headers: p.headers,
      payload: {},
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ success: false, error: 'ExternalServiceError' });
    const status = await prod.app.inject({
      method: 'GET',
      url: `/v1/openbanking/${deposit.depositId}/status`,
      headers: p.headers,
    });
    expect(status.json()).toMatchObject({ success: true, openbanking: null });
  });
});
