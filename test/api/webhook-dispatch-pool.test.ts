import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPartner, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { aReceiver } from '../support/receiver.js';
import { waitFor } from '../support/server-process.js';
import { aWebhookEndpoint } from '../support/webhook-endpoints.js';

// Goal: one slow endpoint does not hold back other events: sends run in a pool, each freeing its own slot.
// Method: a loopback receiver that holds requests to /slow for 3 s; while one is held, an event of another
// workspace is committed and must arrive before the held one is answered.

let t: TestApp;
let receiver: Awaited<ReturnType<typeof aReceiver>>;
const holdMs = 3_000;

beforeAll(async () => {
  t = await buildTestApp({ env: { WEBHOOK_ALLOW_INSECURE: '1' } });
  receiver = await aReceiver((_body, before) => (before.length === 0 ? holdMs : 0));
});
afterAll(async () => {
  await receiver.close();
});

const endpoint = (p: Partner, path: string) =>
  aWebhookEndpoint(t.app, p, `${receiver.url}${path}`, { name: path, secret: 'pool-secret' });

const anEvent = (p: Partner, eventId: string) =>
  t.ctx.db.query(
    `insert into outbox_events (workspace_id, type, event_id, data, occurred_at_ms) values ($1, 'balance_updated', $2, '{}'::jsonb, 0)`,
    [p.credentials.workspaceId, eventId],
  );

describe('the webhook send pool', () => {
  it('an event for a fast endpoint is delivered while a slow endpoint still holds its request', async () => {
    const slow = await aPartner(t.app);
    const fast = await aPartner(t.app);
    await endpoint(slow, '/slow');
    await endpoint(fast, '/fast');

    await anEvent(slow, 'slow-1');
    const draining = t.ctx.webhooks.runDue();
    await waitFor('the slow request to arrive', () => receiver.received.some((r) => r.path === '/slow'), 5_000, 20);

    await anEvent(fast, 'fast-1');
    void t.ctx.webhooks.runDue(); // as a NOTIFY would: wakes the running drain
    await waitFor('the fast request to arrive', () => receiver.received.some((r) => r.path === '/fast'), 5_000, 20);
    const slowOne = receiver.received.find((r) => r.path === '/slow');
    expect(slowOne?.answered, 'the slow request is still held').toBe(false);

    await draining;
    expect(receiver.received.find((r) => r.path === '/slow')?.answered).toBe(true);
    const states = await t.ctx.db.query<{ state: string }>(
      `select d.state from webhook_deliveries d join outbox_events o on o.id = d.outbox_id
        where o.event_id in ('slow-1', 'fast-1') order by o.event_id`,
    );
    expect(states.map((s) => s.state)).toEqual(['delivered', 'delivered']);
  }, 20_000);
});
