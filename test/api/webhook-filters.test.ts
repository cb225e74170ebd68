import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { payer, payerFields } from '../support/orders.js';
import { aReceiver, type Received, type Receiver } from '../support/receiver.js';
import { verifiesBoth } from '../support/standard-webhooks.js';
import { aWebhookEndpoint, type WebhookEndpointFields } from '../support/webhook-endpoints.js';

// Goal: enabledEvents sends an endpoint only the chosen types (every type when unset, as the spec says), unknown
// types are refused naming them; POST /v1/webhooks/{webhookId}/test sends one signed webhook_test to that endpoint
// at once, answers the outcome and logs it, and sends it to no other endpoint. Method: real events from a collected
// deposit, a loopback receiver, the API through HTTP (inject).

let t: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0', WEBHOOK_ALLOW_INSECURE: '1' } });
  receiver = await aReceiver();
});
afterAll(async () => {
  await receiver.close();
});

const api = (p: Partner, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: p.headers, ...(payload ? { payload } : {}) });
const at = (path: string) => receiver.received.filter((r) => r.path === path);

const register = (p: Partner, path: string, extra: WebhookEndpointFields = {}) =>
  aWebhookEndpoint(t.app, p, `${receiver.url}${path}`, { name: path, secret: `secret ${path}`, ...extra });

async function collectedDeposit(p: Partner) {
  const deposit = (await api(p, 'POST', '/v1/deposits', { userData: payer, currency: 'EUR', amount: 40 })).json();
  await api(p, 'POST', '/v1/simulate/incoming-transfer/deposit', {
    depositId: deposit.depositId,
    amount: 40,
    ...payerFields.EUR,
  });
  await t.ctx.jobs.runDue();
  await t.ctx.webhooks.runDue();
}

const types = (arrivals: Received[]) => [...new Set(arrivals.map((r) => r.body.type))].sort();

describe('enabledEvents', () => {
  it('an endpoint gets only the types it chose; one without a filter gets every type', async () => {
    const p = await aPartner(t.app);
    const chosen = await register(p, '/chosen', {
      enabledEvents: ['deposit_completed', 'verification_status_updated'],
    });
    const every = await register(p, '/every');
    expect([chosen.enabledEvents, every.enabledEvents]).toEqual([
      ['deposit_completed', 'verification_status_updated'],
      null,
    ]);
    await verifyCustomer(t.app, p, payer.userEmail);
    await collectedDeposit(p);
    expect(types(at('/chosen'))).toEqual(['deposit_completed', 'verification_status_updated']);
    expect(types(at('/every'))).toEqual(
      expect.arrayContaining(['balance_updated', 'deposit_completed', 'kyc_completed', 'verification_status_updated']),
    );
    for (const arrival of at('/chosen')) expect(verifiesBoth(arrival, 'secret /chosen')).toBe(true);

    // Changed to one type, then back to every type with null.
    const narrowed = await api(p, 'PUT', `/v1/webhooks/${chosen.id}`, { enabledEvents: ['balance_updated'] });
    expect(narrowed.json().enabledEvents).toEqual(['balance_updated']);
    const before = at('/chosen').length;
    await collectedDeposit(p);
    expect(types(at('/chosen').slice(before))).toEqual(['balance_updated']);
    const reset = await api(p, 'PUT', `/v1/webhooks/${chosen.id}`, { enabledEvents: null });
    expect(reset.json().enabledEvents).toBeNull();
    const again = at('/chosen').length;
    await collectedDeposit(p);
    expect(types(at('/chosen').slice(again))).toEqual(['balance_updated', 'deposit_completed']);
  });

  it.each([
    [
      'POST',
      {
        name: 'x',
        url: 'http://127.0.0.1:9/x',
        secret: 'long-enough',
        enabledEvents: ['deposit_completed', 'order_teleported', 'nope'],
      },
    ],
    ['PUT', { enabledEvents: ['order_teleported', 'nope'] }],
  ] as const)('%s refuses unknown types with 400 naming each of them', async (method, body) => {
    const p = await aPartner(t.app);
    const { id } = await register(p, '/unknown-types');
    const response =
      method === 'POST' ? await api(p, 'POST', '/v1/webhooks', body) : await api(p, 'PUT', `/v1/webhooks/${id}`, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: 'ValidationError' });
    expect(response.json().message).toContain('order_teleported, nope');
    expect(response.json().message).not.toContain('deposit_completed');
  });

  it('an empty list and a repeated type are refused', async () => {
    const p = await aPartner(t.app);
    for (const enabledEvents of [[], ['balance_updated', 'balance_updated']]) {
      const response = await api(p, 'POST', '/v1/webhooks', {
        name: 'x',
        url: `${receiver.url}/x`,
        secret: 'long-enough',
        enabledEvents,
      });
      expect(response.statusCode, JSON.stringify(enabledEvents)).toBe(400);
    }
  });
});

describe('POST /v1/webhooks/{webhookId}/test', () => {
  it('sends one signed webhook_test to that endpoint only, answers the outcome and logs it', async () => {
    const p = await aPartner(t.app);
    const target = await register(p, '/tested', { enabledEvents: ['deposit_completed'] });
    await register(p, '/bystander');
    const response = await api(p, 'POST', `/v1/webhooks/${target.id}/test`);
    expect(response.statusCode, response.body).toBe(200);
    const outcome = response.json();
    expect(outcome).toEqual({
      delivered: true,
      deliveryId: expect.any(Number),
      eventId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      statusCode: 200,
      latencyMs: expect.any(Number),
    });
    const [arrival] = at('/tested');
    expect(arrival?.headers['webhook-id']).toBe(outcome.eventId);
    expect(arrival?.body).toEqual({
      eventId: outcome.eventId,
      id: outcome.eventId,
      type: 'webhook_test',
      api_version: '1.0',
      data: {
        eventId: outcome.eventId,
        webhookId: target.id,
        occurredAt: expect.any(Number),
        message: expect.any(String),
      },
    });
    expect(verifiesBoth(arrival as Received, 'secret /tested')).toBe(true);

    await t.ctx.webhooks.runDue();
    expect(at('/tested')).toHaveLength(1);
    expect(at('/bystander')).toEqual([]);
    const log = (await api(p, 'GET', `/v1/webhooks/${target.id}/deliveries`)).json();
    expect(log).toEqual([
      expect.objectContaining({
        deliveryId: outcome.deliveryId,
        eventId: outcome.eventId,
        eventType: 'webhook_test',
        attempt: 1,
        state: 'delivered',
        statusCode: 200,
      }),
    ]);
  });

  it('answers a failing or unreachable receiver with its outcome (200), and never retries it', async () => {
    const p = await aPartner(t.app);
    const failing = await register(p, '/status/503?retry-after=1', { retryPolicy: 'exponential' });
    const failed = (await api(p, 'POST', `/v1/webhooks/${failing.id}/test`)).json();
    expect(failed).toMatchObject({ delivered: false, statusCode: 503 });
    const unreachable = await register(p, '/down');
    receiver.setDown(true);
    const cut = (await api(p, 'POST', `/v1/webhooks/${unreachable.id}/test`)).json();
    receiver.setDown(false);
    expect(cut).toMatchObject({ delivered: false, error: expect.any(String) });
    expect(cut.statusCode).toBeUndefined();
    // A retry would be a second row, scheduled, whatever the time.
    await t.ctx.webhooks.runDue();
    const log = (await api(p, 'GET', `/v1/webhooks/${failing.id}/deliveries`)).json();
    expect(log).toEqual([expect.objectContaining({ eventType: 'webhook_test', attempt: 1, state: 'failed' })]);
  });

  it('checks a deactivated endpoint too; another workspace gets 401, an unknown endpoint 404', async () => {
    const p = await aPartner(t.app);
    const other = await aPartner(t.app);
    const endpoint = await register(p, '/paused');
    await api(p, 'PUT', `/v1/webhooks/${endpoint.id}`, { isActive: false });
    expect((await api(p, 'POST', `/v1/webhooks/${endpoint.id}/test`)).json()).toMatchObject({ delivered: true });
    expect((await api(other, 'POST', `/v1/webhooks/${endpoint.id}/test`)).statusCode).toBe(401);
    const unknown = await api(p, 'POST', '/v1/webhooks/00000000-0000-4000-8000-000000000000/test');
    expect(unknown.statusCode).toBe(404);
  });
});
