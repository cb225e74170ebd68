import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp, testDb } from '../support/harness.js';
import { payer, payerFields } from '../support/orders.js';
import { aReceiver, type Received } from '../support/receiver.js';

// Goal: endpoints are registered, read, rotated and deleted as the spec says; every committed change reaches every
// active endpoint once, signed over the exact bytes (the legacy URL unsigned); failures are logged, not retried.
// Method: a loopback receiver (WEBHOOK_ALLOW_INSECURE=1), jobs and the dispatcher run on demand.

let t: TestApp;
let receiver: Awaited<ReturnType<typeof aReceiver>>;

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0', WEBHOOK_ALLOW_INSECURE: '1' } });
  receiver = await aReceiver();
});
afterAll(async () => {
  await receiver.close();
});

const api = (p: Partner, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: p.headers, ...(payload ? { payload } : {}) });

const register = (p: Partner, path: string, secret: string) =>
  api(p, 'POST', '/v1/webhooks', { name: `hook ${path}`, url: `${receiver.url}${path}`, secret });

/** The spec's receiver check: recompute over the exact bytes and compare the whole header in constant time. */
function verify(delivery: Received, secret: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(delivery.raw).digest('hex')}`);
  const header = Buffer.from(String(delivery.headers['x-service-signature-256'] ?? ''));
  return header.length === expected.length && timingSafeEqual(header, expected);
}

const at = (path: string) => receiver.received.filter((r) => r.path === path);

async function settleAndDeliver() {
  await t.ctx.jobs.runDue();
  await t.ctx.webhooks.runDue();
}

async function collectedDeposit(p: Partner, amount: number) {
  const deposit = (await api(p, 'POST', '/v1/deposits', { userData: payer, currency: 'EUR', amount })).json();
  await api(p, 'POST', '/v1/simulate/incoming-transfer/deposit', {
    depositId: deposit.depositId,
    amount,
    ...payerFields.EUR,
  });
  await settleAndDeliver();
  return deposit.depositId as string;
}

describe('webhook endpoints', () => {
  it('POST answers 200 with the endpoint and never the secret; GET lists and reads it; times are milliseconds', async () => {
    const p = await aPartner(t.app);
    const created = await register(p, '/a', 'a-secret-1');
    expect(created.statusCode, created.body).toBe(200);
    const endpoint = created.json();
    expect(endpoint).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'hook /a',
      url: `${receiver.url}/a`,
      isActive: true,
      // Additive (issue #12): the spec's single attempt and every event type, unless the partner opts in.
      retryPolicy: 'none',
      enabledEvents: null,
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });
    expect(endpoint.createdAt).toBeGreaterThan(1e12);
    expect((await api(p, 'GET', '/v1/webhooks')).json()).toEqual([endpoint]);
    expect((await api(p, 'GET', `/v1/webhooks/${endpoint.id}`)).json()).toEqual(endpoint);
    const db = await testDb();
    const [row] = await db.query<{ secret_sealed: string }>(
      'select secret_sealed from webhook_endpoints where id = $1',
      [endpoint.id],
    );
    expect(row?.secret_sealed).toMatch(/^v2\.[0-9a-f]{16}\./);
    expect(row?.secret_sealed).not.toContain('a-secret-1');
  });

  it.each([
    ['a secret shorter than 8 characters', { name: 'x', url: 'https://hooks.example.com', secret: 'short' }, 'secret'],
    ['no url', { name: 'x', secret: 'long-enough' }, 'url'],
    ['a url that is not absolute', { name: 'x', url: 'hooks', secret: 'long-enough' }, 'url'],
  ])('refuses %s (400 naming the field)', async (_, body, field) => {
    const p = await aPartner(t.app);
    const response = await api(p, 'POST', '/v1/webhooks', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: 'ValidationError' });
    expect(response.json().message).toContain(field);
  });

  it('without WEBHOOK_ALLOW_INSECURE: http and private or loopback targets are refused', async () => {
    const strict = await buildTestApp();
    const p = await aPartner(strict.app);
    for (const url of ['http://hooks.example.com/x', 'https://127.0.0.1/x', 'https://10.0.0.8/x', 'https://[::1]/x']) {
      const response = await strict.app.inject({
        method: 'POST',
        url: '/v1/webhooks',
        headers: p.headers,
        payload: { name: 'x', url, secret: 'long-enough' },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toMatch(/https|non-public/);
    }
    await strict.app.close();
  });

  it('PUT changes fields and rotates the secret; DELETE stops deliveries; another workspace gets 401', async () => {
    const p = await aPartner(t.app);
    const other = await aPartner(t.app);
    const { id } = (await register(p, '/put', 'first-secret')).json();
    const updated = await api(p, 'PUT', `/v1/webhooks/${id}`, { name: 'renamed', secret: 'second-secret' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ id, name: 'renamed', isActive: true });
    expect(updated.json().secret).toBeUndefined();
    expect((await api(other, 'GET', `/v1/webhooks/${id}`)).statusCode).toBe(401);
    expect((await api(other, 'DELETE', `/v1/webhooks/${id}`)).statusCode).toBe(401);
    expect((await api(p, 'PUT', `/v1/webhooks/${id}`, {})).statusCode).toBe(400);
    const deleted = await api(p, 'DELETE', `/v1/webhooks/${id}`);
    expect(deleted.json()).toEqual({ success: true, message: expect.any(String) });
    expect((await api(p, 'GET', `/v1/webhooks/${id}`)).statusCode).toBe(404);
    expect((await api(p, 'GET', '/v1/webhooks')).json()).toEqual([]);
  });
});

describe('delivery', () => {
  it('every event of a committed change reaches each endpoint once, signed over the exact bytes', async () => {
    const p = await aPartner(t.app);
    // Endpoints first: an event is owed to the endpoints registered when it is written (migration 0036).
    const first = (await register(p, '/one', 'secret-one')).json();
    await register(p, '/two', 'secret-two');
    await verifyCustomer(t.app, p, payer.userEmail);
    const depositId = await collectedDeposit(p, 120);
    for (const [path, secret] of [
      ['/one', 'secret-one'],
      ['/two', 'secret-two'],
    ] as const) {
      const got = at(path);
      const completed = got.filter((r) => r.body.type === 'deposit_completed');
      expect(completed).toHaveLength(1);
      expect(completed[0]?.body).toMatchObject({
        id: depositId,
        type: 'deposit_completed',
        api_version: '1.0',
        data: { depositId, status: 'Received', amount: 120 },
      });
      expect(got.some((r) => r.body.type === 'balance_updated')).toBe(true);
      for (const delivery of got) expect(verify(delivery, secret)).toBe(true);
      // The verification events came too: a delivery UUID as id, and data.eventId.
      const verification = got.find((r) => r.body.type === 'verification_status_updated');
      expect(verification?.body.data).toMatchObject({ eventId: expect.any(String), verificationType: 'KYC' });
    }
    // Nothing is sent twice, however often the dispatcher runs.
    const before = receiver.received.length;
    await t.ctx.webhooks.runDue();
    expect(receiver.received.length).toBe(before);
    const log = (await api(p, 'GET', `/v1/webhooks/${first.id}/deliveries`)).json();
    expect(log.length).toBe(at('/one').length);
    expect(log[0]).toMatchObject({ state: 'delivered', statusCode: 200, latencyMs: expect.any(Number) });
  });

  it('a backlog longer than one fan-out round is drained in one run', async () => {
    const p = await aPartner(t.app);
    await register(p, '/backlog', 'backlog-secret');
    const db = await testDb();
    await db.query(
      `insert into outbox_events (workspace_id, type, event_id, data, occurred_at_ms)
       select $1, 'balance_updated', 'backlog-' || n, '{}'::jsonb, 0 from generate_series(1, 1200) n`,
      [p.credentials.workspaceId],
    );
    await t.ctx.webhooks.runDue();
    const ids = at('/backlog').map((r) => r.body.id);
    expect(ids).toHaveLength(1200);
    expect(new Set(ids).size).toBe(1200);
  });

  it('a rotated secret signs the next delivery', async () => {
    const p = await aPartner(t.app);
    await verifyCustomer(t.app, p, payer.userEmail);
    const { id } = (await register(p, '/rotate', 'old-secret')).json();
    await t.ctx.webhooks.runDue();
    await api(p, 'PUT', `/v1/webhooks/${id}`, { secret: 'new-secret' });
    await collectedDeposit(p, 10);
    const completed = at('/rotate').find((r) => r.body.type === 'deposit_completed');
    expect(completed && verify(completed, 'new-secret')).toBe(true);
    expect(completed && verify(completed, 'old-secret')).toBe(false);
  });

  it('a non-2xx answer is logged as failed and not retried', async () => {
    const p = await aPartner(t.app);
    await verifyCustomer(t.app, p, payer.userEmail);
    const { id } = (await register(p, '/status/500', 'failing-secret')).json();
    await collectedDeposit(p, 15);
    const attempts = at('/status/500').length;
    expect(attempts).toBeGreaterThan(0);
    await t.ctx.webhooks.runDue();
    expect(at('/status/500').length).toBe(attempts);
    const log = (await api(p, 'GET', `/v1/webhooks/${id}/deliveries`)).json();
    expect(log.every((d: { state: string; statusCode: number }) => d.state === 'failed' && d.statusCode === 500)).toBe(
      true,
    );
  });

  it('the legacy single URL receives the same events, unsigned', async () => {
    const p = await aPartner(t.app);
    await verifyCustomer(t.app, p, payer.userEmail);
    expect((await api(p, 'GET', '/v1/webhook')).json()).toEqual({ url: null });
    const set = await api(p, 'PUT', '/v1/webhook', { url: `${receiver.url}/legacy` });
    expect(set.json()).toEqual({ url: `${receiver.url}/legacy` });
    expect((await api(p, 'GET', '/v1/webhook')).json()).toEqual({ url: `${receiver.url}/legacy` });
    expect((await api(p, 'GET', '/v1/webhooks')).json()).toEqual([]);
    const depositId = await collectedDeposit(p, 20);
    const legacy = at('/legacy').find((r) => r.body.type === 'deposit_completed');
    expect(legacy?.body.id).toBe(depositId);
    expect(legacy?.headers['x-service-signature-256']).toBeUndefined();
  });

  it('a rolled-back change sends nothing (a refused withdrawal)', async () => {
    const p = await aPartner(t.app);
    await register(p, '/rollback', 'rollback-secret');
    await t.ctx.webhooks.runDue();
    const refused = await api(p, 'POST', '/v1/withdrawals', {
      currency: 'EUR',
      amount: 10,
      destinationTransferData: {
        type: 'SEPA',
        destinationName: 'Ana Silva',
        iban: 'DE89370400440532013000',
        country: 'DE',
        city: 'Berlin',
        postalCode: '10115',
      },
    });
    expect(refused.statusCode).toBe(402);
    await t.ctx.webhooks.runDue();
    expect(at('/rollback')).toEqual([]);
  });

  it('resend re-sends the latest event of a completed deposit; a pending one is 409, an unknown one 404', async () => {
    const p = await aPartner(t.app);
    await verifyCustomer(t.app, p, payer.userEmail);
    await register(p, '/resend', 'resend-secret');
    const depositId = await collectedDeposit(p, 30);
    const before = at('/resend').filter((r) => r.body.id === depositId).length;
    const resent = await api(p, 'POST', '/v1/webhooks/resend', { entityType: 'deposit', entityId: depositId });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ success: true, eventType: 'deposit_completed', deliveries: 1 });
    await t.ctx.webhooks.runDue();
    expect(at('/resend').filter((r) => r.body.id === depositId)).toHaveLength(before + 1);
    const pending = (await api(p, 'POST', '/v1/deposits', { userData: payer, currency: 'EUR', amount: 5 })).json();
    const notYet = await api(p, 'POST', '/v1/webhooks/resend', { entityType: 'deposit', entityId: pending.depositId });
    expect(notYet.statusCode).toBe(409);
    const unknown = await api(p, 'POST', '/v1/webhooks/resend', { entityType: 'order', entityId: 'PRE000000000000' });
    expect(unknown.statusCode).toBe(404);
  });
});
