import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventType } from '../../src/events/catalogue.js';
import { recordEvent } from '../../src/events/outbox.js';
import { aPartner, aToken, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp, TestClock } from '../support/harness.js';

// Goal: GET /v1/events lists a workspace's events newest first and pages through all of them with either cursor;
// each filter keeps what it names; an event is readable for EVENT_RETENTION_DAYS and not after; every refusal is in
// the spec's error shape. Method: events recorded through the outbox's own recordEvent at chosen times (the
// operations that record them are exercised in events-api-deliveries.test.ts), read back through HTTP.

const dayMs = 86_400_000;
const clock = new TestClock();
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock });
});

interface Listed {
  eventId: string;
  id: string;
  type: string;
  api_version: string;
  data: Record<string, unknown>;
  createdAt: number;
}

const get = (p: Partner, url: string) => t.app.inject({ method: 'GET', url, headers: p.headers });

async function list(p: Partner, query: string): Promise<{ value: Listed[]; hasMore: boolean }> {
  const response = await get(p, `/v1/events?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(body.ok).toBe(true);
  return body;
}

/** Records one event of the partner's workspace; answers the eventId the outbox gave it. */
async function record(p: Partner, type: EventType, entityId: string, occurredAtMs: number): Promise<string> {
  await recordEvent(t.ctx.db, {
    workspaceId: p.credentials.workspaceId,
    type,
    eventId: entityId,
    data: { entityId, at: occurredAtMs },
    occurredAtMs,
  });
  const [row] = await t.ctx.db.query<{ event_uid: string }>(
    'select event_uid::text as event_uid from outbox_events where workspace_id = $1 order by id desc limit 1',
    [p.credentials.workspaceId],
  );
  return row?.event_uid ?? '';
}

/** 23 events over the last hour, two of them in one millisecond (the id orders those), types in turn. */
async function aWorkspaceWithEvents(): Promise<{ p: Partner; newestFirst: string[]; base: number }> {
  const p = await aPartner(t.app);
  const base = clock.nowMs() - 3_600_000;
  const types: EventType[] = ['order_status_updated', 'deposit_completed', 'balance_updated'];
  const recorded: string[] = [];
  for (let i = 0; i < 23; i++) {
    const at = base + Math.min(i, 21) * 60_000;
    recorded.push(await record(p, types[i % 3] as EventType, `entity-${i % 4}`, at));
  }
  return { p, newestFirst: recorded.reverse(), base };
}

describe('GET /v1/events', () => {
  it('answers { ok, value, hasMore } with each event as delivered plus createdAt, newest first', async () => {
    const { p, newestFirst, base } = await aWorkspaceWithEvents();
    const page = await list(p, 'limit=3');
    expect(page.hasMore).toBe(true);
    expect(page.value.map((e) => e.eventId)).toEqual(newestFirst.slice(0, 3));
    expect(page.value[2]).toEqual({
      eventId: newestFirst[2],
      id: 'entity-0',
      type: 'balance_updated',
      api_version: '1.0',
      data: { entityId: 'entity-0', at: base + 20 * 60_000 },
      createdAt: base + 20 * 60_000,
    });
    // No limit (or 0): a page of 50, here all 23.
    for (const query of ['', 'limit=0']) {
      const all = await list(p, query);
      expect(all.value.map((e) => e.eventId)).toEqual(newestFirst);
      expect(all.hasMore).toBe(false);
    }
  });

  it('pages from end to end with startingAfter, and back with endingBefore, with no event twice or missing', async () => {
    const { p, newestFirst } = await aWorkspaceWithEvents();
    const forward: string[] = [];
    let page = await list(p, 'limit=5');
    forward.push(...page.value.map((e) => e.eventId));
    while (page.hasMore) {
      page = await list(p, `limit=5&startingAfter=${forward.at(-1)}`);
      forward.push(...page.value.map((e) => e.eventId));
    }
    expect(forward).toEqual(newestFirst);
    // Back from the oldest: each page is still newest first, and hasMore says whether newer ones remain.
    const backward: string[][] = [];
    let before = forward.at(-1);
    for (;;) {
      page = await list(p, `limit=5&endingBefore=${before}`);
      backward.push(page.value.map((e) => e.eventId));
      if (!page.hasMore) break;
      before = page.value[0]?.eventId;
    }
    expect(backward.reverse().flat()).toEqual(newestFirst.slice(0, -1));
    expect(backward[0]).toEqual(newestFirst.slice(0, 2));
    // Past either end: an empty page, no more.
    expect(await list(p, `startingAfter=${newestFirst.at(-1)}`)).toEqual({ ok: true, value: [], hasMore: false });
    expect(await list(p, `endingBefore=${newestFirst[0]}`)).toEqual({ ok: true, value: [], hasMore: false });
  });

  it('filters by type (one, or repeated for several), entityId and a from/to window in Unix seconds', async () => {
    const { p, newestFirst, base } = await aWorkspaceWithEvents();
    const all = (await list(p, 'limit=100')).value;
    expect(all).toHaveLength(23);
    const ids = (events: Listed[]) => events.map((e) => e.eventId);
    const where = (keep: (e: Listed) => boolean) => ids(all.filter(keep));

    expect(ids((await list(p, 'type=deposit_completed')).value)).toEqual(where((e) => e.type === 'deposit_completed'));
    const two = await list(p, 'type=deposit_completed&type=balance_updated&limit=4');
    expect(ids(two.value)).toEqual(where((e) => e.type !== 'order_status_updated').slice(0, 4));
    expect(two.hasMore).toBe(true);
    const rest = await list(p, `type=deposit_completed&type=balance_updated&startingAfter=${two.value[3]?.eventId}`);
    expect([...ids(two.value), ...ids(rest.value)]).toEqual(where((e) => e.type !== 'order_status_updated'));

    expect(ids((await list(p, 'entityId=entity-1')).value)).toEqual(where((e) => e.id === 'entity-1'));
    expect((await list(p, 'entityId=nobody')).value).toEqual([]);

    // Minutes 5 to 9 after base, both ends inclusive to the second.
    const from = Math.floor((base + 5 * 60_000) / 1000);
    const to = Math.floor((base + 9 * 60_000) / 1000);
    const window = (await list(p, `from=${from}&to=${to}`)).value;
    expect(ids(window)).toEqual(where((e) => e.createdAt >= from * 1000 && e.createdAt < (to + 1) * 1000));
    expect(window).toHaveLength(5);
    expect(ids((await list(p, `from=${from}&to=${to}&type=balance_updated&entityId=entity-0`)).value)).toEqual(
      where(
        (e) =>
          e.createdAt >= from * 1000 &&
          e.createdAt < (to + 1) * 1000 &&
          e.type === 'balance_updated' &&
          e.id === 'entity-0',
      ),
    );
    expect(newestFirst).toHaveLength(23);
  });

  it.each([
    ['an unknown type, named', 'type=order_status_updated&type=nonsense&type=also_not', 'nonsense, also_not'],
    ['a limit over 100', 'limit=101', 'limit'],
    ['a negative limit', 'limit=-1', 'limit'],
    ['a cursor that is not an event id', 'startingAfter=abc', 'startingAfter'],
    ['an event id no event has', `endingBefore=${randomUUID()}`, 'endingBefore'],
    ['both cursors', `startingAfter=${randomUUID()}&endingBefore=${randomUUID()}`, 'not both'],
    ['from after to', 'from=200&to=100', 'from'],
    ['from in milliseconds as text', 'from=soon', 'from'],
    ['an unknown parameter', 'status=Success', 'status'],
  ])('refuses %s: 400 ValidationError in the read shape', async (_, query, named) => {
    const p = await aPartner(t.app);
    const response = await get(p, `/v1/events?${query}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ ok: false, error: 'ValidationError', message: expect.any(String) });
    expect(response.json().message).toContain(named);
  });

  it("another workspace's event is no cursor here (400), and its events are never listed", async () => {
    const { newestFirst } = await aWorkspaceWithEvents();
    const other = await aPartner(t.app);
    expect((await list(other, '')).value).toEqual([]);
    const response = await get(other, `/v1/events?startingAfter=${newestFirst[0]}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('startingAfter');
  });
});

describe('GET /v1/events/{eventId}', () => {
  it("reads one event; an unknown id is 404 ExistenceError, another workspace's 401 AuthorizationError", async () => {
    const { p, newestFirst } = await aWorkspaceWithEvents();
    const [listed] = (await list(p, 'limit=1')).value;
    const read = await get(p, `/v1/events/${newestFirst[0]}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ ok: true, value: listed });
    for (const unknown of [randomUUID(), 'not-an-event-id']) {
      const missing = await get(p, `/v1/events/${unknown}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ ok: false, error: 'ExistenceError', message: expect.any(String) });
    }
    const other = await aPartner(t.app);
    const refused = await get(other, `/v1/events/${newestFirst[0]}`);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ ok: false, error: 'AuthorizationError' });
  });
});

describe('EVENT_RETENTION_DAYS', () => {
  it('an event older than the horizon (default 30 days) is not listed, not read, not re-sent and no cursor', async () => {
    const p = await aPartner(t.app);
    const now = clock.nowMs();
    const old = await record(p, 'balance_updated', 'old', now - 30 * dayMs - 60_000);
    const kept = await record(p, 'balance_updated', 'kept', now - 30 * dayMs + 60_000);
    expect((await list(p, '')).value.map((e) => e.eventId)).toEqual([kept]);
    expect((await get(p, `/v1/events/${old}`)).statusCode).toBe(404);
    expect((await get(p, `/v1/events/${kept}`)).statusCode).toBe(200);
    expect((await get(p, `/v1/events?startingAfter=${old}`)).statusCode).toBe(400);
    const resend = await t.app.inject({
      method: 'POST',
      url: `/v1/events/${old}/resend`,
      headers: p.headers,
      payload: {},
    });
    expect(resend.statusCode).toBe(404);
    expect(resend.json()).toMatchObject({ success: false, error: 'ExistenceError' });
  });

  it('the horizon moves with the clock and follows the setting', async () => {
    const shortClock = new TestClock();
    const short = await buildTestApp({ clock: shortClock, env: { EVENT_RETENTION_DAYS: '2' } });
    const p = await aPartner(short.app);
    await recordEvent(short.ctx.db, {
      workspaceId: p.credentials.workspaceId,
      type: 'balance_updated',
      eventId: 'moving',
      data: {},
      occurredAtMs: shortClock.nowMs(),
    });
    const read = (headers: Partner['headers']) =>
      short.app.inject({ method: 'GET', url: '/v1/events', headers }).then((r) => r.json().value.length);
    expect(await read(p.headers)).toBe(1);
    shortClock.advance(2 * dayMs - 60_000);
    expect(await read({ authorization: `Bearer ${await aToken(short.app, p.credentials)}` })).toBe(1);
    shortClock.advance(120_000);
    expect(await read({ authorization: `Bearer ${await aToken(short.app, p.credentials)}` })).toBe(0);
    await short.app.close();
  });
});
