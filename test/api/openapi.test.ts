import { beforeAll, describe, expect, it } from 'vitest';
import { errorTypes } from '../../src/domain/errors.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { type Audience, audiences, servedDocuments } from '../support/openapi-documents.js';

interface Operation {
  operationId: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { description: string; content?: unknown }>;
}
interface Document {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
  tags: { name: string }[];
}

let t: TestApp;
let documents: Record<Audience, Document>;
beforeAll(async () => {
  t = await buildTestApp();
  documents = await servedDocuments<Document>(t.app);
});

const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

describe('the OpenAPI documents', () => {
  it('the partner API is OpenAPI 3.1, generated from the route schemas, served without a token at /openapi.json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = documents.partner;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Brokerage Partner API');
    for (const path of [
      '/health',
      '/oauth/token',
      '/v1/quotes',
      '/v1/pairs',
      '/v1/currencies/{currency}/destination-schema',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const quote = doc.paths['/v1/quotes']?.post as Operation & {
      requestBody: { content: Record<string, { schema: { properties: Record<string, { $ref?: string }> } }> };
    };
    const originAmount = quote.requestBody.content['application/json']?.schema.properties.originAmount;
    // Amounts are the shared Amount component (components.schemas), referenced where used.
    expect(originAmount?.$ref).toBe('#/components/schemas/Amount');
    expect(quote.security).toEqual([{ partnerToken: [] }]);
    expect(Object.keys(quote.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '503']));
    expect(Object.keys(doc.webhooks ?? {})).toContain('order_status_updated');
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['partnerToken']);
  });

  it('the operator API is its own document, at /admin/openapi.json: /admin/v1 and nothing else', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/admin/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = documents.operator;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Brokerage Operator API');
    expect(Object.keys(doc.paths)).toContain('/admin/v1/workspaces');
    expect(Object.keys(doc.paths).filter((path) => !path.startsWith('/admin/v1/'))).toEqual([]);
    expect(Object.keys(documents.partner.paths).filter((path) => path.startsWith('/admin/'))).toEqual([]);
    expect(doc.webhooks).toBeUndefined();
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['adminToken']);
    for (const { operation } of operationsOf(doc)) expect(operation.security).toEqual([{ adminToken: [] }]);
  });

  it.each(audiences)('the %s document documents only the spec error types, with their statuses', (audience) => {
    const doc = documents[audience];
    // And 413: a body over the limit is a ValidationError at HTTP's own status (platform/error-envelope.ts).
    const statuses = new Set([...Object.values(errorTypes).map(String), '413']);
    for (const { path, operation } of operationsOf(doc)) {
      if (path === '/oauth/token') continue; // RFC 6749 error bodies
      for (const status of Object.keys(operation.responses)) {
        if (!status.startsWith('2')) expect(statuses.has(status), `${path} ${status}`).toBe(true);
      }
    }
    expect(JSON.stringify(doc)).not.toContain('"429"');
  });

  it.each(audiences)('the %s document describes every success answer: its status and what it is', (audience) => {
    // Issue 30, item 1: no "Default Response" (@fastify/swagger's word for an undescribed answer); the description
    // is generated from the status and the response schema's title or component (platform/openapi-responses.ts),
    // unless the route's schema gives one of its own.
    const doc = documents[audience];
    expect(JSON.stringify(doc)).not.toContain('Default Response');
    const undescribed: string[] = [];
    for (const { operation } of operationsOf(doc)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!status.startsWith('2')) continue;
        // "200 OK" alone: the response schema says nothing of what it is.
        if (/^\d{3} [A-Za-z ]+$/.test(response.description)) undescribed.push(`${operation.operationId} ${status}`);
      }
    }
    expect(undescribed, 'give the route’s response schema a title (platform/schema.ts, titled)').toEqual([]);
    const quote = documents.partner.paths['/v1/quotes']?.post;
    expect(quote?.responses['201']?.description).toBe('201 Created: the quote');
    expect(documents.partner.paths['/v1/orders']?.get?.responses['200']?.description).toBe('200 OK: a page of orders');
    expect(documents.partner.paths['/v1/events/{eventId}']?.get?.responses['200']?.description).toBe(
      '200 OK: the event, in { ok, value }',
    );
  });

  it("lists its tags in the spec's order of resources, each used by an operation and every used one listed", () => {
    // Issue 30, item 2: the spec's "Endpoints" order (Discovery ... Sandbox simulation, then Authentication); the
    // resources it does not list beside the one they belong with; health last.
    expect(documents.partner.tags.map((tag) => tag.name)).toEqual([
      'Discovery',
      'Quotes',
      'Balances',
      'Deposits',
      'Orders',
      'Withdrawals',
      'Pending payments',
      'Banking accounts',
      'Identity verification (KYC)',
      'Webhooks',
      'Events',
      'Open banking payments',
      'Conversations',
      'Support tickets',
      'AML screenings',
      'Sandbox simulation',
      'Authentication',
      'Health',
    ]);
    expect(documents.operator.tags.map((tag) => tag.name)).toEqual(['Operators']);
    for (const audience of audiences) {
      const listed = new Set(documents[audience].tags.map((tag) => tag.name));
      const used = new Set(operationsOf(documents[audience]).flatMap(({ operation }) => operation.tags ?? []));
      expect(
        [...used].filter((tag) => !listed.has(tag)),
        `${audience}: used, not listed`,
      ).toEqual([]);
      expect(
        [...listed].filter((tag) => !used.has(tag)),
        `${audience}: listed, not used`,
      ).toEqual([]);
    }
  });

  it('has the partner reference page at /docs, which loads and links /openapi.json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/docs' })).statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<title>Brokerage Partner API reference</title>');
    const asset = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' });
    expect(asset.statusCode).toBe(200);
    // Issue 30, item 4: Swagger UI reads its configUrl first, whose url wins over the package's /docs/json.
    const initializer = (await t.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' })).body;
    expect(initializer).toContain('"configUrl":"/docs/swagger-config.json"');
    expect(initializer).toContain('function keepPartnerAuthorized');
    expect(initializer).not.toContain('persistAuthorization');
    const config = await t.app.inject({ method: 'GET', url: '/docs/swagger-config.json' });
    // The token renewal's margin, which the plugin (running in the browser) reads from Swagger UI's configuration.
    expect(config.json()).toEqual({ url: '/openapi.json', tokenRenewalMarginSeconds: 30 });
    // /docs/json, the package's own address of the document, still answers it: the same document.
    const alias = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(alias.statusCode).toBe(200);
    expect(alias.json()).toEqual(documents.partner);
  });

  it("has the operators' reference page at /admin/docs, which loads /admin/openapi.json", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/admin/docs/' });
    expect(response.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/admin/docs' })).statusCode).toBe(200);
    expect(response.body).toContain('<title>Brokerage Operator API reference</title>');
    const initializer = (await t.app.inject({ method: 'GET', url: '/admin/docs/static/swagger-initializer.js' })).body;
    expect(initializer).toContain('"configUrl":"/admin/docs/swagger-config.json"');
    expect(initializer).not.toContain('keepPartnerAuthorized');
    const config = await t.app.inject({ method: 'GET', url: '/admin/docs/swagger-config.json' });
    expect(config.json()).toEqual({ url: '/admin/openapi.json' });
    expect((await t.app.inject({ method: 'GET', url: '/admin/docs/json' })).json()).toEqual(documents.operator);
  });
});
