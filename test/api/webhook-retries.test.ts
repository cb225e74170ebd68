import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../src/limits.js';
import { aPartner, aToken, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import { payer, payerFields } from '../support/orders.js';
import { aReceiver, type Received, type Receiver } from '../support/receiver.js';
import { verifiesBoth } from '../support/standard-webhooks.js';
import { aWebhookEndpoint } from '../support/webhook-endpoints.js';

// Goal: retryPolicy 'exponential' retries a failed event with growing delays until it gets through, once; the
// default retries nothing; Retry-After is honoured and 410 stops; an endpoint whose every attempt of an event fails
// for WEBHOOK_DISABLE_AFTER_HOURS is disabled, with its event; a due retry is sent once by two dispatchers.
// Method: a loopback receiver switched down and up; a TestClock moved past each delay and the dispatcher run on
// demand, so no test sleeps; the API read and written through HTTP (inject) on the run's database.

const clock = new TestClock();
let t: TestApp;
let receiver: Receiver;
const minute = 60_000;
const hour = 60 * minute;
/** The longest a scheduled pause can be after attempt n (jitter only lengthens), and a second more. */
const pastRetry = (attempt: number) =>
  Math.ceil((limits.webhookRetryDelaysMs[attempt - 1] ?? 0) * (1 + limits.webhookRetryJitterRatio)) + 1_000;

beforeAll(async () => {
  t = await buildTestApp({
    clock,
    env: { SANDBOX_SETTLE_DELAY_MS: '0', WEBHOOK_ALLOW_INSECURE: '1', WEBHOOK_DISABLE_AFTER_HOURS: '1' },
  });
  receiver = await aReceiver();
});
afterAll(async () => {
  await receiver.close();
});

/** Calls the API with a token minted now: the clock moves by hours, and tokens last minutes. */
async function api(p: Partner, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const token = await aToken(t.app, p.credentials);
  return t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
}

const register = (p: Partner, path: string, secret: string, retryPolicy?: 'none' | 'exponential') =>
  aWebhookEndpoint(t.app, p, `${receiver.url}${path}`, { name: path, secret, ...(retryPolicy ? { retryPolicy } : {}) });

interface LoggedAttempt {
  /** The envelope's id (the entity's id); eventId is the stable one. */
  id: string;
  eventId: string;
  eventType: string;
  attempt: number;
  state: string;
  statusCode?: number;
  error?: string;
  attemptedAt?: number;
  nextAttemptAt?: number;
}
const logOf = async (p: Partner, id: string) =>
  (await api(p, 'GET', `/v1/webhooks/${id}/deliveries?limit=500`)).json() as LoggedAttempt[];

const at = (path: string) => receiver.received.filter((r) => r.path === path);
const anEvent = (p: Partner, eventId: string) =>
  t.ctx.db.query(
    `insert into outbox_events (workspace_id, type, event_id, data, occurred_at_ms) values ($1, 'balance_updated', $2, '{}'::jsonb, $3)`,
    [p.credentials.workspaceId, eventId, clock.nowMs()],
  );
/** The stable id each of the workspace's events is sent with as webhook-id. */
async function webhookIds(p: Partner): Promise<string[]> {
  const rows = await t.ctx.db.query<{ id: string }>(
    `select o.event_uid::text as id from outbox_events o
     where workspace_id = $1 and type <> 'webhook_test' order by o.id`,
    [p.credentials.workspaceId],
  );
  return rows.map((r) => r.id);
}
const attemptTimes = (log: LoggedAttempt[], eventId: string) =>
  log
    .filter((d) => d.id === eventId && d.attemptedAt !== undefined)
    .map((d) => d.attemptedAt as number)
    .sort((a, b) => a - b);
const byNumber = (log: LoggedAttempt[], eventId: string) =>
  log
    .filter((d) => d.id === eventId)
    .sort((a, b) => a.attempt - b.attempt)
    .map((d) => [d.attempt, d.state]);

describe('a receiver down for a while, then up', () => {
  it('retries on: every event arrives exactly once, after failed attempts numbered in the log; retries off: none', async () => {
    const p = await aPartner(t.app);
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const on = await register(p, '/on', secret, 'exponential');
    const off = await register(p, '/off', 'plain-secret-off');
    expect([on.retryPolicy, off.retryPolicy]).toEqual(['exponential', 'none']);

    receiver.setDown(true);
    await verifyCustomer(t.app, p, payer.userEmail);
    const deposit = (await api(p, 'POST', '/v1/deposits', { userData: payer, currency: 'EUR', amount: 75 })).json();
    await api(p, 'POST', '/v1/simulate/incoming-transfer/deposit', {
      depositId: deposit.depositId,
      amount: 75,
      ...payerFields.EUR,
    });
    await t.ctx.jobs.runDue();
    await t.ctx.webhooks.runDue();
    const ids = await webhookIds(p);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    const refusedFirst = receiver.refused();
    expect(refusedFirst).toBeGreaterThanOrEqual(2 * ids.length);

    clock.advance(pastRetry(1));
    await t.ctx.webhooks.runDue();
    expect(receiver.refused() - refusedFirst, 'attempt 2 of each event, to /on only').toBe(ids.length);

    receiver.setDown(false);
    clock.advance(pastRetry(2));
    await t.ctx.webhooks.runDue();
    // Verified as they arrive (the library checks webhook-timestamp against the receiver's clock, this test's).
    for (const arrival of at('/on')) expect(verifiesBoth(arrival, secret, clock.nowMs()), arrival.body.type).toBe(true);
    clock.advance(4 * 24 * hour);
    await t.ctx.webhooks.runDue();

    const arrivals = at('/on');
    expect(arrivals.map((r) => r.headers['webhook-id']).sort()).toEqual([...ids].sort());
    expect(arrivals.some((r) => r.body.type === 'deposit_completed' && r.body.id === deposit.depositId)).toBe(true);
    expect(at('/off')).toEqual([]);

    const onLog = await logOf(p, on.id);
    const offLog = await logOf(p, off.id);
    for (const envelopeId of new Set(onLog.map((d) => d.id))) {
      expect(byNumber(onLog, envelopeId).slice(-3)).toEqual([
        [1, 'failed'],
        [2, 'failed'],
        [3, 'delivered'],
      ]);
    }
    expect(onLog).toHaveLength(3 * ids.length);
    expect(offLog).toHaveLength(ids.length);
    expect(offLog.every((d) => d.attempt === 1 && d.state === 'failed' && d.statusCode === undefined)).toBe(true);
  });
});

describe('what a retrying endpoint is answered', () => {
  it('Retry-After sets the next attempt; each attempt has the same webhook-id and its own timestamp; 410 stops', async () => {
    const p = await aPartner(t.app);
    const endpoint = await register(p, '/status/503?retry-after=120', 'retry-after-secret', 'exponential');
    await anEvent(p, 'retry-after-1');
    await t.ctx.webhooks.runDue();
    const path = '/status/503?retry-after=120';
    expect(at(path)).toHaveLength(1);
    let log = await logOf(p, endpoint.id);
    expect(log.map((d) => [d.attempt, d.state, d.statusCode])).toEqual([
      [2, 'scheduled', undefined],
      [1, 'failed', 503],
    ]);
    expect((log[0]?.nextAttemptAt ?? 0) - (log[1]?.attemptedAt ?? 0)).toBe(120_000);

    clock.advance(119_000);
    await t.ctx.webhooks.runDue();
    expect(at(path), 'not before the receiver asked').toHaveLength(1);
    clock.advance(2_000);
    await t.ctx.webhooks.runDue();
    const [first, second] = at(path) as [Received, Received];
    expect(second).toBeDefined();
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    // The test clock moved 121 s; the real time that also passed can carry the second over by one.
    const gap = Number(second.headers['webhook-timestamp']) - Number(first.headers['webhook-timestamp']);
    expect(gap).toBeGreaterThanOrEqual(121);
    expect(gap).toBeLessThanOrEqual(122);
    expect(second.raw.equals(first.raw), 'the same bytes every attempt').toBe(true);

    const gone = await api(p, 'PUT', `/v1/webhooks/${endpoint.id}`, { url: `${receiver.url}/status/410` });
    expect(gone.statusCode, gone.body).toBe(200);
    clock.advance(121_000);
    await t.ctx.webhooks.runDue();
    clock.advance(4 * 24 * hour);
    await t.ctx.webhooks.runDue();
    expect(at('/status/410')).toHaveLength(1);
    log = await logOf(p, endpoint.id);
    expect(log.map((d) => [d.attempt, d.state, d.statusCode])).toEqual([
      [3, 'failed', 410],
      [2, 'failed', 503],
      [1, 'failed', 503],
    ]);
  });
});

describe('disabling a failing endpoint', () => {
  it('after every attempt of an event has failed for WEBHOOK_DISABLE_AFTER_HOURS, with webhook_endpoint_disabled', async () => {
    const p = await aPartner(t.app);
    const failing = await register(p, '/status/500', 'failing-secret', 'exponential');
    await register(p, '/watch', 'watch-secret');
    await anEvent(p, 'never-gets-through');
    await t.ctx.webhooks.runDue();
    const firstAttemptAt = clock.nowMs();

    let endpoint = (await api(p, 'GET', `/v1/webhooks/${failing.id}`)).json();
    for (let step = 0; step < 40 && endpoint.isActive; step += 1) {
      if (step === 1) await anEvent(p, 'failing-later');
      clock.advance(10 * minute);
      await t.ctx.webhooks.runDue();
      endpoint = (await api(p, 'GET', `/v1/webhooks/${failing.id}`)).json();
    }
    expect(endpoint).toMatchObject({ isActive: false, disabledAt: expect.any(Number) });
    expect(endpoint.disabledAt - firstAttemptAt).toBeGreaterThanOrEqual(hour);
    expect(endpoint.disabledAt - firstAttemptAt).toBeLessThan(hour + 3 * hour);

    // The disabling attempt was the first made an hour or more after attempt 1; nothing is scheduled after it.
    const log = await logOf(p, failing.id);
    const attempts = byNumber(log, 'never-gets-through');
    expect(attempts.every(([, state]) => state === 'failed')).toBe(true);
    const times = attemptTimes(log, 'never-gets-through');
    expect(times.at(-1)).toBe(endpoint.disabledAt);
    expect((times.at(-2) ?? 0) - firstAttemptAt).toBeLessThan(hour);
    // The later event had not failed for an hour; its retries ended with the disabling.
    const later = log.filter((d) => d.id === 'failing-later');
    expect(later.some((d) => d.state === 'scheduled')).toBe(false);
    expect(later.at(0)).toMatchObject({ state: 'failed', error: 'endpoint disabled: retries ended' });
    expect(later.at(0)?.attemptedAt).toBeUndefined();

    await t.ctx.webhooks.runDue();
    const told = at('/watch').filter((r) => r.body.type === 'webhook_endpoint_disabled');
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toMatchObject({
      id: failing.id,
      data: { webhookId: failing.id, isActive: false, disabledAt: endpoint.disabledAt, lastStatusCode: 500 },
    });
    expect(verifiesBoth(told[0] as Received, 'watch-secret', clock.nowMs())).toBe(true);
    expect(at('/status/500').some((r) => r.body.type === 'webhook_endpoint_disabled')).toBe(false);

    // Enabled again by the partner: the disabling is forgotten.
    const enabled = (await api(p, 'PUT', `/v1/webhooks/${failing.id}`, { isActive: true })).json();
    expect(enabled.isActive).toBe(true);
    expect(enabled.disabledAt).toBeUndefined();
    await api(p, 'DELETE', `/v1/webhooks/${failing.id}`);
  });

  it('an endpoint that takes other events meanwhile stays active', async () => {
    const p = await aPartner(t.app);
    const endpoint = await register(p, '/picky', 'picky-secret', 'exponential');
    await anEvent(p, 'refused-forever');
    await t.ctx.db.query(`update webhook_endpoints set url = $2 where id = $1`, [
      endpoint.id,
      `${receiver.url}/status/422`,
    ]);
    await t.ctx.webhooks.runDue();
    // Another event gets through after the first attempt; then the receiver refuses again.
    await t.ctx.db.query(`update webhook_endpoints set url = $2 where id = $1`, [endpoint.id, `${receiver.url}/picky`]);
    await anEvent(p, 'taken');
    await t.ctx.webhooks.runDue();
    await t.ctx.db.query(`update webhook_endpoints set url = $2 where id = $1`, [
      endpoint.id,
      `${receiver.url}/status/422`,
    ]);
    for (let step = 0; step < 8; step += 1) {
      clock.advance(pastRetry(step + 1));
      await t.ctx.webhooks.runDue();
    }
    const read = (await api(p, 'GET', `/v1/webhooks/${endpoint.id}`)).json();
    expect(read.isActive).toBe(true);
    const log = await logOf(p, endpoint.id);
    expect(byNumber(log, 'taken')).toEqual([[1, 'delivered']]);
    expect(byNumber(log, 'refused-forever').length).toBeGreaterThan(5);
    await api(p, 'DELETE', `/v1/webhooks/${endpoint.id}`);
  });
});

describe('several dispatchers', () => {
  it('a due retry is claimed by one of them: sent once', async () => {
    const second = await buildTestApp({ clock, env: { WEBHOOK_ALLOW_INSECURE: '1' } });
    const p = await aPartner(t.app);
    const endpoint = await register(p, '/twice', 'two-dispatchers', 'exponential');
    receiver.setDown(true);
    for (let n = 0; n < 20; n += 1) await anEvent(p, `shared-${n}`);
    await t.ctx.webhooks.runDue();
    receiver.setDown(false);
    clock.advance(pastRetry(1));
    await Promise.all([t.ctx.webhooks.runDue(), second.ctx.webhooks.runDue(), t.ctx.webhooks.runDue()]);
    const ids = at('/twice').map((r) => r.body.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    const log = await logOf(p, endpoint.id);
    expect(log.filter((d) => d.state === 'delivered').every((d) => d.attempt === 2)).toBe(true);
    await second.app.close();
  });
});
