import { beforeAll, describe, expect, it } from 'vitest';
import { errorTypes } from '../../src/domain/errors.js';
import { buildTestApp, type TestApp } from '../support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1, generated from the route schemas, served without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/oauth/token',
      '/v1/quotes',
      '/v1/pairs',
      '/v1/currencies/{currency}/destination-schema',
      '/admin/v1/workspaces',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const quote = doc.paths['/v1/quotes'].post;
    const originAmount = quote.requestBody.content['application/json'].schema.properties.originAmount;
    // Amounts are the shared Amount component (components.schemas), referenced where used.
    const amount = originAmount.$ref ? doc.components.schemas[originAmount.$ref.split('/').pop()] : originAmount;
    expect(amount.type).toBe('number');
    expect(quote.security).toEqual([{ partnerToken: [] }]);
    expect(Object.keys(quote.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '503']));
  });

  it('documents only the spec error types, with their statuses', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    // And 413: a body over the limit is a ValidationError at HTTP's own status (platform/error-envelope.ts).
    const statuses = new Set([...Object.values(errorTypes).map(String), '413']);
    for (const [path, operations] of Object.entries<Record<string, { responses: Record<string, unknown> }>>(
      doc.paths,
    )) {
      if (path === '/oauth/token') continue; // RFC 6749 error bodies
      for (const operation of Object.values(operations)) {
        for (const status of Object.keys(operation.responses)) {
          if (!status.startsWith('2')) expect(statuses.has(status), `${path} ${status}`).toBe(true);
        }
      }
    }
    expect(JSON.stringify(doc)).not.toContain('"429"');
  });

  it('has a reference page at /docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const asset = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' });
    expect(asset.statusCode).toBe(200);
  });
});
