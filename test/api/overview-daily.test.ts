import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, aToken, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import { approvedPartner, payer, payerFields, payIn, sepaToPixOrder } from '../support/orders.js';
import { aReceiver, type Receiver } from '../support/receiver.js';
import { simulate } from '../support/sandbox-helpers.js';
import { aWebhookEndpoint } from '../support/webhook-endpoints.js';

// Goal: GET /admin/v1/stats/daily gives, per UTC day of a bounded range, the completed orders, deposits and
// withdrawals (count and exact volume per currency) and the webhook delivery attempts by outcome; every day is
// present (zeros included), amounts such as 1.1 + 2.2 sum exactly, and a range that is not a real one of at most 92
// days is 400 ValidationError. Method: one workspace filled through the partner API and the stage simulation, its
// figures read with the workspace filter; a TestClock moves a day for the second day of deliveries.

const dayMs = 86_400_000;
const clock = new TestClock();
let t: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  // Far from midnight UTC, so that everything a test makes "today" is on one day.
  const intoDay = clock.nowMs() % dayMs;
  if (intoDay < 30 * 60_000 || intoDay > dayMs - 30 * 60_000) clock.advance(dayMs / 2);
  t = await buildTestApp({ clock, env: { SANDBOX_SETTLE_DELAY_MS: '0', WEBHOOK_ALLOW_INSECURE: '1' } });
  receiver = await aReceiver();
});
afterAll(async () => {
  await receiver.close();
});

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const daily = (query: string) =>
  t.app.inject({ method: 'GET', url: `/admin/v1/stats/daily?${query}`, headers: adminHeaders });
const post = async (p: Partner, url: string, payload: object) => {
  const answer = await t.app.inject({ method: 'POST', url, headers: p.headers, payload });
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer.json();
};

async function receivedDeposit(p: Partner, amount: number) {
  const { depositId } = await post(p, '/v1/deposits', { userData: payer, currency: 'EUR', amount });
  await post(p, '/v1/simulate/incoming-transfer/deposit', { depositId, amount, ...payerFields.EUR });
  await t.ctx.jobs.runDue();
}

const sepa = {
  type: 'SEPA',
  destinationName: 'Ana Silva',
  iban: 'DE89370400440532013000',
  country: 'DE',
  city: 'Berlin',
  postalCode: '10115',
};

describe('money figures per day and currency', () => {
  it('sums 1.1 + 2.2 to 3.3 exactly, counts only completed ones, and shows every day of the range', async () => {
    const p = await approvedPartner(t);
    const today = dayOf(clock.nowMs());
    await receivedDeposit(p, 1.1);
    await receivedDeposit(p, 2.2);
    await receivedDeposit(p, 1000);
    // A deposit still waiting, and one held for review: not Received, not counted.
    await post(p, '/v1/deposits', { userData: payer, currency: 'EUR', amount: 7 });
    const held = await post(p, '/v1/deposits', { userData: payer, currency: 'EUR', amount: 9 });
    await simulate(t.app, p, 'incoming-transfer/deposit', {
      depositId: held.depositId,
      amount: 9,
      scenario: 'compliance_review',
      ...payerFields.EUR,
    });
    for (const amount of [1.1, 2.2]) {
      await post(p, '/v1/withdrawals', { currency: 'EUR', amount, destinationTransferData: sepa });
    }
    await t.ctx.jobs.runDue();
    const { order } = await sepaToPixOrder(t, p);
    await payIn(t, p, order.orderId, 100);
    await t.ctx.jobs.runDue();
    await sepaToPixOrder(t, p); // created, never paid: not completed

    const from = dayOf(clock.nowMs() - 2 * dayMs);
    const to = dayOf(clock.nowMs() + dayMs);
    const answer = await daily(`from=${from}&to=${to}&workspaceId=${p.credentials.workspaceId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const figures = answer.json();
    expect(figures).toMatchObject({ from, to, workspaceId: p.credentials.workspaceId });
    expect(figures.days.map((d: { day: string }) => d.day)).toEqual(
      [-2, -1, 0, 1].map((n) => dayOf(clock.nowMs() + n * dayMs)),
    );
    const zero = { currency: 'EUR', count: 0, volume: 0 };
    for (const day of figures.days.filter((d: { day: string }) => d.day !== today)) {
      expect(day).toEqual({
        day: day.day,
        orders: [zero],
        deposits: [zero],
        withdrawals: [zero],
        deliveries: { delivered: 0, failed: 0, pending: 0 },
      });
    }
    const ofToday = figures.days.find((d: { day: string }) => d.day === today);
    // 1.1 + 2.2 + 1000 received; the order's payment is the order's own leg, not a deposit.
    expect(ofToday.deposits).toEqual([{ currency: 'EUR', count: 3, volume: 1003.3 }]);
    expect(ofToday.withdrawals).toEqual([{ currency: 'EUR', count: 2, volume: 3.3 }]);
    expect(ofToday.orders).toEqual([{ currency: 'EUR', count: 1, volume: 100 }]);
    expect(1.1 + 2.2).not.toBe(3.3); // what a sum in floats would have answered: 3.3000000000000003
  });

  it('a workspace without anything has every day at zero and no currencies', async () => {
    const answer = await daily(`from=2025-06-01&to=2025-06-03&workspaceId=${randomUUID()}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().days).toEqual(
      ['2025-06-01', '2025-06-02', '2025-06-03'].map((day) => ({
        day,
        orders: [],
        deposits: [],
        withdrawals: [],
        deliveries: { delivered: 0, failed: 0, pending: 0 },
      })),
    );
  });

  it('92 days is the most; every workspace is read without the filter', async () => {
    const answer = await daily('from=2025-03-01&to=2025-05-31');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().days).toHaveLength(92);
    expect(answer.json().workspaceId).toBeUndefined();
  });

  it.each([
    ['93 days', 'from=2025-03-01&to=2025-06-01', /93 days; at most 92/],
    ['to before from', 'from=2025-06-02&to=2025-06-01', /to must not be before from/],
    ['a day that does not exist', 'from=2025-02-27&to=2025-02-30', /to must be a day/],
    ['a badly written day', 'from=2025-6-1&to=2025-06-02', /from/],
    ['no end', 'from=2025-06-01', /to/],
    ['an unknown parameter', 'from=2025-06-01&to=2025-06-02&currency=EUR', /currency/],
  ])('refuses %s: 400 ValidationError', async (_, query, message) => {
    const answer = await daily(query);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ ok: false, error: 'ValidationError' });
    expect(answer.json().message).toMatch(message);
  });
});

describe('event deliveries by outcome per day', () => {
  it('delivered, failed attempts and pending retries, each on its own day', async () => {
    const p = await approvedPartner(t);
    await t.ctx.webhooks.runDue(); // the approval's events, before the endpoints exist
    await aWebhookEndpoint(t.app, p, `${receiver.url}/ok`, { name: 'up', secret: 'whsec-up-0001' });
    await aWebhookEndpoint(t.app, p, `${receiver.url}/status/500`, {
      name: 'down',
      secret: 'whsec-down-001',
      retryPolicy: 'exponential',
    });
    const anEvent = () =>
      t.ctx.db.query(
        `insert into outbox_events (workspace_id, type, event_id, data, occurred_at_ms)
         values ($1, 'balance_updated', $2, '{}'::jsonb, $3)`,
        [p.credentials.workspaceId, randomUUID(), clock.nowMs()],
      );
    const first = dayOf(clock.nowMs());
    await anEvent();
    await anEvent();
    await t.ctx.webhooks.runDue();
    clock.advance(dayMs);
    const second = dayOf(clock.nowMs());
    await anEvent();
    await t.ctx.webhooks.runDue();
    p.headers.authorization = `Bearer ${await aToken(t.app, p.credentials)}`;

    const answer = await daily(`from=${first}&to=${second}&workspaceId=${p.credentials.workspaceId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const deliveries = answer.json().days.map((d: { deliveries: object }) => d.deliveries);
    // Each event: delivered to "up", and at "down" a failed attempt with its retry scheduled (pending) the same
    // day. A day later the first day's two retries are due: they fail on the second day, each scheduling the next.
    expect(deliveries[0]).toEqual({ delivered: 2, failed: 2, pending: 0 });
    expect(deliveries[1]).toEqual({ delivered: 1, failed: 3, pending: 3 });
  });
});
