import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockOffsetMs } from '../../src/workspaces/clock.js';
import { aPartner, type Partner } from '../support/builders.js';
import { buildTestApp, productionEnv, type TestApp, testDb } from '../support/harness.js';
import { pathOf, sendKycData, standardProfile, startKyc } from '../support/kyc-flow.js';
import {
  approvedPartner,
  aQuote,
  payer,
  pixOrderBody,
  postOrder,
  readOrder,
  sepaToPixOrder,
} from '../support/orders.js';
import { eventsOf, lastEventId, simulate, typesOf } from '../support/sandbox-helpers.js';

// Goal: a workspace's test clock moves forward only, within bounds, and the deadlines follow it: a quote's validity,
// an order's payment window (expired at once by the advance, with its event), an Idempotency-Key's replay window and
// a hosted verification link's expiry; records and other workspaces stay on the system time; a second app on the
// same database sees the offset at once; production never applies one. Method: advance through the API, then act.

let t: TestApp;
let other: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0', PUBLIC_BASE_URL: 'https://verify.example.test' } });
  // A second app on the same database, with its own workspace cache: a second server process's view.
  other = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
});

afterAll(async () => {
  await t.app.close();
  await other.app.close();
});

const advance = (p: Partner, seconds: unknown, app = t.app) => simulate(app, p, 'clock/advance', { seconds });
const readClock = async (p: Partner, app = t.app) =>
  (await app.inject({ method: 'GET', url: '/v1/simulate/clock', headers: p.headers })).json() as {
    now: number;
    offsetSeconds: number;
  };
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('the clock', () => {
  it('reads the system time and no offset until advanced; then runs ahead by what was added, never back', async () => {
    const p = await aPartner(t.app);
    const fresh = await readClock(p);
    expect(fresh.offsetSeconds).toBe(0);
    expect(Math.abs(fresh.now - nowSeconds())).toBeLessThanOrEqual(1);
    const moved = await advance(p, 3600);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ offsetSeconds: 3600, expiredOrderIds: [] });
    expect((await advance(p, 60)).json()).toMatchObject({ offsetSeconds: 3660 });
    const read = await readClock(p);
    expect(read.offsetSeconds).toBe(3660);
    expect(Math.abs(read.now - (nowSeconds() + 3660))).toBeLessThanOrEqual(1);
    for (const seconds of [0, -60, 31 * 86_400 + 1, 1.5, '60']) {
      const refused = await advance(p, seconds);
      expect(refused.statusCode, String(seconds)).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'ValidationError' });
    }
    expect((await readClock(p)).offsetSeconds).toBe(3660);
    // Another workspace keeps its own time.
    expect((await readClock(await aPartner(t.app))).offsetSeconds).toBe(0);
  });

  it('a second app on the same database sees an advance at once (the offset is read from the row, not cached)', async () => {
    const p = await aPartner(t.app);
    expect((await readClock(p, other.app)).offsetSeconds).toBe(0); // the other app has now cached the workspace
    await advance(p, 7200);
    expect((await readClock(p, other.app)).offsetSeconds).toBe(7200);
  });
});

describe('deadlines follow the clock', () => {
  it('a quote expires when the clock passes its validity; one taken afterwards is valid on the moved clock', async () => {
    const p = await approvedPartner(t);
    const quote = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 100 });
    await advance(p, 31);
    const late = await postOrder(t.app, p, pixOrderBody(quote.quoteId));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'StateError', message: expect.stringContaining('expired') });
    const fresh = await aQuote(t.app, p, { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 100 });
    expect((fresh as { expireAt?: number }).expireAt).toBe((await readClock(p)).now + 30);
    expect((await postOrder(t.app, p, pixOrderBody(fresh.quoteId))).statusCode).toBe(201);
  });

  it("an order's payment window lapses on an advance: Expired at once with its event; its job then does nothing", async () => {
    const p = await approvedPartner(t);
    const { order } = await sepaToPixOrder(t, p);
    const before = await lastEventId(p);
    const short = await advance(p, 3600);
    expect(short.json().expiredOrderIds).toEqual([]);
    const moved = await advance(p, 86_400);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().expiredOrderIds).toEqual([order.orderId]);
    expect(await readOrder(t.app, p, order.orderId)).toMatchObject({
      status: 'Expired',
      failureReason: 'The payment window ended before any funds arrived',
    });
    const fired = await eventsOf(p, before);
    expect(typesOf(fired)).toEqual(['order_status_updated:Expired']);

    const db = await testDb();
    await db.query(`update jobs set run_at_ms = $2 where kind = 'order.expire' and payload ->> 'orderId' = $1`, [
      order.orderId,
      Date.now(),
    ]);
    await t.ctx.jobs.runDue();
    expect(await eventsOf(p, BigInt(fired.at(-1)?.id ?? 0))).toEqual([]);

    // An order placed on the moved clock has its whole window ahead of it.
    const { order: later } = await sepaToPixOrder(t, p);
    const clock = await readClock(p);
    expect(later.payBy).toBeGreaterThanOrEqual(clock.now + 86_400 - 1);
    expect((await advance(p, 3600)).json().expiredOrderIds).toEqual([]);
    expect((await readOrder(t.app, p, later.orderId)).status).toBe('Pending');
  });

  it('an Idempotency-Key replays within 24 hours of the clock, and starts a fresh request after them', async () => {
    const p = await approvedPartner(t);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/deposits',
        headers: { ...p.headers, 'idempotency-key': 'clock-key-1' },
        payload: { userData: payer, currency: 'EUR', amount: 25 },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    await advance(p, 23 * 3600);
    const replay = await send();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().depositId).toBe(first.json().depositId);
    await advance(p, 3600);
    const fresh = await send();
    expect(fresh.statusCode).toBe(201);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(fresh.json().depositId).not.toBe(first.json().depositId);
    // The fresh claim is dated on the moved clock: it replays, rather than being already past its window.
    expect((await send()).json().depositId).toBe(fresh.json().depositId);
  });

  it('a hosted verification link expires when the clock passes its 15 minutes; a new one opens', async () => {
    const p = await aPartner(t.app);
    const email = 'clock.kyc@example.com';
    expect((await sendKycData(t.app, p, { userEmail: email, ...standardProfile })).statusCode).toBe(200);
    const start = async () => {
      const started = await startKyc(t.app, p, {
        userEmail: email,
        countryCode: 'PT',
        type: 'INDIVIDUAL',
        sendOTPMail: true,
      });
      expect(started.json().kycUrl, started.body).toBeDefined();
      return pathOf(started.json().kycUrl);
    };
    const link = await start();
    await advance(p, 15 * 60 + 1);
    const expired = await t.app.inject({ method: 'GET', url: link });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This link has expired');
    const fresh = await start();
    expect((await t.app.inject({ method: 'GET', url: fresh })).statusCode).toBe(303);
  });
});

describe('production', () => {
  it('applies no offset: a workspace advanced on stage gets quotes valid on the system time there', async () => {
    const prod = await buildTestApp({ env: productionEnv });
    try {
      const p = await approvedPartner(t);
      await advance(p, 86_400);
      const quote = await prod.app.inject({
        method: 'POST',
        url: '/v1/quotes',
        headers: p.headers,
        payload: { originCurrency: 'EUR', originRail: 'BALANCE', destinationCurrency: 'USD', originAmount: 10 },
      });
      // Production refuses what nothing connects (503) or prices it; either way no quote dated on the stage clock.
      if (quote.statusCode === 201) expect(quote.json().expireAt).toBeLessThan(nowSeconds() + 3600);
      else expect(quote.statusCode).toBe(503);
      expect((await prod.app.inject({ method: 'GET', url: '/v1/simulate/clock', headers: p.headers })).statusCode).toBe(
        404,
      );
      // The row holds the stage offset; production's reader does not even look at it.
      const db = await testDb();
      const workspaceId = p.credentials.workspaceId;
      expect(await clockOffsetMs(prod.ctx, workspaceId)).toBe(0);
      expect(await clockOffsetMs(t.ctx, workspaceId)).toBe(86_400_000);
      expect(await clockOffsetMs({ config: { brokerageEnv: 'production' }, db }, workspaceId)).toBe(0);
    } finally {
      await prod.app.close();
    }
  });
});
