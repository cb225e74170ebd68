import { Writable } from 'node:stream';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../src/limits.js';
import { createLogger } from '../../src/platform/logger.js';
import { adminHeaders, aPartner, configureWorkspace, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { servedPaths } from '../support/openapi-documents.js';

// Goal (issue #28, "Bad input is the client's error, everywhere"): a value the store cannot hold never reaches it.
// Every numeric query parameter of every list, count and operator route is bounded in its schema, and every currency
// parameter is checked against the catalogue, so that bad input (`from=1e20`, `page=1e309`, `currency=XXX`, a
// negative, a fraction, NaN, an empty value) is the client's 400 ValidationError naming the parameter, in the spec's
// body shape (Errors), and never an outage: no 503, nothing logged above warn. Every operation documents that 400,
// and a path has one form: with a trailing slash it names no route (404 ExistenceError).
// Method: the routes and their parameters are read from the served OpenAPI document, so a route added later is fed
// the same values without this file changing; the harness checks each answer against that document too.

const lines: { level: number; msg?: string }[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
const warn = 40;

type Schema = {
  type?: string;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  items?: Schema;
};
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Document {
  paths: Record<string, Record<string, { parameters?: Parameter[]; responses: Record<string, unknown> }>>;
}
interface Operation {
  readonly method: string;
  readonly path: string;
  readonly parameters: readonly Parameter[];
}

let t: TestApp;
let partner: Partner;
let operations: Operation[];
beforeAll(async () => {
  t = await buildTestApp({ logger: createLogger('info', sink) });
  partner = await aPartner(t.app);
  // Hundreds of reads in a second: the read throttle would only slow them (it never refuses).
  await configureWorkspace(t.app, partner.credentials.workspaceId, { readThrottleLifted: true });
  // Both documents: the partner API's and the operator API's.
  const paths = await servedPaths<Document['paths'][string]>(t.app);
  operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
    })),
  );
  lines.length = 0;
});

const headersFor = (path: string) => (path.startsWith('/admin/') ? adminHeaders : partner.headers);
const isNumeric = (schema: Schema) => schema.type === 'integer' || schema.type === 'number';
const queryParameters = (operation: Operation) => operation.parameters.filter((p) => p.in === 'query');

/** A value the schema accepts, for the parameters a request needs beside the one under test. */
function sampleOf(schema: Schema): string {
  if (schema.enum !== undefined) return String(schema.enum[0]);
  if (schema.type === 'array' && schema.items) return sampleOf(schema.items);
  if (isNumeric(schema)) return String(schema.minimum ?? 0);
  if (schema.format === 'email') return 'ana@example.com';
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (schema.pattern !== undefined) {
    const pattern = new RegExp(schema.pattern, 'u');
    const fitting = ['2025-01-01', 'EUR', 'DE', '1', 'SEPA'].find((candidate) => pattern.test(candidate));
    if (fitting === undefined) throw new Error(`no sample value for the pattern ${schema.pattern}`);
    return fitting;
  }
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

/** The operation's URL: path parameters filled, its other required query parameters given, `query` added. */
function urlOf(operation: Operation, query: Record<string, string>): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name);
    return encodeURIComponent(parameter ? sampleOf(parameter.schema) : 'x');
  });
  const params = new URLSearchParams();
  for (const p of queryParameters(operation)) {
    if (p.required && !(p.name in query)) params.set(p.name, sampleOf(p.schema));
  }
  for (const [name, value] of Object.entries(query)) params.set(name, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function send(operation: Operation, query: Record<string, string>): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: operation.method as 'GET',
    url: urlOf(operation, query),
    headers: headersFor(operation.path),
  });
}

/** The spec's 400 of a read, list or delete route (Errors), naming the refused parameter. */
function expectRefusal(response: LightMyRequestResponse, name: string, where: string): void {
  expect(response.statusCode, `${where}: ${response.body}`).toBe(400);
  const body = response.json();
  expect(Object.keys(body).sort(), where).toEqual(['error', 'message', 'ok']);
  expect(body, where).toMatchObject({ ok: false, error: 'ValidationError' });
  expect(body.message, where).toContain(name);
}

const reads = () => operations.filter((o) => o.method === 'GET');
const readAt = (path: string): Operation => {
  const found = reads().find((o) => o.path === path);
  if (found === undefined) throw new Error(`the document has no GET ${path}`);
  return found;
};
const numericQueryParameters = () =>
  reads().flatMap((operation) =>
    queryParameters(operation)
      .filter((p) => isNumeric(p.schema))
      .map((parameter) => ({ operation, parameter })),
  );

/** What a fuzzer sends a number: huge, past a double, negative, fractional, NaN-like, empty. */
const outOfRange = (schema: Schema): string[] => [
  '1e20',
  '1e309',
  '-1e309',
  'Infinity',
  '-1',
  'NaN',
  '',
  'abc',
  '9'.repeat(30),
  String((schema.maximum ?? 0) + 1),
  ...(schema.type === 'integer' ? ['1.5'] : []),
];

describe('numeric query parameters', () => {
  it('the document covers the routes the fuzzer reached, with each numeric parameter bounded at both ends', () => {
    const found = numericQueryParameters();
    const named = new Set(found.map(({ operation, parameter }) => `${operation.path} ${parameter.name}`));
    for (const expected of [
      '/v1/withdrawals from',
      '/v1/orders to',
      '/v1/orders/count from',
      '/v1/events from',
      '/v1/pending-payments/count to',
      '/admin/v1/audit-log from',
      '/admin/v1/workspaces page',
    ]) {
      expect(named, expected).toContain(expected);
    }
    for (const { operation, parameter } of found) {
      const where = `${operation.path} ${parameter.name}`;
      expect(parameter.schema.minimum, where).toBeTypeOf('number');
      expect(parameter.schema.maximum, where).toBeTypeOf('number');
      // Whatever the bound, the value a store is handed stays exact: an offset, the milliseconds of a Unix second.
      const scale = ['from', 'to'].includes(parameter.name) ? 1000 : 1;
      expect((parameter.schema.maximum ?? Number.POSITIVE_INFINITY) * scale, where).toBeLessThanOrEqual(
        Number.MAX_SAFE_INTEGER,
      );
    }
  });

  it('an out-of-range value on each is 400 ValidationError naming it', async () => {
    let sent = 0;
    for (const { operation, parameter } of numericQueryParameters()) {
      for (const value of outOfRange(parameter.schema)) {
        const response = await send(operation, { [parameter.name]: value });
        expectRefusal(response, parameter.name, `${operation.path}?${parameter.name}=${value}`);
        sent += 1;
      }
    }
    expect(sent).toBeGreaterThan(300);
  });

  it('its bounds themselves are accepted: the windows and pages a client may ask', async () => {
    const withdrawals = readAt('/v1/withdrawals');
    const top = String(limits.unixTimeMaxSeconds);
    const window = await send(withdrawals, { from: '0', to: top });
    expect(window.statusCode, window.body).toBe(200);
    const counted = await t.app.inject({
      method: 'GET',
      url: `/v1/orders/count?from=${top}&to=${top}`,
      headers: partner.headers,
    });
    expect(counted.json()).toEqual({ count: 0 });
    const lastPage = await send(readAt('/admin/v1/workspaces'), { page: String(limits.listPageMax) });
    expect(lastPage.json()).toEqual([]);
    const amounts = await send(withdrawals, { minAmount: String(limits.amountFilterMax) });
    expect(amounts.json()).toEqual([]);
    const audit = await send(readAt('/admin/v1/audit-log'), { from: top, before: '9'.repeat(18) });
    expect(audit.statusCode, audit.body).toBe(400);
    expect(audit.json().message).toContain('before');
  });

  it('an entry id past a bigint is refused by its schema, not by the store', async () => {
    expectRefusal(await send(readAt('/admin/v1/audit-log'), { before: '9'.repeat(19) }), 'before', 'audit-log before');
  });
});

describe('currency query parameters', () => {
  const currencyParameters = () =>
    reads().flatMap((operation) =>
      queryParameters(operation)
        .filter((p) => p.name === 'currency')
        .map((parameter) => ({ operation, parameter })),
    );

  it('each is one of the catalogue codes, listed in the document', () => {
    const found = currencyParameters();
    expect(found.map(({ operation }) => operation.path)).toEqual(
      expect.arrayContaining(['/v1/orders', '/v1/deposits/count', '/v1/pending-payments', '/admin/v1/reconciliation']),
    );
    for (const { operation, parameter } of found) {
      expect(parameter.schema.enum, operation.path).toEqual(expect.arrayContaining(['EUR', 'USDC']));
    }
  });

  it.each(['XXX', 'ABCDE', 'eur', ''])('currency=%s is 400 ValidationError naming currency on each', async (value) => {
    for (const { operation } of currencyParameters()) {
      expectRefusal(await send(operation, { currency: value }), 'currency', `${operation.path}?currency=${value}`);
    }
  });

  it('a catalogue currency the brokerage holds nothing of is read, not refused', async () => {
    const reconciliation = await t.app.inject({
      method: 'GET',
      url: '/admin/v1/reconciliation?currency=XOF',
      headers: adminHeaders,
    });
    expect(reconciliation.statusCode, reconciliation.body).toBe(200);
    expect(reconciliation.json()).toMatchObject({ currency: 'XOF' });
  });
});

describe('any bad value in any parameter of a read', () => {
  const values = ['1e20', '1e309', '-1', '1.5', 'NaN', '', '9'.repeat(19), '9'.repeat(400)];

  it('is answered below 500, as the document says, on every GET operation', async () => {
    for (const operation of reads()) {
      const path = operation.parameters.filter((p) => p.in === 'path');
      for (const parameter of [...queryParameters(operation), ...path]) {
        for (const value of values) {
          const response =
            parameter.in === 'query'
              ? await send(operation, { [parameter.name]: value })
              : await t.app.inject({
                  method: 'GET',
                  url: urlOf({ ...operation, path: operation.path.replace(`{${parameter.name}}`, value || '%20') }, {}),
                  headers: headersFor(operation.path),
                });
          expect(response.statusCode, `${operation.path} ${parameter.name}=${value}: ${response.body}`).toBeLessThan(
            500,
          );
        }
      }
    }
  });
});

describe('every operation documents its 400', () => {
  it('a URL holding %00 is 400 ValidationError on each, a status its operation lists', async () => {
    // The token endpoint answers RFC 6749 bodies of its own (resources/oauth), outside the shared renderer.
    const shared = operations.filter((o) => o.path !== '/oauth/token');
    expect(shared.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining([
        'GET /health',
        'GET /admin/v1/capabilities',
        'GET /admin/v1/housekeeping',
        'GET /admin/v1/ledger/verification',
        'GET /admin/v1/operators',
        'GET /v1/simulate/clock',
        'GET /v1/simulate/settings',
      ]),
    );
    for (const operation of shared) {
      // The harness fails the request if the document does not list the answer for the operation.
      const response = await t.app.inject({
        method: operation.method as 'GET',
        url: `${urlOf(operation, {})}${operation.parameters.some((p) => p.in === 'query' && p.required) ? '&' : '?'}%00=1`,
        headers: headersFor(operation.path),
      });
      const where = `${operation.method} ${operation.path}`;
      expect(response.statusCode, `${where}: ${response.body}`).toBe(400);
      expect(response.json().error, where).toBe('ValidationError');
    }
  });
});

/**
 * app.inject without the harness's check against the document, which still reads `/v1/webhooks/` as `/v1/webhooks`
 * (test/support/openapi-conformance.ts, written when the router ignored a trailing slash). The callback form is the
 * one the harness leaves unwrapped.
 */
const unchecked = (options: InjectOptions) =>
  new Promise<LightMyRequestResponse>((resolve, reject) => {
    t.app.inject(options, (error, response) => (error || response === undefined ? reject(error) : resolve(response)));
  });

describe('one form of each path', () => {
  it.each([
    ['GET', '/v1/webhooks/'],
    ['GET', '/v1/orders/'],
    ['GET', '/v1/orders/count/'],
    ['POST', '/v1/quotes/'],
    ['GET', '/health/'],
    ['GET', '/admin/v1/workspaces/'],
  ] as const)('%s %s, with a trailing slash, names no route: 404 ExistenceError', async (method, url) => {
    const response = await unchecked({
      method,
      url,
      headers: headersFor(url),
      ...(method === 'POST' ? { payload: {} } : {}),
    });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toEqual({ ok: false, error: 'ExistenceError', message: `No route ${method} ${url}` });
  });

  it('every documented path is served without the slash, and none ends with one', async () => {
    for (const operation of reads()) {
      expect(operation.path.endsWith('/'), operation.path).toBe(false);
    }
    const response = await t.app.inject({ method: 'GET', url: '/v1/webhooks', headers: partner.headers });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('the log', () => {
  it('holds nothing above warn after all of the above', () => {
    const loud = lines.filter((line) => line.level > warn);
    expect(loud.map((line) => line.msg)).toEqual([]);
    // The sink was listening: every request above wrote its line.
    expect(lines.filter((line) => line.msg === 'request').length).toBeGreaterThan(500);
  });
});
