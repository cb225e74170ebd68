import { beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, aPartner, aWorkspace } from '../support/builders.js';
import { buildTestApp, productionEnv, type TestApp, testDb } from '../support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url: `/admin/v1${url}`, headers: adminHeaders, ...(payload ? { payload } : {}) });

describe('operator authorization', () => {
  it.each([
    ['no token', {}],
    ['a wrong token', { authorization: 'Bearer not-the-admin-token' }],
  ])('%s is 401 AuthorizationError', async (_case, headers) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/admin/v1/workspaces',
      headers,
      payload: { name: 'x' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, error: 'AuthorizationError' });
  });

  it('a partner token does not open the operator API', async () => {
    const partner = await aPartner(t.app);
    const response = await t.app.inject({ method: 'GET', url: '/admin/v1/workspaces', headers: partner.headers });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /admin/v1/workspaces', () => {
  it('answers 201 with the credentials, and stores the password only as a scrypt hash', async () => {
    const response = await admin('POST', '/workspaces', { name: 'Acme Remittances' });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toEqual({
      workspaceId: expect.any(String),
      clientId: expect.stringMatching(/^cl_/),
      username: expect.any(String),
      password: expect.any(String),
    });
    expect(created.password.length).toBeGreaterThanOrEqual(32);
    const db = await testDb();
    const [row] = await db.query<{ password_hash: string; simulation: boolean }>(
      'select password_hash, simulation from workspaces where id = $1',
      [created.workspaceId],
    );
    expect(row?.password_hash).toMatch(/^scrypt\$/);
    expect(row?.password_hash).not.toContain(created.password);
    expect(row?.simulation).toBe(true); // stage default
  });

  it.each([
    [{}, 'name is required'],
    [{ name: '' }, 'name'],
    [{ name: 'x', simulation: 'yes' }, 'simulation must be a boolean'],
    [{ name: 'x', extra: 1 }, 'extra is not a recognised field'],
  ])('refuses %j with 400 naming the field', async (payload, message) => {
    const response = await admin('POST', '/workspaces', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('refuses simulation in production', async () => {
    const production = await buildTestApp({
      env: productionEnv,
    });
    const response = await production.app.inject({
      method: 'POST',
      url: '/admin/v1/workspaces',
      headers: adminHeaders,
      payload: { name: 'prod', simulation: true },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('reading and changing workspaces', () => {
  it('lists and reads workspaces without secrets', async () => {
    const c = await aWorkspace(t.app);
    const one = await admin('GET', `/workspaces/${c.workspaceId}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      workspaceId: c.workspaceId,
      clientId: c.clientId,
      enabled: true,
      enabledPairs: null,
    });
    expect(one.body).not.toContain(c.password);
    expect(one.body).not.toContain('scrypt');
    // The whole run shares one database, which holds more workspaces than a page: read page by page.
    let listed = false;
    for (let page = 0; !listed; page += 1) {
      const list = await admin('GET', `/workspaces?limit=500&page=${page}`);
      expect(list.statusCode).toBe(200);
      const rows = list.json() as { workspaceId: string }[];
      expect(rows.length, 'the workspace is on no page').toBeGreaterThan(0);
      listed = rows.some((w) => w.workspaceId === c.workspaceId);
      expect(rows.some((w) => JSON.stringify(w).includes(c.password))).toBe(false);
    }
  });

  it('an unknown workspace is 404', async () => {
    expect((await admin('GET', '/workspaces/nope')).statusCode).toBe(404);
    expect((await admin('POST', '/workspaces/nope/rotate-credentials')).statusCode).toBe(404);
    expect((await admin('PATCH', '/workspaces/nope', { enabled: true })).statusCode).toBe(404);
  });

  it('sets enabled pairs, fee schedule and write limit, and resets them with null', async () => {
    const c = await aWorkspace(t.app);
    const changed = await admin('PATCH', `/workspaces/${c.workspaceId}`, {
      enabledPairs: ['EUR/USDC', 'USDC/EUR'],
      feeSchedule: { defaultBps: 80, pairs: { 'EUR/USDC': 20 } },
      writeLimitPerMinute: 5000,
      readThrottleLifted: true,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      enabledPairs: ['EUR/USDC', 'USDC/EUR'],
      feeSchedule: { defaultBps: 80, pairs: { 'EUR/USDC': 20 } },
      writeLimitPerMinute: 5000,
      readThrottleLifted: true,
    });
    const reset = await admin('PATCH', `/workspaces/${c.workspaceId}`, {
      enabledPairs: null,
      writeLimitPerMinute: null,
    });
    expect(reset.json()).toMatchObject({
      enabledPairs: null,
      writeLimitPerMinute: null,
      feeSchedule: { defaultBps: 80 },
    });
  });

  it.each([
    [{ enabledPairs: ['EUR/EUR'] }, 'EUR/EUR'],
    [{ enabledPairs: ['ARS/USD'] }, 'ARS/USD'],
    [{ feeSchedule: { defaultBps: 5000, pairs: {} } }, 'feeSchedule.defaultBps'],
    [{ writeLimitPerMinute: 0 }, 'writeLimitPerMinute'],
  ])('refuses %j naming the problem', async (payload, message) => {
    const c = await aWorkspace(t.app);
    const response = await admin('PATCH', `/workspaces/${c.workspaceId}`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });
});
