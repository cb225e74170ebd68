import { beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, aPartner, configureWorkspace, type Partner } from '../support/builders.js';
import { buildTestApp, productionEnv, type TestApp, testDb } from '../support/harness.js';

let t: TestApp;
let partner: Partner;
beforeAll(async () => {
  t = await buildTestApp();
  partner = await aPartner(t.app);
});

const simulate = (payload: object, p: Partner = partner, app = t.app) =>
  app.inject({ method: 'POST', url: '/v1/simulate/kyc', headers: p.headers, payload });

const eventsFor = async (workspaceId: string, email: string) => {
  const db = await testDb();
  return db.query<{ type: string; data: Record<string, unknown> }>(
    `select type, data from outbox_events where workspace_id = $1 and data->>'customerEmail' = $2 order by id`,
    [workspaceId, email],
  );
};

describe('POST /v1/simulate/kyc', () => {
  it('moves a new customer along the path to APPROVED with one event per change', async () => {
    const response = await simulate({ userEmail: 'Ana@Example.com', status: 'APPROVED' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      userEmail: 'ana@example.com',
      accountId: 'ana@example.com',
      status: 'APPROVED',
      transitions: [
        { previousStatus: 'NOT_AVAILABLE', status: 'PENDING' },
        { previousStatus: 'PENDING', status: 'IN_PROGRESS' },
        { previousStatus: 'IN_PROGRESS', status: 'REVIEWING' },
        { previousStatus: 'REVIEWING', status: 'APPROVED' },
      ],
    });
    const events = await eventsFor(partner.credentials.workspaceId, 'ana@example.com');
    expect(events.map((e) => e.type)).toEqual([
      'verification_status_updated',
      'verification_status_updated',
      'verification_status_updated',
      'verification_status_updated',
      'kyc_completed',
    ]);
    expect(events[3]?.data).toEqual({
      eventId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      occurredAt: expect.any(Number),
      verificationType: 'KYC',
      customerEmail: 'ana@example.com',
      entityId: 'ana@example.com',
      status: 'APPROVED',
      previousStatus: 'REVIEWING',
    });
  });

  it('leaving a final state is 409 StateError, and nothing changes', async () => {
    await simulate({ userEmail: 'rejected@example.com', status: 'REJECTED' });
    const response = await simulate({ userEmail: 'rejected@example.com', status: 'APPROVED' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ success: false, error: 'StateError' });
    expect((await eventsFor(partner.credentials.workspaceId, 'rejected@example.com')).at(-1)?.data.status).toBe(
      'REJECTED',
    );
  });

  it('the same status again is a no-op without events', async () => {
    await simulate({ userEmail: 'same@example.com', status: 'IN_PROGRESS' });
    const again = await simulate({ userEmail: 'same@example.com', status: 'IN_PROGRESS' });
    expect(again.json().transitions).toEqual([]);
    expect(await eventsFor(partner.credentials.workspaceId, 'same@example.com')).toHaveLength(2);
  });

  it.each([
    [{ userEmail: 'x@example.com', status: 'DONE' }, 'status must be one of'],
    [{ userEmail: 'not-an-email', status: 'APPROVED' }, 'userEmail'],
  ])('refuses %j with 400', async (payload, message) => {
    const response = await simulate(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('is 403 AllowanceError for a workspace with simulation off', async () => {
    const p = await aPartner(t.app, { simulation: false });
    const response = await simulate({ userEmail: 'a@example.com', status: 'APPROVED' }, p);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('AllowanceError');
    await configureWorkspace(t.app, p.credentials.workspaceId, { simulation: true });
    expect((await simulate({ userEmail: 'a@example.com', status: 'APPROVED' }, p)).statusCode).toBe(200);
  });

  it('does not exist in production (404 ExistenceError)', async () => {
    const production = await buildTestApp({
      env: productionEnv,
    });
    const created = await production.app.inject({
      method: 'POST',
      url: '/admin/v1/workspaces',
      headers: adminHeaders,
      payload: { name: 'prod' },
    });
    const c = created.json();
    const token = (
      await production.app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'password',
          client_id: c.clientId,
          username: c.username,
          password: c.password,
        }).toString(),
      })
    ).json().access_token;
    const response = await production.app.inject({
      method: 'POST',
      url: '/v1/simulate/kyc',
      headers: { authorization: `Bearer ${token}` },
      payload: { userEmail: 'a@example.com', status: 'APPROVED' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('ExistenceError');
  });
});

describe('GET /v1/balances', () => {
  it('answers an empty list before any money moved, for the workspace and for an unknown customer', async () => {
    const p = await aPartner(t.app);
    for (const url of ['/v1/balances', '/v1/balances?userEmail=nobody@example.com', '/v1/balances?currency=EUR']) {
      const response = await t.app.inject({ method: 'GET', url, headers: p.headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ balances: [] });
    }
  });

  it.each(['/v1/balances?currency=BRL', '/v1/balances?colour=red', '/v1/balances?userEmail=nope'])(
    '%s is 400',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: partner.headers });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('ValidationError');
    },
  );
});
