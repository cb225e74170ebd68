// The partner dashboard in tests: people invited through the operator API, enrolled through their link and signed
// in through the dashboard's one form (app.inject, a cookie jar), with TOTP codes from otpauth at the app's clock.

import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Clock } from '../../src/platform/clock.js';
import { aPartner, type Partner } from './builders.js';
import { type TestApp, testDb } from './harness.js';
import { adminHeaders, CookieJar, codeAt, enrol, formTokenOf, strongPassword } from './operators.js';
import type { Receiver } from './receiver.js';

export interface DashboardPerson {
  readonly partnerUserId: string;
  readonly email: string;
  readonly secret: string;
}

/** Invites a person to a workspace's dashboard through the operator API; answers the id and the link's path. */
export async function invitePerson(app: FastifyInstance, workspaceId: string, email: string, role: string) {
  const invited = await app.inject({
    method: 'POST',
    url: `/admin/v1/workspaces/${workspaceId}/dashboard-users`,
    headers: adminHeaders,
    payload: { email, role },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const body = invited.json() as { partnerUser: { partnerUserId: string }; enrolmentUrl: string };
  return { partnerUserId: body.partnerUser.partnerUserId, enrolmentPath: new URL(body.enrolmentUrl).pathname };
}

/** Posts the dashboard's sign-in form as a browser would: the page first (its cookie and token), then the form. */
export async function postDashboardSignIn(
  app: FastifyInstance,
  jar: CookieJar,
  fields: { email: string; password: string; code: string },
) {
  const page = await app.inject({
    method: 'GET',
    url: '/dashboard/login',
    headers: jar.header(),
    remoteAddress: jar.address,
  });
  jar.take(page);
  const answer = await app.inject({
    method: 'POST',
    url: '/dashboard/login',
    remoteAddress: jar.address,
    headers: { ...jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ csrf: formTokenOf(page.body), ...fields }).toString(),
  });
  jar.take(answer);
  return answer;
}

/** A person of `role` in the workspace, invited, enrolled and signed in; answers them and their session's jar. */
export async function signedInPerson(
  app: FastifyInstance,
  clock: Clock & { advance(ms: number): void },
  workspaceId: string,
  role: string,
): Promise<{ person: DashboardPerson; jar: CookieJar }> {
  const email = `${role}-${Math.random().toString(36).slice(2, 10)}@partner.example`;
  const { partnerUserId, enrolmentPath } = await invitePerson(app, workspaceId, email, role);
  const { secret, answer } = await enrol(app, enrolmentPath, clock);
  expect(answer.statusCode, answer.body).toBe(200);
  // The code that confirmed enrolment is spent: the sign-in takes the next one.
  clock.advance(30_000);
  const jar = new CookieJar();
  const signedIn = await postDashboardSignIn(app, jar, {
    email,
    password: strongPassword,
    code: codeAt(secret, clock),
  });
  expect(signedIn.statusCode, signedIn.body).toBe(303);
  expect(signedIn.headers.location).toBe('/dashboard');
  return { person: { partnerUserId, email, secret }, jar };
}

/** GET a dashboard page with the jar's cookies. */
export const getDashboardPage = (app: FastifyInstance, jar: CookieJar, url: string) =>
  app.inject({ method: 'GET', url, headers: jar.header() });

/** POST a dashboard form with the token of the page at `tokenFrom` (default the home page). */
export async function postDashboardForm(
  app: FastifyInstance,
  jar: CookieJar,
  url: string,
  fields: Record<string, string>,
  tokenFrom = '/dashboard',
) {
  const page = await getDashboardPage(app, jar, tokenFrom);
  const csrf = page.statusCode === 200 ? formTokenOf(page.body) : '';
  return app.inject({
    method: 'POST',
    url,
    headers: { ...jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ csrf, ...fields }).toString(),
  });
}

/** The rows of a page's table of cards, each a row's HTML. */
export const rowsOf = (html: string, label: string) =>
  html.split('<tr>').filter((row) => row.includes(`data-label="${label}"`));

/** A moment as the webhooks and events pages show it, to the second. */
export const secondsStamp = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/;

/** Records an event of the workspace in the outbox at `nowMs`, as a change would; answers its eventId. */
export async function recordEvent(
  p: Partner,
  nowMs: number,
  type = 'balance_updated',
  data: object = { currency: 'EUR', available: '10.00' },
) {
  const [row] = await (await testDb()).query<{ event_uid: string }>(
    `insert into outbox_events (workspace_id, type, event_id, data, occurred_at_ms)
     values ($1, $2, $3, $4::text::jsonb, $5) returning event_uid::text as event_uid`,
    [p.credentials.workspaceId, type, randomUUID(), JSON.stringify(data), nowMs],
  );
  return row?.event_uid ?? '';
}

/** Adds an endpoint through the dashboard's form; answers its id and the secret the answer page showed once. */
export async function addDashboardEndpoint(app: FastifyInstance, jar: CookieJar, fields: Record<string, string>) {
  const answer = await postDashboardForm(app, jar, '/dashboard/webhooks', fields, '/dashboard/webhooks');
  expect(answer.statusCode, answer.body).toBe(200);
  const secret = /id="signing-secret">([^<]+)</.exec(answer.body)?.[1] ?? '';
  const id = /href="\/dashboard\/webhooks\/([0-9a-f-]{36})"/.exec(answer.body)?.[1] ?? '';
  return { id, secret, answer };
}

/** The audit log's entries for `query`, read through the operator API. */
export async function dashboardAuditOf(app: FastifyInstance, query: string) {
  const answer = await app.inject({ method: 'GET', url: `/admin/v1/audit-log?${query}`, headers: adminHeaders });
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
}

/** A workspace whose engineers manage its webhooks in the dashboard, and another workspace's developer. */
export interface WebhooksWorld {
  readonly partner: Partner;
  readonly other: Partner;
  readonly developer: CookieJar;
  readonly viewer: CookieJar;
  readonly otherDeveloper: CookieJar;
}

export async function webhooksWorld(t: TestApp, clock: Clock & { advance(ms: number): void }): Promise<WebhooksWorld> {
  const partner = await aPartner(t.app);
  const other = await aPartner(t.app);
  const developer = (await signedInPerson(t.app, clock, partner.credentials.workspaceId, 'developer')).jar;
  const viewer = (await signedInPerson(t.app, clock, partner.credentials.workspaceId, 'viewer')).jar;
  const otherDeveloper = (await signedInPerson(t.app, clock, other.credentials.workspaceId, 'developer')).jar;
  // Whatever the run recorded before is sent now: only this file's events reach these endpoints.
  await t.ctx.webhooks.runDue();
  return { partner, other, developer, viewer, otherDeveloper };
}

/** The events pages' world: an endpoint that took an event, and an event no endpoint took. */
export interface EventsWorld extends WebhooksWorld {
  /** The endpoint, at the receiver's /events, that takes balance_updated only. */
  readonly ledger: string;
  /** A balance_updated event the ledger endpoint was sent. */
  readonly delivered: string;
  /** A support_ticket_created event no endpoint of the workspace took: nothing to resend. */
  readonly untaken: string;
}

/**
 * The workspace's endpoints and events as the events pages find them: a refusing endpoint that takes every type,
 * disabled, beside one that takes balance_updated only; then an event of each kind, sent by the dispatcher.
 */
export async function eventsWorld(
  t: TestApp,
  clock: Clock & { advance(ms: number): void },
  receiver: Receiver,
): Promise<EventsWorld> {
  const world = await webhooksWorld(t, clock);
  const { partner, developer } = world;
  // The refusing endpoint takes every type: out of the way, so that an event of a type nothing takes exists.
  const refusing = await addDashboardEndpoint(t.app, developer, {
    name: 'Refusing',
    url: `${receiver.url}/status/500`,
    retryPolicy: 'exponential',
  });
  const off = await t.app.inject({
    method: 'PUT',
    url: `/v1/webhooks/${refusing.id}`,
    headers: partner.headers,
    payload: { isActive: false },
  });
  expect(off.statusCode, off.body).toBe(200);
  const ledger = await addDashboardEndpoint(t.app, developer, {
    name: 'Events receiver',
    url: `${receiver.url}/events`,
    retryPolicy: 'none',
    'type.balance_updated': 'on',
  });
  const delivered = await recordEvent(partner, clock.nowMs(), 'balance_updated', {
    currency: 'EUR',
    available: '12.34',
  });
  const untaken = await recordEvent(partner, clock.nowMs(), 'support_ticket_created', { ticketId: 'T-1' });
  await t.ctx.webhooks.runDue();
  return { ...world, ledger: ledger.id, delivered, untaken };
}
