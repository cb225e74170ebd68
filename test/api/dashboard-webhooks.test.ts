import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardChanges } from '../../src/dashboard/routes.js';
import { aPartner, type Partner } from '../support/builders.js';
import { getDashboardPage, postDashboardForm, signedInPerson } from '../support/dashboard.js';
import { buildTestApp, type TestApp, TestClock, testDb } from '../support/harness.js';
import { adminHeaders, type CookieJar } from '../support/operators.js';
import { aReceiver, type Receiver } from '../support/receiver.js';
import { verifyStandard } from '../support/standard-webhooks.js';

// Goal (issue 30, "Events and deliveries"): a workspace's engineers see and manage their webhook endpoints and
// events in the dashboard: endpoints added (the signing secret shown once), edited, disabled and enabled, tested,
// their secret rotated with an overlap in which both secrets sign, deleted; every attempt with its status, latency,
// answer and next retry; the workspace's events newest first, filtered, each with its attempts and a Resend button
// only when an endpoint took it. Everything is the workspace's own (another's id is a 404), a viewer reads but
// changes nothing (403 on every POST), and every change is in the audit log as the partner user's, without a secret.
// Method: the dashboard's forms through app.inject with a cookie jar, over the run's database; events recorded in
// the outbox and sent by the dispatcher (runDue, which returns once every send is recorded) to a loopback receiver
// (WEBHOOK_ALLOW_INSECURE=1); the results read through the partner API and the operator API's audit log.

let t: TestApp;
const clock = new TestClock();
let receiver: Receiver;
let partner: Partner;
let other: Partner;
let developer: CookieJar;
let viewer: CookieJar;
let otherDeveloper: CookieJar;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { WEBHOOK_ALLOW_INSECURE: '1' } });
  receiver = await aReceiver();
  partner = await aPartner(t.app);
  other = await aPartner(t.app);
  developer = (await signedInPerson(t.app, clock, partner.credentials.workspaceId, 'developer')).jar;
  viewer = (await signedInPerson(t.app, clock, partner.credentials.workspaceId, 'viewer')).jar;
  otherDeveloper = (await signedInPerson(t.app, clock, other.credentials.workspaceId, 'developer')).jar;
  // Whatever the run recorded before is sent now: only this file's events reach these endpoints.
  await t.ctx.webhooks.runDue();
});
afterAll(async () => {
  await receiver.close();
  await t.app.close();
});

/** Records an event of the workspace in the outbox, as a change would; answers its eventId. */
async function anEvent(p: Partner, type = 'balance_updated', data: object = { currency: 'EUR', available: '10.00' }) {
  const [row] = await (await testDb()).query<{ event_uid: string }>(
    `insert into outbox_events (workspace_id, type, event_id, data, occurred_at_ms)
     values ($1, $2, $3, $4::text::jsonb, $5) returning event_uid::text as event_uid`,
    [p.credentials.workspaceId, type, randomUUID(), JSON.stringify(data), clock.nowMs()],
  );
  return row?.event_uid ?? '';
}

const at = (path: string) => receiver.received.filter((r) => r.path === path);

/** Adds an endpoint through the dashboard's form; answers its id and the secret the answer page showed once. */
async function addEndpoint(jar: CookieJar, fields: Record<string, string>) {
  const answer = await postDashboardForm(t.app, jar, '/dashboard/webhooks', fields, '/dashboard/webhooks');
  expect(answer.statusCode, answer.body).toBe(200);
  const secret = /id="signing-secret">([^<]+)</.exec(answer.body)?.[1] ?? '';
  const id = /href="\/dashboard\/webhooks\/([0-9a-f-]{36})"/.exec(answer.body)?.[1] ?? '';
  return { id, secret, answer };
}

const v1 = (p: Partner, url: string) => t.app.inject({ method: 'GET', url, headers: p.headers });

const auditOf = async (query: string) => {
  const answer = await t.app.inject({ method: 'GET', url: `/admin/v1/audit-log?${query}`, headers: adminHeaders });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as {
    action: string;
    via: string;
    workspaceId: string | null;
    actor: { kind: string; partnerUserId: string | null };
    target: { type: string; id: string };
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }[];
};

/** The rows of a page's table of cards, each a row's HTML. */
const rowsOf = (html: string, label: string) =>
  html.split('<tr>').filter((row) => row.includes(`data-label="${label}"`));

const secondsStamp = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/;

let hook = { id: '', secret: '' };
let failing = { id: '', secret: '' };

describe('the webhooks page', () => {
  it('adds an endpoint with its filter and shows its signing secret once, which signs what it receives', async () => {
    const added = await addEndpoint(developer, {
      name: 'Ledger <sync>',
      url: `${receiver.url}/dash`,
      retryPolicy: 'exponential',
      'type.balance_updated': 'on',
      'type.order_completed': 'on',
    });
    hook = { id: added.id, secret: added.secret };
    expect(added.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(added.answer.body).toContain('The secret is shown only now.');
    expect(added.answer.body).toContain('Ledger &lt;sync&gt;');
    const read = await v1(partner, `/v1/webhooks/${hook.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      name: 'Ledger <sync>',
      url: `${receiver.url}/dash`,
      isActive: true,
      retryPolicy: 'exponential',
      enabledEvents: ['order_completed', 'balance_updated'],
    });
    // The secret is shown once: the endpoint's page never shows it.
    const page = await getDashboardPage(t.app, developer, `/dashboard/webhooks/${hook.id}`);
    expect(page.body).not.toContain(added.secret);
    const eventId = await anEvent(partner);
    await t.ctx.webhooks.runDue();
    const arrival = at('/dash').find((r) => r.body.eventId === eventId);
    expect(arrival, 'the event reached the endpoint').toBeDefined();
    if (arrival) expect(() => verifyStandard(arrival, added.secret, clock.nowMs())).not.toThrow();
  });

  it('lists the endpoints with their state, filter, last delivery and failing ones', async () => {
    const added = await addEndpoint(developer, {
      name: 'Refusing',
      url: `${receiver.url}/status/500`,
      retryPolicy: 'exponential',
    });
    failing = { id: added.id, secret: added.secret };
    for (let i = 0; i < 3; i += 1) await anEvent(partner);
    await t.ctx.webhooks.runDue();
    const page = await getDashboardPage(t.app, viewer, '/dashboard/webhooks');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('<caption>Your webhook endpoints</caption>');
    const rows = rowsOf(page.body, 'Endpoint');
    const ledger = rows.find((row) => row.includes(`/dashboard/webhooks/${hook.id}"`)) ?? '';
    expect(ledger).toContain('Ledger &lt;sync&gt;</a>');
    expect(ledger).toContain(`<code class="id">${receiver.url}/dash</code>`);
    expect(ledger).toContain('data-label="State">Enabled<');
    expect(ledger).toContain('data-label="Event filter">order_completed, balance_updated<');
    expect(ledger).toMatch(
      new RegExp(`data-label="Last delivery">Delivered \\(HTTP 200\\)<br><span class="muted">${secondsStamp.source}`),
    );
    expect(ledger).toContain('data-label="Failing">—<');
    const refusing = rows.find((row) => row.includes(`/dashboard/webhooks/${failing.id}"`)) ?? '';
    expect(refusing).toContain('data-label="Event filter">Every event type<');
    expect(refusing).toContain('Failed (HTTP 500)');
    expect(refusing).toMatch(new RegExp(`<span class="flag">Failing since ${secondsStamp.source}</span>`));
    // A viewer reads, and is offered no form.
    expect(page.body).not.toContain('<form method="post" action="/dashboard/webhooks">');
    expect(page.body).toContain('Only a developer or an admin of the workspace adds and changes endpoints.');
    // Another workspace's endpoints are not on its page.
    const others = await getDashboardPage(t.app, otherDeveloper, '/dashboard/webhooks');
    expect(others.body).not.toContain(hook.id);
    expect(others.body).toContain('Your workspace has no webhook endpoint yet');
  });

  it("shows one endpoint's every attempt: time to the second, outcome, answer, latency, next retry", async () => {
    const page = await getDashboardPage(t.app, viewer, `/dashboard/webhooks/${failing.id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('<h1>Webhook endpoint Refusing</h1>');
    expect(page.body).toContain('Exponential: a failed attempt is tried again');
    const rows = rowsOf(page.body, 'Outcome');
    const failed = rows.filter((row) => row.includes('data-label="Outcome">Failed<'));
    const retries = rows.filter((row) => row.includes('data-label="Outcome">Retry scheduled<'));
    expect(failed.length).toBeGreaterThanOrEqual(3);
    expect(retries.length).toBeGreaterThanOrEqual(3);
    for (const row of failed) {
      expect(row).toContain('<strong>HTTP 500</strong>');
      expect(row).toMatch(new RegExp(`data-label="When \\(UTC\\)">${secondsStamp.source}<`));
      expect(row).toMatch(/data-label="Latency">\d+ ms</);
      expect(row).toMatch(new RegExp(`data-label="Next retry">${secondsStamp.source}<`));
      expect(row).toContain('data-label="Attempt">1<');
      expect(row).toMatch(/href="\/dashboard\/events\/[0-9a-f-]{36}">balance_updated<\/a>/);
    }
    for (const row of retries) expect(row).toMatch(new RegExp(`Not yet: due ${secondsStamp.source}`));
    // A viewer is offered none of the forms.
    expect(page.body).not.toContain('/test"');
    expect(page.body).not.toContain('/rotate"');
  });

  it('shows a refusal of the URL policy on the page with its status, the form kept', async () => {
    const refused = await postDashboardForm(
      t.app,
      developer,
      '/dashboard/webhooks',
      { name: 'Old receiver', url: 'ftp://127.0.0.1/hook', retryPolicy: 'none' },
      '/dashboard/webhooks',
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('<p class="error" role="alert">url must use https</p>');
    expect(refused.body).toContain('value="Old receiver"');
    expect(refused.body).toContain('value="ftp://127.0.0.1/hook"');
    const unnamed = await postDashboardForm(
      t.app,
      developer,
      '/dashboard/webhooks',
      { name: ' ', url: `${receiver.url}/x`, retryPolicy: 'none' },
      '/dashboard/webhooks',
    );
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.body).toContain('Give the endpoint a name');
    const list = await v1(partner, '/v1/webhooks');
    expect((list.json() as { name: string }[]).map((e) => e.name)).not.toContain('Old receiver');
  });

  it('edits the URL and the filter, disables and enables, and keeps a refused change off the endpoint', async () => {
    const path = `/dashboard/webhooks/${hook.id}`;
    const edited = await postDashboardForm(
      t.app,
      developer,
      path,
      { name: 'Ledger <sync>', url: `${receiver.url}/dash2`, retryPolicy: 'exponential', 'type.balance_updated': 'on' },
      path,
    );
    expect(edited.statusCode, edited.body).toBe(303);
    expect(edited.headers.location).toBe(`${path}?done=updated`);
    expect((await v1(partner, `/v1/webhooks/${hook.id}`)).json()).toMatchObject({
      url: `${receiver.url}/dash2`,
      enabledEvents: ['balance_updated'],
    });
    const same = await postDashboardForm(
      t.app,
      developer,
      path,
      { name: 'Ledger <sync>', url: `${receiver.url}/dash2`, retryPolicy: 'exponential', 'type.balance_updated': 'on' },
      path,
    );
    expect(same.headers.location).toBe(`${path}?done=unchanged`);
    const refused = await postDashboardForm(
      t.app,
      developer,
      path,
      { name: 'Ledger <sync>', url: 'http://user:pw@127.0.0.1/x', retryPolicy: 'exponential' },
      path,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('url must not carry credentials');
    expect((await v1(partner, `/v1/webhooks/${hook.id}`)).json().url).toBe(`${receiver.url}/dash2`);

    const disabled = await postDashboardForm(t.app, developer, `${path}/disable`, {}, path);
    expect(disabled.statusCode).toBe(303);
    expect((await v1(partner, `/v1/webhooks/${hook.id}`)).json().isActive).toBe(false);
    const shown = await getDashboardPage(t.app, developer, `${path}?done=disabled`);
    expect(shown.body).toContain('<td>Disabled</td>');
    expect(shown.body).toContain('The endpoint is disabled');
    const enabled = await postDashboardForm(t.app, developer, `${path}/enable`, {}, path);
    expect(enabled.statusCode).toBe(303);
    expect((await v1(partner, `/v1/webhooks/${hook.id}`)).json().isActive).toBe(true);
  });

  it('sends a test event now and shows what the endpoint answered', async () => {
    const path = `/dashboard/webhooks/${hook.id}`;
    const before = at('/dash2').length;
    const tested = await postDashboardForm(t.app, developer, `${path}/test`, {}, path);
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.body).toMatch(/The test event was delivered: HTTP 200 in \d+ ms\./);
    const arrivals = at('/dash2').slice(before);
    expect(arrivals.map((r) => r.body.type)).toEqual(['webhook_test']);
    expect(tested.body).toContain('webhook_test <span class="muted">(test)</span>');
    const refusing = await postDashboardForm(
      t.app,
      developer,
      `/dashboard/webhooks/${failing.id}/test`,
      {},
      `/dashboard/webhooks/${failing.id}`,
    );
    expect(refusing.statusCode).toBe(200);
    expect(refusing.body).toContain('The test event was not delivered: HTTP 500');
  });

  it("shows the start of the receiver's answer body, escaped, with its status", async () => {
    const explaining = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(422, { 'content-type': 'text/plain' }).end('missing field: <amount>'));
    });
    await new Promise<void>((resolve) => explaining.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = explaining.address() as AddressInfo;
      const added = await addEndpoint(developer, {
        name: 'Explaining',
        url: `http://127.0.0.1:${port}/hook`,
        retryPolicy: 'none',
      });
      const path = `/dashboard/webhooks/${added.id}`;
      const tested = await postDashboardForm(t.app, developer, `${path}/test`, {}, path);
      expect(tested.statusCode, tested.body).toBe(200);
      expect(tested.body).toContain('The test event was not delivered: HTTP 422');
      const row = rowsOf(tested.body, 'Answer').find((r) => r.includes('webhook_test')) ?? '';
      expect(row).toContain('<strong>HTTP 422</strong>');
      expect(row).toContain('<summary>Its answer</summary><pre class="json">missing field: &lt;amount&gt;</pre>');
      const deleted = await postDashboardForm(t.app, developer, `${path}/delete`, {}, path);
      expect(deleted.statusCode).toBe(303);
    } finally {
      explaining.closeAllConnections();
      await new Promise<void>((resolve) => explaining.close(() => resolve()));
    }
  });

  it('rotates the signing secret: the new one shown once, both sign webhook-signature during the overlap', async () => {
    const path = `/dashboard/webhooks/${hook.id}`;
    const rotated = await postDashboardForm(t.app, developer, `${path}/rotate`, {}, path);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const secret = /id="signing-secret">([^<]+)</.exec(rotated.body)?.[1] ?? '';
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(hook.secret);
    expect(rotated.body).toMatch(new RegExp(`old secret's signature until ${secondsStamp.source}`));
    const page = await getDashboardPage(t.app, developer, path);
    expect(page.body).toMatch(/Rotated: the previous secret also signs webhook-signature until/);
    expect(page.body).not.toContain(secret);
    const eventId = await anEvent(partner);
    await t.ctx.webhooks.runDue();
    const arrival = at('/dash2').find((r) => r.body.eventId === eventId);
    expect(arrival).toBeDefined();
    if (arrival) {
      expect(String(arrival.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(() => verifyStandard(arrival, secret, clock.nowMs())).not.toThrow();
      expect(() => verifyStandard(arrival, hook.secret, clock.nowMs())).not.toThrow();
    }
    hook = { ...hook, secret };
  });

  it("answers 404 for another workspace's endpoint, or none, and changes nothing of it", async () => {
    for (const id of [hook.id, randomUUID(), 'not-an-id']) {
      const page = await getDashboardPage(t.app, otherDeveloper, `/dashboard/webhooks/${id}`);
      expect(page.statusCode, id).toBe(404);
      expect(page.body).toContain('There is no webhook endpoint with this id in your workspace.');
    }
    for (const action of ['disable', 'delete', 'rotate', 'test']) {
      const answer = await postDashboardForm(t.app, otherDeveloper, `/dashboard/webhooks/${hook.id}/${action}`, {});
      expect(answer.statusCode, action).toBe(404);
    }
    const edit = await postDashboardForm(t.app, otherDeveloper, `/dashboard/webhooks/${hook.id}`, {
      name: 'Taken',
      url: `${receiver.url}/taken`,
      retryPolicy: 'none',
    });
    expect(edit.statusCode).toBe(404);
    expect((await v1(partner, `/v1/webhooks/${hook.id}`)).json()).toMatchObject({
      name: 'Ledger <sync>',
      isActive: true,
    });
  });

  it('deletes an endpoint: it is gone from the pages and the partner API', async () => {
    const doomed = await addEndpoint(developer, { name: 'Doomed', url: `${receiver.url}/doomed`, retryPolicy: 'none' });
    const path = `/dashboard/webhooks/${doomed.id}`;
    const deleted = await postDashboardForm(t.app, developer, `${path}/delete`, {}, path);
    expect(deleted.statusCode).toBe(303);
    expect(deleted.headers.location).toBe('/dashboard/webhooks?done=deleted');
    expect((await v1(partner, `/v1/webhooks/${doomed.id}`)).statusCode).toBe(404);
    expect((await getDashboardPage(t.app, developer, path)).statusCode).toBe(404);
    const list = await getDashboardPage(t.app, developer, '/dashboard/webhooks?done=deleted');
    expect(list.body).toContain('The endpoint was deleted');
    expect(list.body).not.toContain(doomed.id);
  });
});

describe('the events pages', () => {
  let ledger = '';
  let delivered = '';
  let untaken = '';

  beforeAll(async () => {
    // The refusing endpoint takes every type: out of the way, so that an event of a type nothing takes exists.
    const off = await t.app.inject({
      method: 'PUT',
      url: `/v1/webhooks/${failing.id}`,
      headers: partner.headers,
      payload: { isActive: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const added = await addEndpoint(developer, {
      name: 'Events receiver',
      url: `${receiver.url}/events`,
      retryPolicy: 'none',
      'type.balance_updated': 'on',
    });
    ledger = added.id;
    delivered = await anEvent(partner, 'balance_updated', { currency: 'EUR', available: '12.34' });
    // No endpoint of the workspace takes this type: nothing to resend.
    untaken = await anEvent(partner, 'support_ticket_created', { ticketId: 'T-1' });
    await t.ctx.webhooks.runDue();
  });

  it("lists the workspace's events newest first, whether each was delivered, and filters by type", async () => {
    const page = await getDashboardPage(t.app, viewer, '/dashboard/events');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain("<caption>Your workspace's events, newest first</caption>");
    const rows = rowsOf(page.body, 'Event');
    expect(rows[0]).toContain(`/dashboard/events/${untaken}"`);
    expect(rows[0]).toContain('data-label="Delivery">No endpoint took it<');
    const row = rows.find((r) => r.includes(`/dashboard/events/${delivered}"`)) ?? '';
    expect(row).toMatch(/data-label="Delivery">Delivered \(\d+ endpoints?\)</);
    expect(row).toMatch(new RegExp(`data-label="Created \\(UTC\\)">${secondsStamp.source}<`));
    const filtered = await getDashboardPage(t.app, viewer, '/dashboard/events?type=support_ticket_created');
    const filteredRows = rowsOf(filtered.body, 'Event');
    expect(filteredRows.length).toBeGreaterThan(0);
    expect(filteredRows.every((r) => r.includes('>support_ticket_created</a>'))).toBe(true);
    expect(filtered.body).toContain('<option value="support_ticket_created" selected>');
    const unknown = await getDashboardPage(t.app, viewer, '/dashboard/events?type=no_such_type');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Unknown event type: no_such_type');
    // Another workspace sees none of them.
    const others = await getDashboardPage(t.app, otherDeveloper, '/dashboard/events');
    expect(others.body).not.toContain(delivered);
    expect(others.body).toContain('Your workspace has no event yet.');
  });

  it('pages through the events, newest first', async () => {
    for (let i = 0; i < 50; i += 1) await anEvent(partner, 'order_status_updated', { orderId: `o-${i}` });
    const first = await getDashboardPage(t.app, viewer, '/dashboard/events');
    const older = /href="(\/dashboard\/events\?after=[0-9a-f-]{36})">Older events</.exec(first.body);
    expect(older, 'a link to older events').not.toBeNull();
    const second = await getDashboardPage(t.app, viewer, older?.[1] ?? '');
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain(`/dashboard/events/${delivered}"`);
    expect(second.body).toContain('>Newer events</a>');
    expect(second.body).toContain('>Newest events</a>');
    const firstIds = new Set(rowsOf(first.body, 'Event').map((r) => /events\/([0-9a-f-]{36})"/.exec(r)?.[1]));
    for (const r of rowsOf(second.body, 'Event'))
      expect(firstIds.has(/events\/([0-9a-f-]{36})"/.exec(r)?.[1])).toBe(false);
  });

  it('shows one event with its data and every attempt at each endpoint, and resends it', async () => {
    const path = `/dashboard/events/${delivered}`;
    const page = await getDashboardPage(t.app, developer, path);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('<h1>Event balance_updated</h1>');
    expect(page.body).toContain('&quot;available&quot;: &quot;12.34&quot;');
    const attempts = rowsOf(page.body, 'Outcome');
    const here = attempts.find((r) => r.includes(`/dashboard/webhooks/${ledger}"`)) ?? '';
    expect(here).toContain('data-label="Outcome">Delivered<');
    expect(here).toContain('<strong>HTTP 200</strong>');
    expect(here).toMatch(/data-label="Latency">\d+ ms</);
    expect(page.body).toContain('>Resend the event</button>');
    const before = at('/events').filter((r) => r.body.eventId === delivered).length;
    const resent = await postDashboardForm(t.app, developer, `${path}/resend`, {}, path);
    expect(resent.statusCode, resent.body).toBe(303);
    expect(resent.headers.location).toMatch(new RegExp(`^${path}\\?done=resent&deliveries=[1-9]\\d*$`));
    await t.ctx.webhooks.runDue();
    expect(at('/events').filter((r) => r.body.eventId === delivered).length).toBe(before + 1);
    const after = await getDashboardPage(t.app, developer, String(resent.headers.location));
    expect(after.body).toContain('The event was queued again for');
    const rows = rowsOf(after.body, 'Outcome').filter((r) => r.includes(`/dashboard/webhooks/${ledger}"`));
    expect(rows).toHaveLength(2);
  });

  it('offers no Resend for an event no endpoint took, and refuses one posted (409)', async () => {
    const path = `/dashboard/events/${untaken}`;
    const page = await getDashboardPage(t.app, developer, path);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('>Resend the event</button>');
    expect(page.body).toContain('No endpoint took this event');
    const refused = await postDashboardForm(t.app, developer, `${path}/resend`, {}, path);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('there is nothing to send again');
  });

  it("answers 404 for another workspace's event, or none, and resends nothing of it", async () => {
    for (const id of [delivered, randomUUID(), 'not-an-id']) {
      const page = await getDashboardPage(t.app, otherDeveloper, `/dashboard/events/${id}`);
      expect(page.statusCode, id).toBe(404);
    }
    const before = at('/events').length;
    const answer = await postDashboardForm(t.app, otherDeveloper, `/dashboard/events/${delivered}/resend`, {});
    expect(answer.statusCode).toBe(404);
    await t.ctx.webhooks.runDue();
    expect(at('/events').length).toBe(before);
  });
});

describe('roles and the audit log', () => {
  it('refuses every webhook and event change to a viewer (403), changing nothing', async () => {
    const endpoint = await addEndpoint(developer, { name: 'Kept', url: `${receiver.url}/kept`, retryPolicy: 'none' });
    const eventId = await anEvent(partner);
    await t.ctx.webhooks.runDue();
    const ours = [...dashboardChanges].filter(
      ([path]) => path.startsWith('/dashboard/webhooks') || path.startsWith('/dashboard/events'),
    );
    expect(ours.map(([, action]) => action).sort()).toEqual(
      [
        'dashboard.webhooks.create',
        'dashboard.webhooks.delete',
        'dashboard.webhooks.disable',
        'dashboard.webhooks.enable',
        'dashboard.webhooks.resend',
        'dashboard.webhooks.rotateSecret',
        'dashboard.webhooks.test',
        'dashboard.webhooks.update',
      ].sort(),
    );
    const before = (await v1(partner, `/v1/webhooks/${endpoint.id}`)).json();
    const received = receiver.received.length;
    for (const [path, action] of ours) {
      const url = path.replace(':endpointId', endpoint.id).replace(':eventId', eventId);
      const answer = await postDashboardForm(t.app, viewer, url, {
        name: 'x',
        url: `${receiver.url}/x`,
        retryPolicy: 'none',
      });
      expect(answer.statusCode, `${action} as viewer`).toBe(403);
    }
    await t.ctx.webhooks.runDue();
    expect(receiver.received.length).toBe(received);
    expect((await v1(partner, `/v1/webhooks/${endpoint.id}`)).json()).toEqual(before);
    // A viewer reads the event, without the button.
    const page = await getDashboardPage(t.app, viewer, `/dashboard/events/${eventId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('>Resend the event</button>');
  });

  it("records every change as the partner user's, in the workspace, without a secret", async () => {
    const entries = await auditOf(`workspaceId=${partner.credentials.workspaceId}&via=dashboard&limit=100`);
    const actions = new Set(entries.map((e) => e.action));
    for (const action of [
      'dashboard.webhooks.create',
      'dashboard.webhooks.update',
      'dashboard.webhooks.disable',
      'dashboard.webhooks.enable',
      'dashboard.webhooks.test',
      'dashboard.webhooks.rotateSecret',
      'dashboard.webhooks.delete',
      'dashboard.webhooks.resend',
    ]) {
      expect(actions.has(action), action).toBe(true);
    }
    const ours = entries.filter((e) => e.action.startsWith('dashboard.webhooks.'));
    expect(
      ours.every((e) => e.workspaceId === partner.credentials.workspaceId && e.actor.kind === 'partner-user'),
    ).toBe(true);
    const update = ours.find((e) => e.action === 'dashboard.webhooks.update');
    expect(update?.target.type).toBe('webhook_endpoint');
    expect(update?.before?.url).not.toBe(update?.after?.url);
    const rotation = ours.find((e) => e.action === 'dashboard.webhooks.rotateSecret');
    expect(rotation?.after?.rotation).toBeDefined();
    const resend = ours.find((e) => e.action === 'dashboard.webhooks.resend');
    expect(resend?.target).toEqual({ type: 'event', id: expect.any(String) });
    const deleted = ours.find((e) => e.action === 'dashboard.webhooks.delete');
    expect(deleted?.after).toBeNull();
    // No signing secret, whatever its form, entered the log.
    expect(JSON.stringify(entries)).not.toMatch(/whsec_[A-Za-z0-9+/]{8}/);
    // The refused and the viewer's attempts wrote nothing: every entry is a change that was made.
    expect(ours.every((e) => e.target.id !== '')).toBe(true);
  });
});
