import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger.js';
import { aPartner, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';

// Goal: one log line per request, naming the route and never a secret: no bearer token, password or link secret
// (hosted pages carry theirs in the path), no query string (it can carry customers' emails).

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let t: TestApp;
let partner: Partner;
beforeAll(async () => {
  t = await buildTestApp({ logger: createLogger('info', sink) });
  partner = await aPartner(t.app);
});

const requestLines = () => lines.filter((l) => l.msg === 'request');

describe('request logging', () => {
  it('writes one line per request with method, route, parameters, status, time and request id', async () => {
    lines.length = 0;
    const response = await t.app.inject({
      method: 'GET',
      url: `/v1/deposits/PRE${'A'.repeat(12)}`,
      headers: { ...partner.headers, 'x-request-id': 'log-test-1' },
    });
    expect(response.statusCode).toBe(404);
    const logged = requestLines();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      reqId: 'log-test-1',
      method: 'GET',
      route: '/v1/deposits/:depositId',
      params: { depositId: `PRE${'A'.repeat(12)}` },
      statusCode: 404,
      ms: expect.any(Number),
    });
  });

  it('never writes the bearer token, a password or a hosted link secret', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/v1/balances?userEmail=ana%40example.com', headers: partner.headers });
    await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&client_id=x&username=y&password=hunter2-secret',
    });
    const secret = 'A'.repeat(43);
    await t.app.inject({ method: 'GET', url: `/kyc/start/${secret}` });
    await t.app.inject({ method: 'GET', url: `/pay/${secret}` });
    const written = JSON.stringify(lines);
    const token = String(partner.headers.authorization).replace('Bearer ', '');
    expect(written).not.toContain(token);
    expect(written).not.toContain('hunter2-secret');
    expect(written).not.toContain(secret);
    expect(written).not.toContain('ana@example.com');
    expect(requestLines().map((l) => l.route)).toEqual([
      '/v1/balances',
      '/oauth/token',
      '/kyc/start/:secret',
      '/pay/:token',
    ]);
  });
});
