import { beforeAll, describe, expect, it, vi } from 'vitest';
import { pathParamLengthMax } from '../../src/platform/framework-errors.js';
import { adminHeaders, aPartner, aWorkspace, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { servedPaths } from '../support/openapi-documents.js';

// Goal: what a client legitimately sends is accepted, and every refusal is a documented answer in the route's body
// shape (spec, Errors), never a body of the framework's own. Method: each case is a request that common HTTP clients
// or careless callers send; the harness also checks every answer here against the served OpenAPI document.

let t: TestApp;
let partner: Partner;
beforeAll(async () => {
  t = await buildTestApp();
  partner = await aPartner(t.app);
});

type Schema = Record<string, unknown>;
interface Document {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema: Schema }[] }>>;
}

/** The longest value a path parameter schema admits: maxLength, the longest enum value, or a bounded pattern. */
function longestValue(schema: Schema): number | undefined {
  if (typeof schema.maxLength === 'number') return schema.maxLength;
  if (Array.isArray(schema.enum)) return Math.max(...schema.enum.map((v) => String(v).length));
  // A bounded integer (an attachment's number): its longest value is its maximum written out.
  if (schema.type === 'integer' && typeof schema.maximum === 'number') return String(schema.maximum).length;
  const bounded = typeof schema.pattern === 'string' ? /^\^\[[^\]]+\]\{\d+,(\d+)\}\$$/.exec(schema.pattern) : null;
  return bounded ? Number(bounded[1]) : undefined;
}

/** A valid address `length` characters long: a 64-character local part, then 63-character labels. */
function emailOfLength(length: number): string {
  const local = 'a'.repeat(64);
  let domain = '';
  let remaining = length - local.length - 1 - '.com'.length;
  while (remaining > 0) {
    const label = Math.min(63, remaining - (domain ? 1 : 0));
    domain += (domain ? '.' : '') + 'b'.repeat(label);
    remaining = length - local.length - 1 - '.com'.length - domain.length;
  }
  return `${local}@${domain}.com`;
}

describe('path parameters as long as the spec allows', () => {
  it.each([117, 254])('GET /v1/kyc/{accountEmail} reads a valid %i-character email', async (length) => {
    const email = emailOfLength(length);
    expect(email).toHaveLength(length);
    const response = await t.app.inject({ method: 'GET', url: `/v1/kyc/${email}`, headers: partner.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ ok: true, value: { status: expect.any(String) } });
  });

  it('a path parameter longer than any the spec allows is 400 ValidationError in the route kind shape', async () => {
    const long = 'A'.repeat(300);
    const read = await t.app.inject({ method: 'GET', url: `/v1/orders/${long}`, headers: partner.headers });
    expect(read.statusCode).toBe(400);
    expect(read.json()).toMatchObject({ ok: false, error: 'ValidationError' });
    expect(read.headers['x-request-id']).toBeDefined();
    const create = await t.app.inject({
      method: 'POST',
      url: `/v1/orders/${long}/confirm-payin`,
      headers: partner.headers,
      payload: { orderId: long, referenceId: 'UTR1' },
    });
    expect(create.statusCode).toBe(400);
    expect(create.json()).toMatchObject({ success: false, error: 'ValidationError', errorName: 'ValidationError' });
  });

  it('a malformed percent-escape in a path parameter is 400 ValidationError in the route kind shape', async () => {
    const read = await t.app.inject({ method: 'GET', url: '/v1/orders/AB%zz', headers: partner.headers });
    expect(read.statusCode).toBe(400);
    expect(read.json()).toMatchObject({ ok: false, error: 'ValidationError' });
    const create = await t.app.inject({
      method: 'POST',
      url: '/v1/orders/AB%zz/confirm-payin',
      headers: partner.headers,
      payload: { orderId: 'AB', referenceId: 'UTR1' },
    });
    expect(create.statusCode).toBe(400);
    expect(create.json()).toMatchObject({ success: false, error: 'ValidationError' });
  });

  it('every documented path parameter, at its longest, is within the router limit', async () => {
    // Both documents: the partner API's and the operator API's.
    const paths = await servedPaths<Document['paths'][string]>(t.app);
    for (const [path, methods] of Object.entries(paths)) {
      for (const operation of Object.values(methods)) {
        for (const parameter of operation.parameters?.filter((p) => p.in === 'path') ?? []) {
          const longest = longestValue(parameter.schema);
          expect(longest, `${path} {${parameter.name}} needs a maxLength`).toBeDefined();
          expect(longest, `${path} {${parameter.name}}`).toBeLessThanOrEqual(pathParamLengthMax);
        }
      }
    }
  });
});

describe('refusals the router makes before any route runs, on every operation with a path parameter', () => {
  // Goal: spec Errors, every refusal typed: the router's own two refusals (a path parameter over the length limit,
  // which Fastify answers 414, and a malformed percent-escape, 400) answer 400 ValidationError in the body shape of
  // the operation's kind, on every route kind. Method: every operation the served documents list with a path
  // parameter, each parameter replaced by `%ff` and by 300 characters; the harness also validates each answer
  // against the operation's documented 400.
  const createShape = ['error', 'errorId', 'errorName', 'message', 'success'];
  const readShape = ['error', 'message', 'ok'];

  async function operationsWithPathParameters(): Promise<[string, string][]> {
    const paths = await servedPaths<Document['paths'][string]>(t.app);
    return Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.parameters?.some((p) => p.in === 'path'))
        .map(([method]) => [method.toUpperCase(), path] as [string, string]),
    );
  }

  it('covers read, list, delete, create and operator routes', async () => {
    const operations = await operationsWithPathParameters();
    expect(operations.length).toBeGreaterThan(20);
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(
        operations.some(([m]) => m === method),
        method,
      ).toBe(true);
    }
    expect(operations.some(([, path]) => path.startsWith('/admin/'))).toBe(true);
  });

  it.each(['%ff', 'A'.repeat(300)])('each parameter as %s is 400 ValidationError in its kind shape', async (value) => {
    for (const [method, path] of await operationsWithPathParameters()) {
      const url = path.replace(/\{[^}]+\}/g, value);
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        headers: path.startsWith('/admin/') ? adminHeaders : partner.headers,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      const where = `${method} ${path}`;
      expect(response.statusCode, `${where}: ${response.body}`).toBe(400);
      const body = response.json();
      expect(body.error, where).toBe('ValidationError');
      expect([createShape, readShape], where).toContainEqual(Object.keys(body).sort());
      expect(response.body, where).not.toContain('FST_ERR');
    }
  });

  it.each([
    ['GET', '/v1/orders/%ff', readShape],
    ['DELETE', '/v1/deposits/%ff', readShape],
    ['POST', '/v1/orders/%ff/confirm-payin', createShape],
    ['POST', `/v1/openbanking/${'A'.repeat(300)}/web-form`, createShape],
    ['POST', '/v1/deposits/%ff', readShape],
    ['GET', '/v1/no-such-route/%ff', readShape],
  ] as const)('%s %s answers the contract shape', async (method, url, shape) => {
    const body = method === 'POST' ? { payload: {} } : {};
    const response = await t.app.inject({ method, url, headers: partner.headers, ...body });
    expect(response.statusCode, response.body).toBeLessThan(500);
    expect(Object.keys(response.json()).sort()).toEqual(shape);
    expect(response.json().error).toMatch(/^(ValidationError|ExistenceError)$/);
  });
});

describe('a JSON content type with an empty body where no body is expected', () => {
  const json = { 'content-type': 'application/json' };

  it('DELETE /v1/orders/{orderId} answers as if no content type were sent', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/v1/orders/AAAAAAAAAAAA',
      headers: { ...partner.headers, ...json },
    });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toMatchObject({ ok: false, error: 'ExistenceError' });
  });

  it('POST /admin/v1/workspaces/{workspaceId}/rotate-credentials rotates', async () => {
    // A workspace of its own: rotating revokes the tokens of the one the other cases use.
    const { workspaceId } = await aWorkspace(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: `/admin/v1/workspaces/${workspaceId}/rotate-credentials`,
      headers: { ...adminHeaders, ...json },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ workspaceId });
  });

  it('a route that takes a body still refuses an empty one: 400 ValidationError', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/quotes',
      headers: { ...partner.headers, ...json },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: 'ValidationError' });
    expect(response.json().message).toContain('empty');
  });

  it('a body that is not JSON is still refused on a route that takes none: 400 ValidationError', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/v1/orders/AAAAAAAAAAAA',
      headers: { ...partner.headers, ...json },
      payload: '{"a":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ ok: false, error: 'ValidationError' });
  });
});

describe('unknown query parameters on reads and deletes by id are a documented 400', () => {
  it.each([
    ['DELETE', '/v1/orders/AAAAAAAAAAAA?colour=red'],
    ['GET', '/v1/orders/AAAAAAAAAAAA?colour=red'],
    ['GET', '/v1/withdrawals/00000000-0000-4000-8000-000000000000?colour=red'],
    ['GET', '/v1/deposits/AAAAAAAAAAAA?colour=red'],
    ['DELETE', '/v1/deposits/AAAAAAAAAAAA?colour=red'],
    ['GET', '/v1/pending-payments/T1?colour=red'],
    ['GET', '/v1/kyc/someone@example.com?colour=red'],
  ] as const)('%s %s is 400 ValidationError naming the parameter', async (method, url) => {
    const response = await t.app.inject({ method, url, headers: partner.headers });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ ok: false, error: 'ValidationError', message: 'Unknown query parameter colour' });
  });
});

describe('POST /oauth/token answers RFC 6749 error bodies whatever the request body', () => {
  it.each([
    ['application/json', '{"grant_type":"password"}'],
    ['application/json', '{"grant_type":'],
    ['application/json', ''],
    ['application/xml', '<grant_type>password</grant_type>'],
    ['text/plain', 'grant_type=password'],
  ])('a %s body %j is 400 invalid_request', async (contentType, payload) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('an unexpected failure is 503 temporarily_unavailable, without internals', async () => {
    // The fault is aimed at the token endpoint's own statements: on a database shared with background work (the
    // request log's writer, the dispatcher) "the next query" may be someone else's.
    const query = t.ctx.db.query.bind(t.ctx.db);
    let failed = false;
    const failing = vi.spyOn(t.ctx.db, 'query').mockImplementation((text, params) => {
      if (!failed && /sign_in_throttles|from workspaces where client_id/.test(text)) {
        failed = true;
        return Promise.reject(new Error('connection reset at 10.1.2.3'));
      }
      return query(text, params);
    });
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=password&client_id=c&username=u&password=p',
      });
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toEqual({ error: 'temporarily_unavailable', error_description: expect.any(String) });
      expect(response.body).not.toContain('10.1.2.3');
      expect(failed).toBe(true);
    } finally {
      failing.mockRestore();
    }
  });

  it('a form larger than the body limit is 400 invalid_request', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=password&password=${'x'.repeat(1_100_000)}`,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
  });
});

describe('text PostgreSQL cannot store is refused at the edge, never a 503', () => {
  it.each([
    [
      'a NUL escape in a JSON string',
      '{"userData":{"firstName":"A\\u0000na","userEmail":"a@example.com","country":"PT"},"currency":"EUR","amount":10}',
    ],
    [
      'a lone surrogate escape in a JSON string',
      '{"userData":{"firstName":"\\ud800Ana","userEmail":"a@example.com","country":"PT"},"currency":"EUR","amount":10}',
    ],
  ])('%s on a create route: 400 ValidationError in the create shape', async (_what, payload) => {
    const p = await aPartner(t.app);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/v1/deposits',
      headers: { ...p.headers, 'content-type': 'application/json' },
      payload,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, error: 'ValidationError' });
  });

  it('%00 in a path parameter or a query: 400 ValidationError in the read shape', async () => {
    const p = await aPartner(t.app);
    for (const url of ['/v1/orders/ABC%00DEF', '/v1/deposits?userEmail=a%00b@example.com']) {
      const answer = await t.app.inject({ method: 'GET', url, headers: p.headers });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json(), url).toMatchObject({ ok: false, error: 'ValidationError' });
    }
  });
});
