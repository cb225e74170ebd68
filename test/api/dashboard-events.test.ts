import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardChanges } from '../../src/dashboard/routes.js';
import type { Partner } from '../support/builders.js';
import {
  addDashboardEndpoint,
  dashboardAuditOf,
  eventsWorld,
  getDashboardPage,
  postDashboardForm,
  recordEvent,
  rowsOf,
  secondsStamp,
} from '../support/dashboard.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';
import type { CookieJar } from '../support/operators.js';
import { aReceiver, type Receiver } from '../support/receiver.js';

// Goal (issue 30, "Events and deliveries"): a workspace's engineers see its events in the dashboard, newest first,
// filtered and paged, each with its data and every attempt at each endpoint, and a Resend button only when an
// endpoint took it. Everything is the workspace's own (another's id is a 404), a viewer reads but changes nothing
// (403 on every webhook and event POST), and a resend is in the audit log as the partner user's, without a secret.
// The endpoints' own pages are dashboard-webhooks.test.ts. Method: the workspace's endpoints and first events made
// by eventsWorld (test/support/dashboard.ts); the dashboard's pages and forms through app.inject with a cookie jar,
// over the run's database; events recorded in the outbox and sent by the dispatcher (runDue, which returns once
// every send is recorded) to a loopback receiver (WEBHOOK_ALLOW_INSECURE=1); the results read through the partner
// API and the operator API's audit log.

let t: TestApp;
const clock = new TestClock();
let receiver: Receiver;
let partner: Partner;
let developer: CookieJar;
let viewer: CookieJar;
let otherDeveloper: CookieJar;
let ledger = '';
let delivered = '';
let untaken = '';

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { WEBHOOK_ALLOW_INSECURE: '1' } });
  receiver = await aReceiver();
  ({ partner, developer, viewer, otherDeveloper, ledger, delivered, untaken } = await eventsWorld(t, clock, receiver));
});
afterAll(async () => {
  await receiver.close();
  await t.app.close();
});

const anEvent = (p: Partner, type?: string, data?: object) => recordEvent(p, clock.nowMs(), type, data);
const at = (path: string) => receiver.received.filter((r) => r.path === path);
const addEndpoint = (jar: CookieJar, fields: Record<string, string>) => addDashboardEndpoint(t.app, jar, fields);
const v1 = (p: Partner, url: string) => t.app.inject({ method: 'GET', url, headers: p.headers });

describe('the events pages', () => {
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

  it("records the resend as the partner user's, in the workspace, without a secret", async () => {
    const entries = await dashboardAuditOf(
      t.app,
      `workspaceId=${partner.credentials.workspaceId}&via=dashboard&limit=100`,
    );
    const actions = new Set(entries.map((e) => e.action));
    expect(actions.has('dashboard.webhooks.resend'), 'dashboard.webhooks.resend').toBe(true);
    const ours = entries.filter((e) => e.action.startsWith('dashboard.webhooks.'));
    expect(
      ours.every((e) => e.workspaceId === partner.credentials.workspaceId && e.actor.kind === 'partner-user'),
    ).toBe(true);
    const resend = ours.find((e) => e.action === 'dashboard.webhooks.resend');
    expect(resend?.target).toEqual({ type: 'event', id: expect.any(String) });
    // No signing secret, whatever its form, entered the log.
    expect(JSON.stringify(entries)).not.toMatch(/whsec_[A-Za-z0-9+/]{8}/);
    // The refused resends (409, 404) and the viewer's attempts wrote nothing: every entry is a change made.
    expect(ours.every((e) => e.target.id !== '')).toBe(true);
  });
});
