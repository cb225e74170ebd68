import { randomBytes } from 'node:crypto';
import { WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPartner, aToken, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import { aReceiver, type Received, type Receiver } from '../support/receiver.js';
import { verifiesBoth, verifiesServiceSignature, verifyStandard } from '../support/standard-webhooks.js';
import { aWebhookEndpoint } from '../support/webhook-endpoints.js';

// Goal: every signed delivery carries the spec's X-Service-Signature-256 and the Standard Webhooks headers, which
// the standard's reference library verifies, for a free-form secret and for a whsec_ one; after a rotation the new
// secret signs X-Service-Signature-256 at once while webhook-signature also carries the old secret's signature for
// WEBHOOK_SECRET_GRACE_HOURS, and no longer after. Method: real deliveries to a loopback receiver, a TestClock.

const clock = new TestClock();
let t: TestApp;
let receiver: Receiver;
const hour = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { WEBHOOK_ALLOW_INSECURE: '1', WEBHOOK_SECRET_GRACE_HOURS: '24' } });
  receiver = await aReceiver();
});
afterAll(async () => {
  await receiver.close();
});

async function api(p: Partner, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const token = await aToken(t.app, p.credentials);
  return t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
}

async function register(p: Partner, path: string, secret: string): Promise<string> {
  return (await aWebhookEndpoint(t.app, p, `${receiver.url}${path}`, { name: path, secret })).id;
}

let counter = 0;
/** Commits an event for the workspace, delivers it, and answers what `path` received of it. */
async function deliverOne(p: Partner, path: string): Promise<Received> {
  counter += 1;
  const eventId = `signed-${counter}`;
  await t.ctx.db.query(
    `insert into outbox_events (workspace_id, type, event_id, data, occurred_at_ms)
     values ($1, 'balance_updated', $2, '{"currency":"EUR","available":1.5,"note":"ünïcode"}'::jsonb, $3)`,
    [p.credentials.workspaceId, eventId, clock.nowMs()],
  );
  await t.ctx.webhooks.runDue();
  const arrival = receiver.received.find((r) => r.path === path && r.body.id === eventId);
  if (!arrival) throw new Error(`${eventId} did not reach ${path}`);
  return arrival;
}

describe('Standard Webhooks headers', () => {
  it('a free-form secret: both schemes verify, the library with the secret as raw UTF-8 bytes', async () => {
    const p = await aPartner(t.app);
    const secret = 'a partner’s own secret';
    await register(p, '/free', secret);
    const arrival = await deliverOne(p, '/free');
    // The Standard Webhooks id is the event's stable id, the envelope's eventId.
    expect(arrival.headers['webhook-id']).toBe(arrival.body.eventId);
    expect(Number(arrival.headers['webhook-timestamp'])).toBe(Math.floor(clock.nowMs() / 1000));
    expect(arrival.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(verifiesBoth(arrival, secret, clock.nowMs())).toBe(true);
    expect(() => verifyStandard(arrival, 'another secret', clock.nowMs())).toThrow(WebhookVerificationError);
  });

  it('a whsec_ secret: the library verifies with the secret as it is', async () => {
    const p = await aPartner(t.app);
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    await register(p, '/whsec', secret);
    const arrival = await deliverOne(p, '/whsec');
    expect(verifiesBoth(arrival, secret, clock.nowMs())).toBe(true);
  });

  it('a delivery older than the tolerance is refused by the library (webhook-timestamp is signed)', async () => {
    const p = await aPartner(t.app);
    await register(p, '/late', 'late-secret-1');
    const arrival = await deliverOne(p, '/late');
    expect(() => verifyStandard(arrival, 'late-secret-1', clock.nowMs() + 10 * 60_000)).toThrow(/too old/);
  });

  it('the legacy URL stays unsigned: no signature header of either scheme', async () => {
    const p = await aPartner(t.app);
    await api(p, 'PUT', '/v1/webhook', { url: `${receiver.url}/legacy-signed` });
    const arrival = await deliverOne(p, '/legacy-signed');
    expect(Object.keys(arrival.headers).filter((h) => h.startsWith('webhook-') || h.startsWith('x-service'))).toEqual(
      [],
    );
  });
});

describe('secret rotation', () => {
  it('the old secret verifies webhook-signature during the grace period, not after; the spec header uses the new at once', async () => {
    const p = await aPartner(t.app);
    const id = await register(p, '/rotating', 'old-secret-1');
    const rotated = await api(p, 'PUT', `/v1/webhooks/${id}`, { secret: 'new-secret-1' });
    expect(rotated.statusCode, rotated.body).toBe(200);

    const during = await deliverOne(p, '/rotating');
    expect(during.headers['webhook-signature']?.toString().split(' ')).toHaveLength(2);
    expect(verifiesBoth(during, 'new-secret-1', clock.nowMs())).toBe(true);
    expect(verifyStandard(during, 'old-secret-1', clock.nowMs())).toEqual(during.body);
    expect(verifiesServiceSignature(during, 'old-secret-1')).toBe(false);

    clock.advance(23 * hour);
    const late = await deliverOne(p, '/rotating');
    expect(verifyStandard(late, 'old-secret-1', clock.nowMs())).toEqual(late.body);

    clock.advance(hour + 1_000);
    const after = await deliverOne(p, '/rotating');
    expect(after.headers['webhook-signature']?.toString().split(' ')).toHaveLength(1);
    expect(verifiesBoth(after, 'new-secret-1', clock.nowMs())).toBe(true);
    expect(() => verifyStandard(after, 'old-secret-1', clock.nowMs())).toThrow(/No matching signature/);
  });

  it('a second rotation keeps only the secret it replaced', async () => {
    const p = await aPartner(t.app);
    const id = await register(p, '/rotating-twice', 'first-secret');
    await api(p, 'PUT', `/v1/webhooks/${id}`, { secret: 'second-secret' });
    await api(p, 'PUT', `/v1/webhooks/${id}`, { secret: 'third-secret' });
    const arrival = await deliverOne(p, '/rotating-twice');
    expect(verifiesBoth(arrival, 'third-secret', clock.nowMs())).toBe(true);
    expect(verifyStandard(arrival, 'second-secret', clock.nowMs())).toEqual(arrival.body);
    expect(() => verifyStandard(arrival, 'first-secret', clock.nowMs())).toThrow(/No matching signature/);
  });

  it('a change that is not a new secret does not start a grace period', async () => {
    const p = await aPartner(t.app);
    const id = await register(p, '/renamed', 'only-secret');
    await api(p, 'PUT', `/v1/webhooks/${id}`, { name: 'renamed' });
    const arrival = await deliverOne(p, '/renamed');
    expect(arrival.headers['webhook-signature']?.toString().split(' ')).toHaveLength(1);
  });
});
