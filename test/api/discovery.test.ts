import { beforeAll, describe, expect, it } from 'vitest';
import { unavailableCorridors } from '../../src/providers/corridors/catalogue-corridors.js';
import { aPartner, configureWorkspace, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';

let t: TestApp;
let partner: Partner;
beforeAll(async () => {
  t = await buildTestApp();
  partner = await aPartner(t.app);
});

const get = (url: string, p: Partner = partner, app = t.app) => app.inject({ method: 'GET', url, headers: p.headers });

describe('GET /v1/pairs', () => {
  it('lists every supported pair by default, as BASE/QUOTE strings', async () => {
    const response = await get('/v1/pairs');
    expect(response.statusCode).toBe(200);
    const { pairs } = response.json();
    expect(pairs).toContain('EUR/USDC');
    expect(pairs).toContain('USDC/COP');
    expect(pairs.every((p: string) => /^[A-Z]{3,5}\/[A-Z]{3,5}$/.test(p))).toBe(true);
    expect(pairs.some((p: string) => p.startsWith('ARS/') || p.startsWith('COP/') || p.startsWith('CLP/'))).toBe(false);
  });

  it('answers only the pairs an operator enabled', async () => {
    const p = await aPartner(t.app);
    await configureWorkspace(t.app, p.credentials.workspaceId, { enabledPairs: ['USDC/EUR', 'EUR/USDC'] });
    expect((await get('/v1/pairs', p)).json()).toEqual({ pairs: ['EUR/USDC', 'USDC/EUR'] });
  });
});

describe('GET /v1/currencies', () => {
  it('is enveloped and carries each currency’s capabilities', async () => {
    const body = (await get('/v1/currencies')).json();
    expect(body.ok).toBe(true);
    const byCode = new Map(body.value.map((c: { code: string }) => [c.code, c]));
    const holdable = body.value.filter((c: { holdable: boolean }) => c.holdable).map((c: { code: string }) => c.code);
    expect(holdable.sort()).toEqual([
      'AVAX',
      'BNB',
      'BTC',
      'CUSD',
      'ETH',
      'EUR',
      'GBP',
      'POL',
      'SOL',
      'TRX',
      'USD',
      'USDC',
      'USDT',
      'XRP',
    ]);
    for (const code of ['ARS', 'COP', 'CLP', 'BOB', 'TWD']) {
      expect(byCode.get(code)).toMatchObject({ canBeOrigin: false, canBeDestination: true });
    }
    expect(byCode.get('BRL')).toMatchObject({ kind: 'fiat', precision: 2, holdable: false, canBeOrigin: true });
    expect(byCode.get('BTC')).toMatchObject({ kind: 'crypto', precision: 8 });
  });
});

describe('GET /v1/currencies/{currency}/payin-schema', () => {
  it('lists PIX and PIX_BR for BRL, with the canonical rail under payinMethods', async () => {
    const body = (await get('/v1/currencies/BRL/payin-schema')).json();
    expect(body.value.acceptedOriginRails).toEqual(expect.arrayContaining(['PIX_BR', 'PIX']));
    expect(body.value.payinMethods).toContainEqual({ type: 'pix', rail: 'PIX_BR' });
  });
  it('an unknown currency is 404', async () => {
    expect((await get('/v1/currencies/XYZ/payin-schema')).statusCode).toBe(404);
  });
  it('a malformed currency is 400', async () => {
    expect((await get('/v1/currencies/eur/payin-schema')).statusCode).toBe(400);
  });
});

describe('GET /v1/currencies/{currency}/destination-schema', () => {
  it.each([
    [
      'USD',
      'achUS',
      [
        'destinationName',
        'accountNumber',
        'routingNumber',
        'country',
        'city',
        'postalCode',
        'state',
        'address',
        'accountType',
      ],
    ],
    [
      'COP',
      'achCOP',
      [
        'destinationName',
        'destinationBankCode',
        'destinationBankAccountNumber',
        'destinationBankAccountType',
        'destinationDocumentType',
        'destinationTaxId',
      ],
    ],
    [
      'COP',
      'bankDepositCOL',
      [
        'destinationName',
        'destinationBankCode',
        'destinationBankAccount',
        'destinationBankAccountType',
        'destinationDocumentType',
        'destinationTaxId',
      ],
    ],
    ['PEN', 'bankDepositPEN', ['destinationCCI']],
  ])('%s %s lists its required fields', async (currency, method, required) => {
    const response = await get(`/v1/currencies/${currency}/destination-schema?method=${method}`);
    expect(response.statusCode, response.body).toBe(200);
    const [schema] = response.json().value.methods;
    const requiredNames = schema.fields
      .filter((f: { required: boolean }) => f.required)
      .map((f: { name: string }) => f.name);
    expect(requiredNames).toEqual(expect.arrayContaining(required));
  });

  it('gives ACH_US state its two-letter list and bankAccountType its default', async () => {
    const [schema] = (await get('/v1/currencies/USD/destination-schema?method=achUS')).json().value.methods;
    const state = schema.fields.find((f: { name: string }) => f.name === 'state');
    expect(state.enum).toContain('NY');
    expect(state.enum).toContain('PR');
    const type = schema.fields.find((f: { name: string }) => f.name === 'bankAccountType');
    expect(type).toMatchObject({ required: false, default: 'CHECKING' });
    const city = schema.fields.find((f: { name: string }) => f.name === 'city');
    expect(city.acceptedIn).toEqual(['destinationTransferData', 'destinationUserData']);
  });

  it('lists every method when none is named', async () => {
    const methods = (await get('/v1/currencies/COP/destination-schema'))
      .json()
      .value.methods.map((m: { method: string }) => m.method);
    expect(methods).toEqual(expect.arrayContaining(['achCOP', 'bankDepositCOL']));
  });

  it('a method the currency does not pay out on is 400 naming the accepted methods', async () => {
    const response = await get('/v1/currencies/EUR/destination-schema?method=achUS');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('sepa');
  });
});

describe('GET /v1/currencies/{currency}/networks', () => {
  it('lists mobile-money networks with ids', async () => {
    const body = (await get('/v1/currencies/KES/networks?rail=MOBILE_MONEY_KE&rampType=deposit')).json();
    expect(body.ok).toBe(true);
    expect(body.value.length).toBeGreaterThan(0);
    expect(body.value[0]).toMatchObject({ id: expect.any(String), rail: 'MOBILE_MONEY_KE', country: 'KE' });
  });
  it('narrows a several-country currency by country', async () => {
    const body = (await get('/v1/currencies/XOF/networks?rail=MOBILE_MONEY_XOF&country=SN')).json();
    expect(body.value.length).toBeGreaterThan(0);
    expect(body.value.every((n: { country: string }) => n.country === 'SN')).toBe(true);
  });
  it('an empty array means none exist', async () => {
    expect((await get('/v1/currencies/EUR/networks')).json()).toEqual({ ok: true, value: [] });
  });
  it('a rail of another currency is 400', async () => {
    expect((await get('/v1/currencies/KES/networks?rail=SEPA')).statusCode).toBe(400);
  });
});

describe('GET /v1/currencies/{currency}/limits and identity-schema', () => {
  it('limits are numbers, payin null for a payout-only currency', async () => {
    const eur = (await get('/v1/currencies/EUR/limits')).json().value;
    expect(eur.limits.payin).toEqual({ min: expect.any(Number), max: expect.any(Number) });
    const clp = (await get('/v1/currencies/CLP/limits')).json().value;
    expect(clp.limits.payin).toBeNull();
    expect(clp.limits.payout.max).toBeGreaterThan(clp.limits.payout.min);
  });

  it('identity intake of a corridor', async () => {
    const body = (await get('/v1/currencies/BRL/identity-schema?direction=payin&entityType=individual')).json();
    expect(body.value.required).toEqual(expect.arrayContaining(['firstName', 'userEmail', 'country', 'taxId']));
    const business = (await get('/v1/currencies/EUR/identity-schema?entityType=business')).json();
    expect(business.value.required).toContain('businessName');
  });

  it('a payout-only currency has no payin intake', async () => {
    expect((await get('/v1/currencies/CLP/identity-schema?direction=payin')).statusCode).toBe(400);
  });
});

describe('an unavailable corridor provider', () => {
  it('turns networks and limits into 503 ExternalServiceError, not cacheable', async () => {
    const down = await buildTestApp({ corridors: unavailableCorridors });
    const p = await aPartner(down.app);
    for (const url of ['/v1/currencies/KES/networks?rail=MOBILE_MONEY_KE', '/v1/currencies/EUR/limits']) {
      const response = await get(url, p, down.app);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ ok: false, error: 'ExternalServiceError', message: expect.any(String) });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});
