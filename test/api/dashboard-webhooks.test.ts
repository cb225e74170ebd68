import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Partner } from '../support/builders.js';
import {
  addDashboardEndpoint,
  dashboardAuditOf,
  getDashboardPage,
  postDashboardForm,
  recordEvent,
  rowsOf,
  secondsStamp,
  webhooksWorld,
} from '../support/dashboard.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import type { CookieJar } from '../support/operators.js';
import { aReceiver, type Receiver } from '../support/receiver.js';
import { verifyStandard } from '../support/standard-webhooks.js';

// Goal (issue 30, "Events and deliveries"): a workspace's engineers see and manage their webhook endpoints in the
// dashboard: endpoints added (the signing secret shown once), edited, disabled and enabled, tested, their secret
// rotated with an overlap in which both secrets sign, deleted; every attempt with its status, latency, answer and
// next retry. Everything is the workspace's own (another's id is a 404), a viewer reads and is offered no form, and
// every change is in the audit log as the partner user's, without a secret. The events pages, resends and the
// viewer's refusals are dashboard-events.test.ts. Method: the dashboard's forms through app.inject with a cookie
// jar, over the run's database; events recorded in the outbox and sent by the dispatcher (runDue, which returns
// once every send is recorded) to a loopback receiver (WEBHOOK_ALLOW_INSECURE=1); the results read through the
// partner API and the operator API's audit log.

let t: TestApp;
const clock = new TestClock();
let receiver: Receiver;
let partner: Partner;
let developer: CookieJar;
let viewer: CookieJar;
let otherDeveloper: CookieJar;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { WEBHOOK_ALLOW_INSECURE: '1' } });
  receiver = await aReceiver();
  ({ partner, developer, viewer, otherDeveloper } = await webhooksWorld(t, clock));
});
afterAll(async () => {
  await receiver.close();
  await t.app.close();
});

const anEvent = (p: Partner) => recordEvent(p, clock.nowMs());
const at = (path: string) => receiver.received.filter((r) => r.path === path);
const addEndpoint = (jar: CookieJar, fields: Record<string, string>) => addDashboardEndpoint(t.app, jar, fields);
const v1 = (p: Partner, url: string) => t.app.inject({ method: 'GET', url, headers: p.headers });
const auditOf = (query: string) => dashboardAuditOf(t.app, query);

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

describe('the audit log', () => {
  it("records every endpoint change as the partner user's, in the workspace, without a secret", async () => {
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
    const deleted = ours.find((e) => e.action === 'dashboard.webhooks.delete');
    expect(deleted?.after).toBeNull();
    // No signing secret, whatever its form, entered the log.
    expect(JSON.stringify(entries)).not.toMatch(/whsec_[A-Za-z0-9+/]{8}/);
    // The refused attempts (the URL policy's, another workspace's) wrote nothing: every entry is a change made.
    expect(ours.every((e) => e.target.id !== '')).toBe(true);
  });
});
