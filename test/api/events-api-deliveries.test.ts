import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { payer, payerFields } from '../support/orders.js';
import { aReceiver, type Received } from '../support/receiver.js';
import { aWebhookEndpoint } from '../support/webhook-endpoints.js';

// Goal: every delivery carries the event's eventId, unique to the event and the same at every endpoint and on every
// re-send (the events API's and the spec's own); a verification event's equals its data.eventId; the events API
// lists exactly what was delivered; POST /v1/events/{eventId}/resend sends any event again, to every active
// endpoint or to the one named, and refuses what is not the workspace's. Method: real operations through HTTP, a
// loopback receiver (WEBHOOK_ALLOW_INSECURE=1), the job runner and the dispatcher run on demand.

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestApp;
let receiver: Awaited<ReturnType<typeof aReceiver>>;

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

async function anEndpoint(p: Partner, path: string): Promise<string> {
  return (await aWebhookEndpoint(t.app, p, `${receiver.url}${path}`, { name: path, secret: 'events-secret' })).id;
}

async function deliver() {
  await t.ctx.jobs.runDue();
  await t.ctx.webhooks.runDue();
}

/** A verified customer's deposit, collected in full: verification, deposit and balance events. */
async function aCollectedDeposit(p: Partner): Promise<string> {
  await verifyCustomer(t.app, p, payer.userEmail);
  const deposit = (await api(p, 'POST', '/v1/deposits', { userData: payer, currency: 'EUR', amount: 75 })).json();
  await api(p, 'POST', '/v1/simulate/incoming-transfer/deposit', {
    depositId: deposit.depositId,
    amount: 75,
    ...payerFields.EUR,
  });
  await deliver();
  return deposit.depositId;
}

/** Every event of the workspace through the events API, newest first. */
async function allEvents(p: Partner) {
  const response = await api(p, 'GET', '/v1/events?limit=100');
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().hasMore).toBe(false);
  return response.json().value as Array<Received['body'] & { createdAt: number }>;
}

const envelopeOf = ({ eventId, id, type, api_version, data }: Received['body']) => ({
  eventId,
  id,
  type,
  api_version,
  data,
});

describe('the eventId of real deliveries', () => {
  it('is unique per event, the same at every endpoint, and the events API lists exactly what was delivered', async () => {
    const p = await aPartner(t.app);
    await anEndpoint(p, '/ids-a');
    await anEndpoint(p, '/ids-b');
    await aCollectedDeposit(p);
    const [a, b] = [at('/ids-a'), at('/ids-b')];
    expect(a.length).toBeGreaterThanOrEqual(4);
    for (const r of a) expect(r.body.eventId).toMatch(uuid);
    expect(new Set(a.map((r) => r.body.eventId)).size).toBe(a.length);
    const byEventId = (arrivals: Received[]) =>
      Object.fromEntries(arrivals.map((r) => [r.body.eventId, r.raw.toString()]));
    // The same event is the same bytes at both endpoints.
    expect(byEventId(b)).toEqual(byEventId(a));
    const listed = await allEvents(p);
    expect(listed.map(envelopeOf).sort(byId)).toEqual(a.map((r) => r.body).sort(byId));
    for (const event of listed) expect(event.createdAt).toBeGreaterThan(1e12);
  });

  it("a verification event's eventId is its data.eventId", async () => {
    const p = await aPartner(t.app);
    await anEndpoint(p, '/ids-kyc');
    await verifyCustomer(t.app, p, 'kyc-ids@example.com');
    await deliver();
    const verifications = at('/ids-kyc').filter((r) =>
      ['verification_status_updated', 'kyc_completed'].includes(r.body.type),
    );
    expect(verifications.length).toBeGreaterThanOrEqual(2);
    for (const r of verifications) {
      expect(r.body.data.eventId).toBe(r.body.eventId);
      // The envelope id stays the spec's delivery UUID, a different one.
      expect(r.body.id).toMatch(uuid);
      expect(r.body.id).not.toBe(r.body.eventId);
    }
  });
});

const byId = (x: { eventId: string }, y: { eventId: string }) => x.eventId.localeCompare(y.eventId);

describe('POST /v1/events/{eventId}/resend', () => {
  it('sends any event again, byte for byte with its eventId, to every active endpoint', async () => {
    const p = await aPartner(t.app);
    await anEndpoint(p, '/all-1');
    await anEndpoint(p, '/all-2');
    const paused = await anEndpoint(p, '/all-paused');
    await aCollectedDeposit(p);
    await api(p, 'PUT', `/v1/webhooks/${paused}`, { isActive: false });
    // Not only the latest event of a completed deposit: the first verification event of the workspace.
    const event = (await allEvents(p)).at(-1);
    expect(event?.type).toBe('verification_status_updated');
    const first = at('/all-1').find((r) => r.body.eventId === event?.eventId);
    const resent = await api(p, 'POST', `/v1/events/${event?.eventId}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toEqual({
      ok: true,
      value: { eventId: event?.eventId, type: 'verification_status_updated', deliveries: 2 },
    });
    await deliver();
    for (const path of ['/all-1', '/all-2']) {
      const copies = at(path).filter((r) => r.body.eventId === event?.eventId);
      expect(copies).toHaveLength(2);
      expect(copies[1]?.raw.equals(first?.raw ?? Buffer.alloc(0))).toBe(true);
    }
    expect(at('/all-paused').filter((r) => r.body.eventId === event?.eventId)).toHaveLength(1);
  });

  it('sends it to the one endpoint named by webhookId only', async () => {
    const p = await aPartner(t.app);
    await anEndpoint(p, '/one-a');
    const chosen = await anEndpoint(p, '/one-b');
    const depositId = await aCollectedDeposit(p);
    const event = (await allEvents(p)).find((e) => e.type === 'deposit_completed' && e.id === depositId);
    const resent = await api(p, 'POST', `/v1/events/${event?.eventId}/resend`, { webhookId: chosen });
    expect(resent.json()).toMatchObject({ ok: true, value: { deliveries: 1 } });
    await deliver();
    expect(at('/one-a').filter((r) => r.body.eventId === event?.eventId)).toHaveLength(1);
    expect(at('/one-b').filter((r) => r.body.eventId === event?.eventId)).toHaveLength(2);
  });

  it("the spec's re-send of a completed deposit sends the same event, with the same eventId", async () => {
    const p = await aPartner(t.app);
    await anEndpoint(p, '/spec-resend');
    const depositId = await aCollectedDeposit(p);
    const completed = at('/spec-resend').filter((r) => r.body.type === 'deposit_completed' && r.body.id === depositId);
    expect(completed).toHaveLength(1);
    const resent = await api(p, 'POST', '/v1/webhooks/resend', { entityType: 'deposit', entityId: depositId });
    expect(resent.json()).toMatchObject({ success: true, eventType: 'deposit_completed', deliveries: 1 });
    await deliver();
    const again = at('/spec-resend').filter((r) => r.body.type === 'deposit_completed' && r.body.id === depositId);
    expect(again).toHaveLength(2);
    expect(again[1]?.body.eventId).toBe(completed[0]?.body.eventId);
  });

  it("refuses an unknown event or endpoint (404), another workspace's (401), an inactive endpoint (409)", async () => {
    const p = await aPartner(t.app);
    const other = await aPartner(t.app);
    const inactive = await anEndpoint(p, '/refusals');
    const others = await anEndpoint(other, '/refusals-other');
    await aCollectedDeposit(p);
    const [event] = await allEvents(p);
    await api(p, 'PUT', `/v1/webhooks/${inactive}`, { isActive: false });
    const resend = (who: Partner, eventId: string, body?: object) =>
      api(who, 'POST', `/v1/events/${eventId}/resend`, body);
    const cases: Array<[Partner, string, object | undefined, number, string]> = [
      [p, randomUUID(), undefined, 404, 'ExistenceError'],
      [p, 'not-an-event', {}, 404, 'ExistenceError'],
      [other, event?.eventId ?? '', {}, 401, 'AuthorizationError'],
      [p, event?.eventId ?? '', { webhookId: randomUUID() }, 404, 'ExistenceError'],
      [p, event?.eventId ?? '', { webhookId: others }, 401, 'AuthorizationError'],
      [p, event?.eventId ?? '', { webhookId: inactive }, 409, 'StateError'],
      [p, event?.eventId ?? '', { webhookId: inactive, extra: 1 }, 400, 'ValidationError'],
    ];
    for (const [who, eventId, body, status, error] of cases) {
      const response = await resend(who, eventId, body);
      expect(response.statusCode, `${eventId} ${JSON.stringify(body)}: ${response.body}`).toBe(status);
      expect(response.json()).toMatchObject({ success: false, error, errorName: error });
    }
    // Nothing was queued by a refusal; with no active endpoint a re-send queues none.
    const none = await resend(p, event?.eventId ?? '');
    expect(none.json()).toMatchObject({ ok: true, value: { deliveries: 0 } });
  });
});
