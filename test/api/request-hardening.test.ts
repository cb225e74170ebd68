import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../src/limits.js';
import { adminHeaders, aPartner, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';

// Goal: the smaller items of issue #28, each refused or answered as the issue asks, through HTTP on a real database:
// an access token altered in its last character's unused bits is refused; a `whsec_` secret outside Standard
// Webhooks' 24 to 64 bytes is refused, naming the rule; invalid UTF-8 and `__proto__` keys are refused with messages
// that say so, before anything is stored; a body over the limit is 413 with the spec's error body naming the limit;
// every answer carries Cache-Control no-store (unless its route may be cached), nosniff and a referrer policy.

let t: TestApp;
let partner: Partner;
beforeAll(async () => {
  t = await buildTestApp({ env: { WEBHOOK_ALLOW_INSECURE: '1' } });
  partner = await aPartner(t.app);
});

const pairs = (token: string) =>
  t.app.inject({ method: 'GET', url: '/v1/pairs', headers: { authorization: `Bearer ${token}` } });

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

describe('access tokens: canonical base64url only', () => {
  it('a token whose last character differs only in unused bits decodes to the same signature and is refused', async () => {
    const token = partner.token;
    const [header, payload, signature] = token.split('.') as [string, string, string];
    // 32 bytes in 43 characters: the last one's two low bits are unused. Flipping the lowest ('A' <-> 'B').
    const last = signature.at(-1) as string;
    const flipped = `${signature.slice(0, -1)}${alphabet[alphabet.indexOf(last) ^ 1]}`;
    expect(flipped).not.toBe(signature);
    expect(Buffer.from(flipped, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));

    expect((await pairs(token)).statusCode).toBe(200);
    const altered = await pairs(`${header}.${payload}.${flipped}`);
    expect(altered.statusCode).toBe(401);
    expect(altered.json()).toMatchObject({ ok: false, error: 'AuthorizationError' });
    // The genuine token still works after the altered one was refused (nothing cached either way).
    expect((await pairs(token)).statusCode).toBe(200);
  });

  it.each([
    ['padding on the signature', (s: string) => `${s}=`],
    ['base64 instead of base64url', (s: string) => s.replace(/[-_]/g, (c) => (c === '-' ? '+' : '/'))],
    ['a space inside', (s: string) => `${s.slice(0, 10)} ${s.slice(10)}`],
  ])('%s is refused', async (_case, alter) => {
    const [header, payload, signature] = partner.token.split('.') as [string, string, string];
    const altered = alter(signature);
    if (altered === signature) return; // no '-' or '_' in this signature: nothing to alter
    expect((await pairs(`${header}.${payload}.${altered}`)).statusCode).toBe(401);
  });
});

describe('webhook secrets: Standard Webhooks strength for whsec_ secrets', () => {
  const create = (secret: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/webhooks',
      headers: partner.headers,
      payload: { name: 'secret check', url: 'http://127.0.0.1:9/hooks', secret },
    });
  const whsec = (bytes: number) => `whsec_${randomBytes(bytes).toString('base64')}`;
  const rule =
    'a secret that starts with whsec_ is a Standard Webhooks secret: whsec_ followed by the base64 of 24 to 64';

  it.each([
    ['3 bytes', 'whsec_YWJj', 'secret holds 3 bytes'],
    ['23 bytes', whsec(23), 'secret holds 23 bytes'],
    ['65 bytes', whsec(65), 'secret holds 65 bytes'],
    ['text that is not base64', 'whsec_not*base64!', 'secret is not valid'],
    ['non-canonical base64', 'whsec_YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXp=', 'secret is not valid'],
  ])('a whsec_ secret of %s is 400 ValidationError naming the rule', async (_case, secret, start) => {
    const response = await create(secret);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: 'ValidationError' });
    expect(response.json().message).toBe(`${start}: ${rule} random bytes`);
  });

  it.each([
    ['whsec_ and 24 bytes', whsec(24)],
    ['whsec_ and 32 bytes', whsec(32)],
    ['whsec_ and 64 bytes', whsec(64)],
    ["a free-form secret of the spec's 8 characters", 'abcdefgh'],
  ])('%s is accepted', async (_case, secret) => {
    const response = await create(secret);
    expect(response.statusCode, response.body).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `/v1/webhooks/${response.json().id}`, headers: partner.headers });
  });

  it('a rotation to a weak whsec_ secret is refused too', async () => {
    const created = await create(whsec(32));
    const id = created.json().id;
    const response = await t.app.inject({
      method: 'PUT',
      url: `/v1/webhooks/${id}`,
      headers: partner.headers,
      payload: { secret: 'whsec_YWJj' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('secret holds 3 bytes');
    await t.app.inject({ method: 'DELETE', url: `/v1/webhooks/${id}`, headers: partner.headers });
  });
});

describe('JSON bodies: refused for what they are', () => {
  const post = (url: string, payload: string | Buffer) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...partner.headers, 'content-type': 'application/json' },
      payload,
    });

  it('invalid UTF-8 is 400 ValidationError, and nothing is stored', async () => {
    const p = await aPartner(t.app);
    const body = Buffer.concat([
      Buffer.from('{"name":"caf'),
      Buffer.from([0xc3, 0x28]), // a lead byte followed by a byte that cannot continue it
      Buffer.from('","url":"http://127.0.0.1:9/h","secret":"abcdefgh"}'),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/webhooks',
      headers: { ...p.headers, 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      error: 'ValidationError',
      message: 'The request body is not valid UTF-8',
    });
    const listed = await t.app.inject({ method: 'GET', url: '/v1/webhooks', headers: p.headers });
    expect(listed.json()).toEqual([]);
  });

  it('valid UTF-8 beyond ASCII is read as sent', async () => {
    const p = await aPartner(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/webhooks',
      headers: { ...p.headers, 'content-type': 'application/json' },
      payload: Buffer.from('{"name":"café ✓ 😀","url":"http://127.0.0.1:9/h","secret":"abcdefgh"}', 'utf8'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().name).toBe('café ✓ 😀');
  });

  it.each([
    ['a __proto__ key', '{"originCurrency":"EUR","__proto__":{"polluted":true}}'],
    ['a nested __proto__ key', '{"originCurrency":"EUR","userData":{"__proto__":{"polluted":true}}}'],
    ['an escaped __proto__ key', '{"originCurrency":"EUR","\\u005f_proto__":{"polluted":true}}'],
    ['a constructor key holding prototype', '{"originCurrency":"EUR","constructor":{"prototype":{"polluted":true}}}'],
  ])('%s is refused, saying so', async (_case, body) => {
    const response = await post('/v1/quotes', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'ValidationError',
      message:
        'The request body holds a key named __proto__, or a constructor key holding a prototype key, which is not accepted',
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('malformed JSON is still "not valid JSON"', async () => {
    const response = await post('/v1/quotes', '{"__proto__": ');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The request body is not valid JSON');
  });

  it('"__proto__" as a value, not a key, is an ordinary string', async () => {
    const response = await post('/v1/quotes', '{"originCurrency":"__proto__"}');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).not.toContain('__proto__, or a constructor');
  });
});

describe('a body over the limit', () => {
  const oversized = `{"name":"${'x'.repeat(limits.bodyLimitBytes)}"}`;
  const message = `The request body is too large: at most ${limits.bodyLimitBytes} bytes are accepted`;

  it('is 413 with the create shape on a create route, naming the limit', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/webhooks',
      headers: { ...partner.headers, 'content-type': 'application/json' },
      payload: oversized,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, error: 'ValidationError', message });
  });

  it('is 413 with the read shape on a delete, naming the limit', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/v1/webhooks/${randomUUID()}`,
      headers: { ...partner.headers, 'content-type': 'application/json' },
      payload: oversized,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ ok: false, error: 'ValidationError', message });
  });

  it('is 413 when the body is sent without a Content-Length (chunked)', async () => {
    const { Readable } = await import('node:stream');
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/webhooks',
      headers: { ...partner.headers, 'content-type': 'application/json' },
      payload: Readable.from([Buffer.from(oversized)]),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(message);
  });

  it('is documented: 413 on operations that read a body, not on those that read none', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const create = document.paths['/v1/webhooks'].post.responses['413'];
    expect(create.content['application/json'].example).toMatchObject({ error: 'ValidationError', message });
    expect(document.paths['/v1/pairs'].get.responses['413']).toBeUndefined();
  });
});

describe('security headers on every answer', () => {
  const expectApiHeaders = (response: { headers: Record<string, unknown> }) => {
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  };

  it.each([
    ['a partner read', () => pairs(partner.token), 200],
    ['a partner read without a token', () => t.app.inject({ method: 'GET', url: '/v1/pairs' }), 401],
    [
      'a partner write refused by the schema',
      () => t.app.inject({ method: 'POST', url: '/v1/quotes', headers: partner.headers, payload: {} }),
      400,
    ],
    [
      'a body that is not JSON',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/v1/quotes',
          headers: { ...partner.headers, 'content-type': 'application/json' },
          payload: '{',
        }),
      400,
    ],
    ['an unknown path', () => t.app.inject({ method: 'GET', url: '/v1/nothing-here', headers: partner.headers }), 404],
    ['a malformed percent-escape (the router refuses it)', () => t.app.inject({ method: 'GET', url: '/v1/%zz' }), 400],
    [
      'an operator read',
      () => t.app.inject({ method: 'GET', url: '/admin/v1/workspaces', headers: adminHeaders }),
      200,
    ],
    ['an operator read without a token', () => t.app.inject({ method: 'GET', url: '/admin/v1/workspaces' }), 401],
    [
      'a provider callback without a signature',
      () => t.app.inject({ method: 'POST', url: '/provider/v1/payout-outcomes', payload: {} }),
      undefined,
    ],
    ['the health check', () => t.app.inject({ method: 'GET', url: '/health' }), 200],
  ])('%s', async (_case, send, status) => {
    const response = await send();
    if (status !== undefined) expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expectApiHeaders(response);
  });

  it('a route that may be cached keeps its own Cache-Control on a 200, but not on an error', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/v1/currencies/EUR/limits', headers: partner.headers });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('private, max-age=300');
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    const refused = await t.app.inject({ method: 'GET', url: '/v1/currencies/XXX/limits', headers: partner.headers });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['the kyc page of an unknown link', `/kyc/start/${'a'.repeat(43)}`],
    ['the payment page of an unknown link', '/pay/unknown-token'],
  ])('%s: a hosted page with no-referrer', async (_case, url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expectApiHeaders(response);
  });

  it('the console keeps same-origin (its form posts need an Origin) and gets nosniff and no-store', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/console/login' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a style sheet keeps its caching and is not sniffed', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/hosted/page.css' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
