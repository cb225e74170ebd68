import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Partner } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock, testDb } from '../support/harness.js';
import { type CookieJar, getPage, postForm, signedInOperator } from '../support/operators.js';
import { approvedPartner, payer, payerFields } from '../support/orders.js';
import { aReceiver, type Receiver } from '../support/receiver.js';
import { aWebhookEndpoint } from '../support/webhook-endpoints.js';

// Goal (issue 30, items 3 and 5): a record's timeline shows each moment to the second (steps a few seconds apart no
// longer read as one minute), and the resend of an event is offered only for an event that at least one endpoint
// received: one no endpoint took says why, and a direct POST of its resend is refused (409) with nothing queued.
// Method: a partner without a webhook endpoint collects a deposit (its events reach no endpoint), then registers one
// and collects another (its events are delivered); the console through app.inject with a support operator, who may
// resend.

let t: TestApp;
const clock = new TestClock();
let support: CookieJar;
let p: Partner;
let receiver: Receiver;
const deposits = { unsent: '', sent: '' };

const api = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: p.headers, payload });

async function collectedDeposit(): Promise<string> {
  const deposit = await api('/v1/deposits', { userData: payer, currency: 'EUR', amount: 40 });
  expect(deposit.statusCode, deposit.body).toBe(201);
  const id = deposit.json().depositId as string;
  await api('/v1/simulate/incoming-transfer/deposit', { depositId: id, amount: 40, ...payerFields.EUR });
  await t.ctx.jobs.runDue();
  await t.ctx.webhooks.runDue();
  return id;
}

const eventsOf = async (entityId: string) =>
  (await testDb()).query<{ event_uid: string; deliveries: bigint }>(
    `select o.event_uid::text as event_uid, (select count(*) from webhook_deliveries d where d.outbox_id = o.id) as deliveries
     from outbox_events o where o.event_id = $1 order by o.id`,
    [entityId],
  );

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { SANDBOX_SETTLE_DELAY_MS: '0', WEBHOOK_ALLOW_INSECURE: '1' } });
  receiver = await aReceiver();
  support = await signedInOperator(t.app, clock, 'support');
  p = await approvedPartner(t);
  await t.ctx.webhooks.runDue();
  deposits.unsent = await collectedDeposit();
  await aWebhookEndpoint(t.app, p, `${receiver.url}/later`, { name: 'later', secret: 'later-secret' });
  deposits.sent = await collectedDeposit();
});
afterAll(async () => {
  await receiver.close();
  await t.app.close();
});

describe('timelines to the second', () => {
  it("shows every moment of a record's timeline with its seconds", async () => {
    const page = await getPage(t.app, support, `/console/deposits/${deposits.sent}`);
    expect(page.statusCode, page.body).toBe(200);
    const timeline = page.body.slice(page.body.indexOf('id="timeline"'), page.body.indexOf('id="ledger"'));
    const moments = [...timeline.matchAll(/<td data-label="When">([^<]*)<\/td>/g)].map((m) => m[1]);
    expect(moments.length).toBeGreaterThanOrEqual(3);
    for (const moment of moments) expect(moment).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
    // The events' headings and their attempts too.
    const events = page.body.slice(page.body.indexOf('id="events"'));
    expect(events).toMatch(/<h3>deposit_\w+ <span class="muted">\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC<\/span><\/h3>/);
    const stamps = [...events.matchAll(/\d{4}-\d{2}-\d{2} [\d:]+ UTC/g)].map((m) => m[0]);
    expect(stamps.length).toBeGreaterThan(1);
    for (const stamp of stamps) expect(stamp).toMatch(/ \d{2}:\d{2}:\d{2} UTC$/);
  });
});

describe('resend only what an endpoint received', () => {
  it('offers no resend for events no endpoint took, and says why', async () => {
    const events = await eventsOf(deposits.unsent);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => Number(e.deliveries) === 0)).toBe(true);
    const page = await getPage(t.app, support, `/console/deposits/${deposits.unsent}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('/resend"');
    expect(page.body).toContain('No resend: no endpoint has received it (below).');
    expect(page.body).toContain(
      'No delivery: no endpoint took this event when it was sent (none was active, or their event filters left this type out).',
    );
  });

  it('refuses a direct resend of such an event (409) and queues nothing', async () => {
    const [event] = await eventsOf(deposits.unsent);
    const path = `/console/deposits/${deposits.unsent}`;
    const answer = await postForm(t.app, support, `/console/events/${event?.event_uid}/resend`, { back: path }, path);
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.body).toContain('was delivered to no endpoint: there is nothing to resend');
    const [after] = await eventsOf(deposits.unsent);
    expect(Number(after?.deliveries)).toBe(0);
  });

  it('offers the resend for an event an endpoint received', async () => {
    const events = await eventsOf(deposits.sent);
    expect(events.every((e) => Number(e.deliveries) > 0)).toBe(true);
    const page = await getPage(t.app, support, `/console/deposits/${deposits.sent}`);
    for (const e of events) expect(page.body).toContain(`action="/console/events/${e.event_uid}/resend"`);
    expect(page.body).not.toContain('No resend: no endpoint has received it');
  });
});
