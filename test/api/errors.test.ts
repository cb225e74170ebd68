import { beforeAll, describe, expect, it } from 'vitest';
import type { PriceSource } from '../../src/providers/prices/price-source.js';
import { aPartner, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';

// Goal: every failure a client can provoke is one of the spec's typed errors, in the body shape of the route kind.

const quote = (partner: Partner, payload: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  url: '/v1/quotes',
  headers: { ...partner.headers, ...headers },
  payload: payload as string,
});

let t: TestApp;
let partner: Partner;
beforeAll(async () => {
  t = await buildTestApp();
  partner = await aPartner(t.app);
});

describe('create routes answer the create shape', () => {
  it.each([
    [
      'an amount sent as a string',
      { originCurrency: 'EUR', destinationCurrency: 'USDC', originAmount: '100' },
      'originAmount must be a number',
    ],
    [
      'an unknown enum value',
      { originCurrency: 'EUR', destinationCurrency: 'USDC', originAmount: 1, locale: 'nl' },
      'locale must be one of',
    ],
    [
      'an unknown rail',
      { originCurrency: 'EUR', originRail: 'FAX', destinationCurrency: 'USDC', originAmount: 1 },
      'originRail must be one of',
    ],
    ['a missing required field', { destinationCurrency: 'USDC', originAmount: 1 }, 'originCurrency is required'],
    [
      'an unknown field',
      { originCurrency: 'EUR', destinationCurrency: 'USDC', originAmount: 1, colour: 'red' },
      'colour is not a recognised field',
    ],
    [
      'a negative amount',
      { originCurrency: 'EUR', destinationCurrency: 'USDC', originAmount: -5 },
      'originAmount must be > 0',
    ],
    [
      'a malformed email',
      { originCurrency: 'EUR', destinationCurrency: 'USDC', originAmount: 5, userEmail: 'nope' },
      'userEmail must be a valid email',
    ],
  ])('%s is 400 ValidationError naming the field', async (_case, payload, message) => {
    const response = await t.app.inject(quote(partner, payload));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, error: 'ValidationError', errorName: 'ValidationError' });
    expect(body.message).toContain(message);
    expect(body.errorId).toMatch(/^ValidationError-\d+$/);
    expect(Object.keys(body).sort()).toEqual(['error', 'errorId', 'errorName', 'message', 'success']);
  });

  it('malformed JSON is 400 ValidationError', async () => {
    const response = await t.app.inject(
      quote(partner, '{"originCurrency": "EUR",', { 'content-type': 'application/json' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      error: 'ValidationError',
      message: 'The request body is not valid JSON',
    });
  });

  it('a body that is not JSON is 400 ValidationError', async () => {
    const response = await t.app.inject(quote(partner, 'originCurrency=EUR', { 'content-type': 'text/plain' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('ValidationError');
  });

  it('numbered validation errors carry the spec ids', async () => {
    const response = await t.app.inject(
      quote(partner, { originCurrency: 'USDC', originRail: 'SEPA', destinationCurrency: 'EUR', originAmount: 10 }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorId: 1008, errorName: 'invalidParameters', error: 'ValidationError' });
  });
});

describe('read routes answer the read shape', () => {
  it('an unknown path is 404 ExistenceError', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/nothing-here', headers: partner.headers });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ ok: false, message: expect.any(String), error: 'ExistenceError' });
  });

  it('the removed withdrawal approval endpoint is 404', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/withdrawals/approve',
      headers: partner.headers,
      payload: {},
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('ExistenceError');
  });

  it('an unknown query parameter is 400 naming it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/currencies?colour=red', headers: partner.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ ok: false, error: 'ValidationError', message: 'Unknown query parameter colour' });
  });

  it('a bad country code is 400 naming the field', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/currencies/XOF/networks?country=SEN',
      headers: partner.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('country');
  });
});

describe('unexpected failures', () => {
  it('are 503 OperationError without internals, never a raw 500', async () => {
    const broken: PriceSource = {
      referenceRates: async () => {
        throw new Error('connection reset by upstream at 10.1.2.3');
      },
      covers: () => true,
      describe: () => ({ name: 'broken', asOf: null, base: null, currencies: [] }),
    };
    const app = (await buildTestApp({ prices: broken })).app;
    const p = await aPartner(app);
    const response = await app.inject(
      quote(p, { originCurrency: 'EUR', destinationCurrency: 'USDC', originAmount: 10 }),
    );
    expect(response.statusCode).toBe(503);
    const body = response.json();
    expect(body).toMatchObject({ success: false, error: 'OperationError' });
    expect(response.body).not.toContain('10.1.2.3');
    expect(response.body).not.toContain('at ');
  });
});

describe('request ids', () => {
  it('every response carries x-request-id, echoing a sane one the caller sent', async () => {
    const mine = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'abc-123' } });
    expect(mine.headers['x-request-id']).toBe('abc-123');
    const made = await t.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
