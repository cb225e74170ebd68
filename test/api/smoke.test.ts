import { describe, expect, it } from 'vitest';
import { aPartner } from '../support/builders.js';
import { buildTestApp } from '../support/harness.js';

describe('smoke', () => {
  it('creates a workspace, gets a token and quotes', async () => {
    const { app } = await buildTestApp();
    const partner = await aPartner(app);
    const health = await app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    const quote = await app.inject({
      method: 'POST',
      url: '/v1/quotes',
      headers: partner.headers,
      payload: { originCurrency: 'EUR', destinationCurrency: 'USDC', originAmount: 100 },
    });
    expect(quote.statusCode, quote.body).toBe(201);
    console.log(quote.json());
  });
});
