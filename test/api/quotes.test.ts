import { beforeAll, describe, expect, it } from 'vitest';
import { unavailableCorridors } from '../../src/providers/corridors/catalogue-corridors.js';
import { aPartner, configureWorkspace, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock, testDb } from '../support/harness.js';

let t: TestApp;
let partner: Partner;
const clock = new TestClock();
beforeAll(async () => {
  t = await buildTestApp({ clock, env: { QUOTE_TTL_SECONDS: '45' } });
  partner = await aPartner(t.app);
});

const postQuote = (payload: object, p: Partner = partner, app = t.app) =>
  app.inject({ method: 'POST', url: '/v1/quotes', headers: p.headers, payload });

describe('POST /v1/quotes prices and stores a quote', () => {
  it('from the origin amount: every response field, 201', async () => {
    const response = await postQuote({
      originCurrency: 'EUR',
      destinationCurrency: 'USDC',
      originAmount: 100,
      destinationRail: 'MATIC',
    });
    expect(response.statusCode, response.body).toBe(201);
    const q = response.json();
    expect(q).toEqual({
      quoteId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      originCurrency: 'EUR',
      destinationCurrency: 'USDC',
      originNetwork: 'SEPA',
      destinationNetwork: 'MATIC',
      originAmount: 100,
      destinationAmount: expect.any(Number),
      price: expect.any(Number),
      conversionRate: expect.any(Number),
      pair: 'EUR/USDC',
      fee: 0.5,
      expectedGasFee: 0.01,
      feeCurrency: 'EUR',
      expireAt: expect.any(Number),
    });
    expect(q.destinationAmount).toBeCloseTo((100 - 0.5 - 0.01) * q.conversionRate, 4);
    expect(q.price).toBeCloseTo(1 / q.conversionRate, 8);
    expect(q.expireAt - Math.floor(clock.nowMs() / 1000)).toBeGreaterThanOrEqual(44);
    expect(q.expireAt - Math.floor(clock.nowMs() / 1000)).toBeLessThanOrEqual(45);
    const db = await testDb();
    const [row] = await db.query<{ origin_amount: bigint; used_by_order_id: string | null }>(
      'select origin_amount, used_by_order_id from quotes where id = $1',
      [q.quoteId],
    );
    expect(row).toEqual({ origin_amount: 10_000n, used_by_order_id: null });
  });

  it('from the destination amount: delivers exactly that, rounded at the currency precision', async () => {
    const q = (
      await postQuote({ originCurrency: 'USDC', destinationCurrency: 'CLP', destinationAmount: 250000 })
    ).json();
    expect(q.destinationAmount).toBe(250000);
    expect(Number.isInteger(q.originAmount * 1e6)).toBe(true);
    const eur = (
      await postQuote({ originCurrency: 'USDC', destinationCurrency: 'EUR', destinationAmount: 99.99 })
    ).json();
    expect(eur.destinationAmount).toBe(99.99);
  });

  it('crypto payouts carry network gas in the fee currency; fiat payouts none', async () => {
    const btc = (await postQuote({ originCurrency: 'USDC', destinationCurrency: 'BTC', originAmount: 500 })).json();
    expect(btc.expectedGasFee).toBeGreaterThan(0);
    const fiat = (await postQuote({ originCurrency: 'USDC', destinationCurrency: 'MXN', originAmount: 500 })).json();
    expect(fiat.expectedGasFee).toBe(0);
  });

  it('creatorMarkup is charged on top of the workspace fee', async () => {
    const plain = (await postQuote({ originCurrency: 'EUR', destinationCurrency: 'GBP', originAmount: 1000 })).json();
    const marked = (
      await postQuote({ originCurrency: 'EUR', destinationCurrency: 'GBP', originAmount: 1000, creatorMarkup: 0.1 })
    ).json();
    expect(plain.fee).toBe(5);
    expect(marked.fee).toBe(105);
    expect(marked.destinationAmount).toBeLessThan(plain.destinationAmount);
  });

  it('an exchange between balances (BALANCE to BALANCE) is priced without corridor limits', async () => {
    const response = await postQuote({
      originCurrency: 'USDC',
      originRail: 'BALANCE',
      destinationCurrency: 'EUR',
      destinationRail: 'BALANCE',
      originAmount: 1_000_000,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ originNetwork: 'BALANCE', destinationNetwork: 'BALANCE' });
  });

  it('accepts the on-behalf and descriptive fields', async () => {
    const response = await postQuote({
      originCurrency: 'BRL',
      originRail: 'PIX',
      destinationCurrency: 'USDT',
      originAmount: 500,
      locale: 'pt',
      customerEmail: 'ana@example.com',
      customerId: 'ana@example.com',
      userEmail: 'ops@partner.example',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().originNetwork).toBe('PIX');
  });

  it('the workspace fee schedule applies per pair', async () => {
    const p = await aPartner(t.app);
    await configureWorkspace(t.app, p.credentials.workspaceId, {
      feeSchedule: { defaultBps: 100, pairs: { 'EUR/GBP': 0 } },
    });
    expect(
      (await postQuote({ originCurrency: 'EUR', destinationCurrency: 'GBP', originAmount: 100 }, p)).json().fee,
    ).toBe(0);
    expect(
      (await postQuote({ originCurrency: 'EUR', destinationCurrency: 'USD', originAmount: 100 }, p)).json().fee,
    ).toBe(1);
  });
});

describe('POST /v1/quotes refuses', () => {
  it.each(['ARS', 'COP', 'CLP', 'BOB', 'TWD'])('%s as originCurrency, naming the currency', async (code) => {
    const response = await postQuote({ originCurrency: code, destinationCurrency: 'USDC', originAmount: 100 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'ValidationError',
      errorId: 1002,
      errorName: 'notSupportedCurrency',
    });
    expect(response.json().message).toContain(code);
  });

  it.each([
    [
      { originCurrency: 'USDC', originRail: 'SEPA', destinationCurrency: 'EUR', originAmount: 10 },
      ['USDC', 'SEPA', 'ARBITRUM'],
    ],
    [
      { originCurrency: 'EUR', destinationCurrency: 'BRL', destinationRail: 'ACH_US', originAmount: 10 },
      ['BRL', 'ACH_US', 'PIX_BR'],
    ],
    [
      { originCurrency: 'BRL', originRail: 'BALANCE', destinationCurrency: 'EUR', originAmount: 10 },
      ['BRL', 'BALANCE'],
    ],
  ])(
    'a rail the currency does not use, with 1008 naming currency, rail and accepted methods',
    async (payload, words) => {
      const response = await postQuote(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorId: 1008, errorName: 'invalidParameters' });
      for (const word of words) expect(response.json().message).toContain(word);
    },
  );

  it.each([
    [{ originCurrency: 'EUR', destinationCurrency: 'USDC' }, 'exactly one of originAmount and destinationAmount'],
    [{ originCurrency: 'EUR', destinationCurrency: 'USDC', originAmount: 1, destinationAmount: 1 }, 'exactly one'],
    [
      { originCurrency: 'EUR', destinationCurrency: 'USDC', originAmount: 10.005 },
      'originAmount has more than 2 decimal places',
    ],
    [
      { originCurrency: 'USDC', destinationCurrency: 'CLP', destinationAmount: 1000.5 },
      'destinationAmount has more than 0 decimal places',
    ],
    [{ originCurrency: 'EUR', destinationCurrency: 'USDC', originAmount: 0 }, 'originAmount must be > 0'],
    [{ originCurrency: 'EUR', destinationCurrency: 'USDC', originAmount: 10, creatorMarkup: 0 }, 'creatorMarkup'],
    [{ originCurrency: 'EUR', destinationCurrency: 'USDC', originAmount: 10, creatorMarkup: 0.11 }, 'creatorMarkup'],
    [{ originCurrency: 'EUR', destinationCurrency: 'EUR', originAmount: 10 }, 'must differ'],
    [{ originCurrency: 'XYZ', destinationCurrency: 'EUR', originAmount: 10 }, 'originCurrency XYZ'],
    [
      { originCurrency: 'SOL', originRail: 'SOL', destinationCurrency: 'EUR', originAmount: 1 },
      'originRail must be one of',
    ],
    [{ originCurrency: 'EUR', destinationCurrency: 'CUSD', originAmount: 10 }, 'destinationCurrency CUSD'],
    [{ originCurrency: 'EUR', destinationCurrency: 'USDC', originAmount: 10, customerEmail: 'x' }, 'customerEmail'],
  ])('%j with 400 naming the field', async (payload, message) => {
    const response = await postQuote(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('ValidationError');
    expect(response.json().message).toContain(message);
  });

  it.each([
    [
      { originCurrency: 'EUR', destinationCurrency: 'USDC', originAmount: 0.5 },
      'originAmount 0.5 EUR is outside the SEPA payin limits',
    ],
    [{ originCurrency: 'EUR', destinationCurrency: 'USDC', originAmount: 5_000_000 }, 'outside the SEPA payin limits'],
    [
      {
        originCurrency: 'USDC',
        destinationCurrency: 'KES',
        destinationRail: 'MOBILE_MONEY_KE',
        destinationAmount: 900000,
      },
      'destinationAmount 900000 KES',
    ],
  ])('an amount outside the corridor limits: %j', async (payload, message) => {
    const response = await postQuote(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('a pair the operator has not enabled, with 403 AllowanceError', async () => {
    const p = await aPartner(t.app);
    await configureWorkspace(t.app, p.credentials.workspaceId, { enabledPairs: ['EUR/USDC'] });
    expect(
      (await postQuote({ originCurrency: 'EUR', destinationCurrency: 'USDC', originAmount: 10 }, p)).statusCode,
    ).toBe(201);
    const refused = await postQuote({ originCurrency: 'EUR', destinationCurrency: 'USDT', originAmount: 10 }, p);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, error: 'AllowanceError' });
  });

  it('with 503 ExternalServiceError when the corridor limits lookup is down', async () => {
    const down = await buildTestApp({ corridors: unavailableCorridors });
    const p = await aPartner(down.app);
    const response = await postQuote(
      { originCurrency: 'EUR', destinationCurrency: 'USDC', originAmount: 10 },
      p,
      down.app,
    );
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ success: false, error: 'ExternalServiceError' });
  });
});
