import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminHeaders,
  aPartner,
  aToken,
  aWorkspace,
  type Credentials,
  configureWorkspace,
  tokenRequest,
} from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';

let t: TestApp;
let clock: TestClock;
beforeAll(async () => {
  clock = new TestClock();
  t = await buildTestApp({ clock });
});

const grant = (c: Credentials, overrides: Record<string, string> = {}) => ({
  grant_type: 'password',
  client_id: c.clientId,
  username: c.username,
  password: c.password,
  ...overrides,
});
const pairs = (token: string) =>
  t.app.inject({ method: 'GET', url: '/v1/pairs', headers: { authorization: `Bearer ${token}` } });

describe('POST /oauth/token (password grant)', () => {
  it('answers access_token, token_type Bearer and expires_in 300, not cacheable', async () => {
    const c = await aWorkspace(t.app);
    const response = await tokenRequest(t.app, grant(c));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 300 });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['a wrong password', { password: 'wrong-password' }, 400, 'invalid_grant'],
    ['a wrong username', { username: 'someone' }, 400, 'invalid_grant'],
    ['an unknown client', { client_id: 'cl_unknown' }, 401, 'invalid_client'],
    ['another grant type', { grant_type: 'client_credentials' }, 400, 'unsupported_grant_type'],
    ['a missing password', { password: '' }, 400, 'invalid_request'],
  ])('%s gets the RFC 6749 error response', async (_case, overrides, status, error) => {
    const c = await aWorkspace(t.app);
    const response = await tokenRequest(t.app, grant(c, overrides));
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error, error_description: expect.any(String) });
  });

  it('refuses a JSON body with invalid_request', async () => {
    const c = await aWorkspace(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: grant(c) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('invalid_request');
  });
});

describe('bearer tokens on /v1', () => {
  it.each([
    ['no Authorization header', undefined],
    ['a malformed header', 'Token abc'],
    ['a forged token', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4IiwiY3YiOjEsImV4cCI6OTk5OTk5OTk5OX0.c2lnbmF0dXJl'],
  ])('%s is 401 AuthorizationError in the read shape', async (_case, header) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/pairs',
      headers: header ? { authorization: header } : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ ok: false, error: 'AuthorizationError', message: expect.any(String) });
  });

  it('a create route answers 401 in the create shape, before validating the body', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/quotes', payload: { nonsense: true } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, error: 'AuthorizationError' });
  });

  it('an expired token is 401', async () => {
    const partner = await aPartner(t.app);
    expect((await pairs(partner.token)).statusCode).toBe(200);
    clock.advance(301_000);
    try {
      expect((await pairs(partner.token)).statusCode).toBe(401);
    } finally {
      clock.advance(-301_000);
    }
  });

  it('rotating credentials with no overlap revokes earlier tokens, here at once and in another process within seconds', async () => {
    const partner = await aPartner(t.app);
    const otherClock = new TestClock();
    const otherProcess = (await buildTestApp({ clock: otherClock })).app;
    const onOther = () =>
      otherProcess.inject({ method: 'GET', url: '/v1/pairs', headers: partner.headers }).then((r) => r.statusCode);
    expect(await onOther()).toBe(200);
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/admin/v1/workspaces/${partner.credentials.workspaceId}/rotate-credentials`,
      headers: adminHeaders,
      payload: { overlapSeconds: 0 },
    });
    expect(rotated.statusCode).toBe(200);
    expect((await pairs(partner.token)).statusCode).toBe(401);
    otherClock.advance(2_000);
    expect(await onOther()).toBe(401);
    // The old password is refused and the new one works.
    expect((await tokenRequest(t.app, grant(partner.credentials))).statusCode).toBe(400);
    const fresh = await aToken(t.app, { ...partner.credentials, password: rotated.json().password });
    expect((await pairs(fresh)).statusCode).toBe(200);
  });

  it('a disabled workspace loses access', async () => {
    const partner = await aPartner(t.app);
    await configureWorkspace(t.app, partner.credentials.workspaceId, { enabled: false });
    expect((await pairs(partner.token)).statusCode).toBe(401);
    expect((await tokenRequest(t.app, grant(partner.credentials))).statusCode).toBe(401);
  });
});
