// Production with nothing connected (issue #18, "Fail closed"): driven as a partner, it offers nothing, gives no
// instruction, no quote and no payout, answers each refusal with a typed 503 and stores nothing; and no answer
// carries a sandbox value (PRE ids, the stage bank, sandbox addresses).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, productionEnv, type TestApp } from '../support/harness.js';

let prod: TestApp;
let stage: TestApp;
let partner: Partner;
const answers: string[] = [];
const payer = { userEmail: 'prod-payer@example.com', firstName: 'Ada', lastName: 'Lovelace', country: 'PT' };

beforeAll(async () => {
  prod = await buildTestApp({ env: productionEnv });
  // The same database seen by a stage server: it approves the payer, so each refusal below is the provider's. The
  // workspace and its token are the same on both servers.
  stage = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
  partner = await aPartner(stage.app);
  await verifyCustomer(stage.app, partner, payer.userEmail);
});

afterAll(async () => {
  await prod.app.close();
  await stage.app.close();
});

async function call(method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await prod.app.inject({ method, url, headers: partner.headers, ...(payload ? { payload } : {}) });
  answers.push(response.body);
  return response;
}

const refusedBeforeStoring = async (method: 'POST', url: string, payload: object) => {
  const response = await call(method, url, payload);
  expect(response.statusCode, response.body).toBe(503);
  expect(response.json()).toMatchObject({ error: 'ExternalServiceError', message: expect.any(String) });
  return response;
};

describe('production with nothing connected', () => {
  it('offers no pair and no payin or payout method', async () => {
    expect((await call('GET', '/v1/pairs')).json()).toEqual({ pairs: [] });
    const currencies = (await call('GET', '/v1/currencies')).json().value as {
      code: string;
      payinMethods: { rail: string }[];
      acceptedOriginRails: string[];
      payoutMethods: unknown[];
    }[];
    for (const currency of currencies) {
      expect(
        currency.payinMethods.filter((m) => m.rail !== 'BALANCE'),
        currency.code,
      ).toEqual([]);
      expect(
        currency.acceptedOriginRails.filter((r) => r !== 'BALANCE'),
        currency.code,
      ).toEqual([]);
      expect(currency.payoutMethods, currency.code).toEqual([]);
    }
    expect((await call('GET', '/v1/currencies/EUR/payin-schema')).json().value.acceptedOriginRails).toEqual([]);
    expect((await call('GET', '/v1/currencies/KES/networks')).json().value).toEqual([]);
  });

  it('gives no quote', async () => {
    await refusedBeforeStoring('POST', '/v1/quotes', {
      originCurrency: 'EUR',
      destinationCurrency: 'USDC',
      originAmount: 100,
      destinationRail: 'ETH',
    });
    await refusedBeforeStoring('POST', '/v1/quotes', {
      originCurrency: 'USDC',
      destinationCurrency: 'EUR',
      originAmount: 100,
      originRail: 'BALANCE',
      destinationRail: 'BALANCE',
    });
  });

  it('gives no payment instruction, and stores no deposit', async () => {
    await refusedBeforeStoring('POST', '/v1/deposits', { userData: payer, amount: 100, currency: 'EUR' });
    await refusedBeforeStoring('POST', '/v1/deposits', { userData: payer, amount: 0.01, currency: 'BTC', rail: 'BTC' });
    await refusedBeforeStoring('POST', '/v1/deposits/methods', { methodType: 'fiat', currency: 'EUR' });
    const listed = await call('GET', '/v1/deposits');
    expect(listed.statusCode).toBe(200);
    expect(JSON.stringify(listed.json())).not.toMatch(/"depositId"/);
  });

  it('makes no payout, and holds nothing', async () => {
    await refusedBeforeStoring('POST', '/v1/withdrawals', {
      amount: 10,
      currency: 'EUR',
      destinationTransferData: {
        type: 'SEPA',
        destinationName: 'Ada Lovelace',
        iban: 'DE89370400440532013000',
        country: 'DE',
        city: 'Berlin',
        postalCode: '10115',
      },
    });
    const balances = (await call('GET', '/v1/balances')).json();
    expect(JSON.stringify(balances)).not.toMatch(/"pending":[1-9]/);
  });

  it('verifies nobody and screens nobody without a connected provider', async () => {
    await refusedBeforeStoring('POST', '/v1/kyc', {
      userEmail: 'someone@example.com',
      countryCode: 'PT',
      type: 'INDIVIDUAL',
      sendOTPMail: false,
    });
    await refusedBeforeStoring('POST', '/v1/aml-screenings', {
      entityType: 'INDIVIDUAL',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });

  it('tells the operator that nothing is live', async () => {
    const response = await prod.app.inject({ method: 'GET', url: '/admin/v1/capabilities', headers: adminHeaders });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report.environment).toBe('production');
    expect(report.capabilities.length).toBeGreaterThan(0);
    expect(report.capabilities.filter((c: { live: boolean }) => c.live)).toEqual([]);
  });

  it('never answered a sandbox value', () => {
    const all = answers.join('\n');
    expect(all).not.toMatch(/\bPRE[A-Z0-9]{12}\b/);
    expect(all).not.toMatch(/sandbox/i);
    expect(all).not.toMatch(/Brokerage Stage|BRKSNL20|509900012|00-99-61/);
  });
});
