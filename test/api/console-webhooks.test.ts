import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueItems } from '../../src/operator/overview/service.js';
import { aPartner, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock, testDb } from '../support/harness.js';
import { freePort } from '../support/net.js';
import { type CookieJar, getPage, signedInOperator } from '../support/operators.js';
import { aReceiver, type Receiver } from '../support/receiver.js';
import { aWebhookEndpoint } from '../support/webhook-endpoints.js';

// Goal (issue 30, item 1): an endpoint flagged as failing on the console's home page links to a page that shows why:
// the endpoint (name, URL, state, retry policy, filter) and every attempt, newest first, paged: the time to the
// second, the HTTP status or the error, the latency and the next retry. The flag and the pages name the workspace
// (item 2). Method: a partner's endpoint with retries to a loopback port nothing listens on, and one answering 500;
// events recorded in its workspace and sent by the dispatcher; the console read by a viewer through app.inject.

let t: TestApp;
const clock = new TestClock();
let viewer: CookieJar;
let partner: Partner;
let receiver: Receiver;
const workspaceName = 'Acme <Payments> & Co';
const down = { id: '', url: '' };
const refusing = { id: '', url: '' };
const tenYearsMs = 10 * 365 * 86_400_000;

const anEvent = async () => {
  await (await testDb()).query(
    `insert into outbox_events (workspace_id, type, event_id, data, occurred_at_ms)
     values ($1, 'balance_updated', $2, '{}'::jsonb, $3)`,
    [partner.credentials.workspaceId, randomUUID(), clock.nowMs()],
  );
};
/**
 * Records `n` events and lets the dispatcher send them. The home page's flag lists the longest failing endpoints
 * first and the run's database may hold others' failing ones: this file's unreachable endpoint failed long ago.
 */
const sendEvents = async (n: number) => {
  for (let i = 0; i < n; i += 1) await anEvent();
  await t.ctx.webhooks.runDue();
  await (await testDb()).query(
    `update webhook_deliveries set attempted_at_ms = attempted_at_ms - $2
     where endpoint_id = $1 and attempted_at_ms > $3`,
    [down.id, tenYearsMs, clock.nowMs() - tenYearsMs / 2],
  );
};

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { WEBHOOK_ALLOW_INSECURE: '1' } });
  receiver = await aReceiver();
  viewer = await signedInOperator(t.app, clock, 'viewer');
  partner = await aPartner(t.app, { name: workspaceName });
  // Whatever the run recorded before is sent now: only this file's events reach these endpoints.
  await t.ctx.webhooks.runDue();
  down.url = `http://127.0.0.1:${await freePort()}/hook`;
  ({ id: down.id } = await aWebhookEndpoint(t.app, partner, down.url, {
    name: 'Ledger sync',
    secret: 'whsec-console-webhooks',
    retryPolicy: 'exponential',
    enabledEvents: ['balance_updated'],
  }));
  refusing.url = `${receiver.url}/status/500?answer=${encodeURIComponent('{"error":"<unknown signature>"}')}`;
  ({ id: refusing.id } = await aWebhookEndpoint(t.app, partner, refusing.url, {
    name: 'Refusing',
    secret: 'whsec-console-refusing',
  }));
  await sendEvents(3);
});
afterAll(async () => {
  await receiver.close();
  await t.app.close();
});

const secondsStamp = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/;

describe('the webhook page of one endpoint', () => {
  it('lists its failed attempts to an unreachable target: time to the second, the error, latency, next retry', async () => {
    const page = await getPage(t.app, viewer, `/console/webhooks/${down.id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('<h1>Webhook endpoint Ledger sync</h1>');
    expect(page.body).toContain(`<code>${down.url}</code>`);
    expect(page.body).toContain('Exponential: a failed attempt is tried again with growing delays');
    expect(page.body).toContain('<td>balance_updated</td>');
    expect(page.body).toContain('<td>Active</td>');
    const rows = page.body.split('<tr>').filter((row) => row.includes('data-label="Outcome"'));
    const failed = rows.filter((row) => row.includes('data-label="Outcome">Failed<'));
    const retries = rows.filter((row) => row.includes('data-label="Outcome">Retry scheduled<'));
    expect(failed).toHaveLength(3);
    expect(retries).toHaveLength(3);
    for (const row of failed) {
      expect(row).toMatch(/ECONNREFUSED/);
      expect(row).toMatch(new RegExp(`data-label="When">${secondsStamp.source}<`));
      expect(row).toMatch(/data-label="Latency">\d+ ms</);
      expect(row).toMatch(new RegExp(`data-label="Next retry">${secondsStamp.source}<`));
      expect(row).toContain('data-label="Attempt">1<');
    }
    for (const row of retries) {
      expect(row).toMatch(new RegExp(`Not yet: due ${secondsStamp.source}`));
      expect(row).toContain('data-label="Attempt">2<');
    }
    // Newest first: the scheduled retries were recorded after the attempts they follow.
    expect(rows.findIndex((row) => row.includes('Retry scheduled'))).toBeLessThan(
      rows.findIndex((row) => row.includes('>Failed<')),
    );
    // The workspace by its name, linked, its id kept beneath; the name escaped.
    expect(page.body).toContain(
      `<a href="/console/workspaces/${partner.credentials.workspaceId}">Acme &lt;Payments&gt; &amp; Co</a>`,
    );
    expect(page.body).not.toContain(workspaceName);
  });

  it('shows what the endpoint answered (the HTTP status)', async () => {
    const page = await getPage(t.app, viewer, `/console/webhooks/${refusing.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('None: each event is attempted once');
    expect(page.body).toContain('<strong>HTTP 500</strong>');
    // The start of the receiver's answer, escaped (migration 0046).
    expect(page.body).toContain('<pre class="json">{&quot;error&quot;:&quot;&lt;unknown signature&gt;&quot;}</pre>');
    expect(page.body).toMatch(/data-label="Next retry">None</);
  });

  it('pages through a long log, newest first', async () => {
    await sendEvents(12);
    // 15 events: 15 failed first attempts and 15 retries scheduled.
    const first = await getPage(t.app, viewer, `/console/webhooks/${down.id}`);
    const older = /href="(\/console\/webhooks\/[^"?]+\?before=(\d+))">Older attempts</.exec(first.body);
    expect(older, 'a link to older attempts').not.toBeNull();
    const second = await getPage(t.app, viewer, (older?.[1] ?? '').replace(/&amp;/g, '&'));
    expect(second.statusCode).toBe(200);
    const count = (html: string) => html.split('data-label="Outcome"').length - 1;
    expect(count(first.body)).toBe(25);
    expect(count(second.body)).toBe(5);
    expect(second.body).toContain('>Newest attempts</a>');
    expect(second.body).not.toContain('>Older attempts</a>');
  });

  it('answers 404 for an endpoint or a workspace that does not exist', async () => {
    expect((await getPage(t.app, viewer, `/console/webhooks/${randomUUID()}`)).statusCode).toBe(404);
    expect((await getPage(t.app, viewer, '/console/webhooks/not-an-id')).statusCode).toBe(404);
    expect((await getPage(t.app, viewer, `/console/webhooks?workspace=${randomUUID()}`)).statusCode).toBe(404);
  });
});

describe("a workspace's webhook endpoints and the flagged ones", () => {
  it("lists the workspace's endpoints, each with its facts, latest attempts and a link to all of them", async () => {
    const page = await getPage(t.app, viewer, `/console/webhooks?workspace=${partner.credentials.workspaceId}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('<h1>Webhook endpoints of Acme &lt;Payments&gt; &amp; Co</h1>');
    expect(page.body).toContain('<h2>Ledger sync</h2>');
    expect(page.body).toContain('<h2>Refusing</h2>');
    expect(page.body).toContain(`href="/console/webhooks/${down.id}">Every attempt to Ledger sync</a>`);
    expect(page.body).toContain(`href="/console/webhooks/${refusing.id}">Every attempt to Refusing</a>`);
  });

  it('lists the failing endpoints of every workspace, the longest failing first', async () => {
    const page = await getPage(t.app, viewer, '/console/webhooks');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('<caption>Endpoints failing or disabled, the longest first</caption>');
    expect(page.body).toContain(`<a href="/console/webhooks/${down.id}">Ledger sync</a>`);
    expect(page.body).toContain('<label>Workspace id <input type="text" name="workspace"');
  });
});

describe("the home page's flag", () => {
  it('links each failing endpoint to its webhook page and names its workspace', async () => {
    const home = await getPage(t.app, viewer, '/console');
    expect(home.statusCode).toBe(200);
    const flagged = await queueItems(t.ctx.db, 'webhookEndpoints', { limit: 5, offset: 0 });
    expect(flagged[0]?.id).toBe(down.id);
    for (const item of flagged) expect(home.body).toContain(`<a href="/console/webhooks/${item.id}">`);
    expect(home.body).toContain(`<a href="/console/webhooks/${down.id}">Ledger sync</a>`);
    const flag = home.body.slice(home.body.indexOf(`/console/webhooks/${down.id}`));
    expect(flag.slice(0, flag.indexOf('</li>'))).toContain('Acme &lt;Payments&gt; &amp; Co</a>');
    expect(home.body).toContain('href="/console/webhooks">Every endpoint failing or disabled, with its attempts</a>');
    expect(home.body).not.toContain(`in workspace ${partner.credentials.workspaceId}`);
  });

  it('search finds an endpoint by id and links it to its webhook page', async () => {
    const page = await getPage(t.app, viewer, `/console/search?q=${down.id}`);
    expect(page.body).toContain(`href="/console/webhooks/${down.id}"`);
  });
});
