import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, aPartner, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp, testDb } from '../support/harness.js';
import { expectRefusal } from '../support/keyed-writes.js';
import { destinations, fundedPartner, sepaToPixOrder } from '../support/orders.js';

// Goal: support tickets as a partner files them and as the brokerage's support answers them (operator API, stage
// simulation): the payment a ticket names is checked like every foreign id (404 unknown, 401 another workspace's),
// statuses move as src/domain/states/support-ticket-status.ts says, and support_ticket_created,
// support_ticket_updated (every status change) and support_ticket_message_added (either side) are recorded with
// each change. Method: each test uses its own workspace; events are read from the outbox.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0' } });
});

type Body = Record<string, unknown>;

const post = (p: Partner, url: string, payload?: Body, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...p.headers, ...headers }, ...(payload ? { payload } : {}) });
const get = (p: Partner, url: string) => t.app.inject({ method: 'GET', url, headers: p.headers });
const admin = (method: 'GET' | 'POST', url: string, payload?: Body) =>
  t.app.inject({ method, url, headers: adminHeaders, ...(payload ? { payload } : {}) });

const filing: Body = {
  subject: 'Payout not received',
  description: 'The beneficiary says nothing arrived.',
  category: 'PAYMENT',
};

async function aTicket(p: Partner, body: Body = filing) {
  const created = await post(p, '/v1/support-tickets', body);
  expect(created.statusCode, created.body).toBe(201);
  return created.json().value;
}

const status = async (p: Partner, id: string) => (await get(p, `/v1/support-tickets/${id}`)).json().value.status;

async function eventsOf(ticketId: string) {
  const db = await testDb();
  return db.query<{ type: string; data: Record<string, unknown> }>(
    'select type, data from outbox_events where event_id = $1 order by id',
    [ticketId],
  );
}

const readRefusal = (response: { statusCode: number; json: () => unknown }, code: number, error: string) => {
  expect(response.statusCode).toBe(code);
  expect(response.json()).toEqual({ ok: false, error, message: expect.any(String) });
};

describe('filing a ticket', () => {
  it('opens OPEN, answers 201 enveloped, reads back the same, and fires support_ticket_created', async () => {
    const p = await aPartner(t.app);
    const ticket = await aTicket(p);
    expect(ticket).toMatchObject({
      ticketId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ...filing,
      status: 'OPEN',
      messageCount: 0,
      messages: [],
    });
    expect(ticket.entityType).toBeUndefined();
    expect((await get(p, `/v1/support-tickets/${ticket.ticketId}`)).json()).toEqual({ ok: true, value: ticket });
    expect(await eventsOf(ticket.ticketId)).toEqual([
      {
        type: 'support_ticket_created',
        data: {
          ticketId: ticket.ticketId,
          status: 'OPEN',
          subject: filing.subject,
          category: 'PAYMENT',
          createdAt: ticket.createdAt,
        },
      },
    ]);
  });

  it('names an order, a deposit or a withdrawal of the workspace; another workspace’s is 401, an unknown one 404', async () => {
    const p = await fundedPartner(t, 100);
    const { order } = await sepaToPixOrder(t, p);
    const [deposit] = (await get(p, '/v1/deposits')).json();
    const withdrawal = (
      await post(p, '/v1/withdrawals', { currency: 'EUR', amount: 10, destinationTransferData: destinations.SEPA })
    ).json();
    const entities = [
      ['order', order.orderId],
      ['deposit', deposit.depositId],
      ['withdrawal', withdrawal.withdrawalId],
    ] as const;
    for (const [entityType, entityId] of entities) {
      const ticket = await aTicket(p, { ...filing, entityType, entityId });
      expect(ticket).toMatchObject({ entityType, entityId });
      expect((await eventsOf(ticket.ticketId))[0]?.data).toMatchObject({ entityType, entityId });
    }
    const stranger = await aPartner(t.app);
    for (const [entityType, entityId] of entities) {
      expectRefusal(await post(stranger, '/v1/support-tickets', { ...filing, entityType, entityId }), {
        status: 401,
        error: 'AuthorizationError',
        message: /outside this workspace/,
      });
    }
    for (const [entityType, entityId] of [
      ['order', 'PRE000000000000'],
      ['deposit', 'PRE000000000000'],
      ['withdrawal', randomUUID()],
      ['withdrawal', 'not-a-uuid'],
    ]) {
      expectRefusal(await post(p, '/v1/support-tickets', { ...filing, entityType, entityId }), {
        status: 404,
        error: 'ExistenceError',
        message: /does not exist/,
      });
    }
    expect((await get(stranger, '/v1/support-tickets')).json().value).toEqual([]);
  });

  it.each([
    ['entityType without entityId', { entityType: 'order' }, /entityType and entityId go together/],
    ['entityId without entityType', { entityId: 'PRE1' }, /entityType and entityId go together/],
    ['an unknown category', { category: 'BILLING' }, /category must be one of/],
    ['an unknown entity type', { entityType: 'quote', entityId: 'x' }, /entityType must be one of/],
    ['an unknown field', { priority: 'high' }, /priority is not a recognised field/],
    ['an empty subject', { subject: '' }, /subject/],
    ['a NUL character, which a text column cannot store', { description: 'a\u0000b' }, /description must match/],
  ])('refuses %s with 400', async (_name, change, message) => {
    const p = await aPartner(t.app);
    expectRefusal(await post(p, '/v1/support-tickets', { ...filing, ...change }), {
      status: 400,
      error: 'ValidationError',
      message,
    });
    expect((await get(p, '/v1/support-tickets')).json().value).toEqual([]);
  });

  it('takes an optional Idempotency-Key: a replay answers the original, another payload is 409', async () => {
    const p = await aPartner(t.app);
    const key = { 'idempotency-key': `t-${randomUUID()}` };
    const first = await post(p, '/v1/support-tickets', filing, key);
    const again = await post(p, '/v1/support-tickets', filing, key);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expectRefusal(await post(p, '/v1/support-tickets', { ...filing, subject: 'other' }, key), {
      status: 409,
      error: 'DuplicityError',
      message: /different payload/,
    });
    expectRefusal(await post(p, '/v1/support-tickets', filing, { 'idempotency-key': 'bad key' }), {
      status: 400,
      error: 'ValidationError',
      message: /Idempotency-Key must be/,
    });
    expect((await get(p, '/v1/support-tickets')).json().value).toHaveLength(1);
    // A bodyless write takes a key too: the close replays its answer.
    const { ticketId } = first.json().value;
    const closeKey = { 'idempotency-key': `t-${randomUUID()}` };
    const closed = await post(p, `/v1/support-tickets/${ticketId}/close`, undefined, closeKey);
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await post(p, `/v1/support-tickets/${ticketId}/close`, undefined, closeKey)).body).toBe(closed.body);
  });

  it('lists newest first without messages, by status, page by page; unknown filters are 400', async () => {
    const p = await aPartner(t.app);
    const first = await aTicket(p);
    const second = await aTicket(p);
    const third = await aTicket(p);
    await post(p, `/v1/support-tickets/${second.ticketId}/close`);
    const ids = async (query: string) =>
      (await get(p, `/v1/support-tickets${query}`)).json().value.map((x: { ticketId: string }) => x.ticketId);
    expect(await ids('')).toEqual([third.ticketId, second.ticketId, first.ticketId]);
    expect(await ids('?status=OPEN')).toEqual([third.ticketId, first.ticketId]);
    expect(await ids('?status=CLOSED&status=RESOLVED')).toEqual([second.ticketId]);
    expect(await ids('?limit=1&page=2')).toEqual([first.ticketId]);
    expect((await get(p, '/v1/support-tickets')).json().value[0].messages).toBeUndefined();
    readRefusal(await get(p, '/v1/support-tickets?status=DONE'), 400, 'ValidationError');
    readRefusal(await get(p, '/v1/support-tickets?currency=EUR'), 400, 'ValidationError');
  });
});

describe('a ticket between the partner and support', () => {
  it('support asks, the partner answers, support resolves, the partner reopens, then closes: every move an event', async () => {
    const p = await aPartner(t.app);
    const { ticketId } = await aTicket(p);

    const asked = await post(p, `/v1/simulate/support-tickets/${ticketId}/reply`, {
      message: 'Which beneficiary bank?',
      status: 'WAITING_ON_PARTNER',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ ticketId, author: 'brokerage', message: 'Which beneficiary bank?' });
    expect(await status(p, ticketId)).toBe('WAITING_ON_PARTNER');

    const answered = await post(p, `/v1/support-tickets/${ticketId}/messages`, { message: 'Banco do Brasil.' });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json().value).toMatchObject({ ticketId, author: 'partner', message: 'Banco do Brasil.' });
    expect(await status(p, ticketId)).toBe('IN_PROGRESS');

    const resolved = await admin('POST', `/admin/v1/support-tickets/${ticketId}/status`, { status: 'RESOLVED' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ workspaceId: p.credentials.workspaceId, status: 'RESOLVED' });
    // The same status again is no change, and no event.
    expect(
      (await admin('POST', `/admin/v1/support-tickets/${ticketId}/status`, { status: 'RESOLVED' })).statusCode,
    ).toBe(200);

    await post(p, `/v1/support-tickets/${ticketId}/messages`, { message: 'Still nothing arrived.' });
    expect(await status(p, ticketId)).toBe('IN_PROGRESS');

    const closed = await post(p, `/v1/support-tickets/${ticketId}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().value).toMatchObject({ status: 'CLOSED', closedAt: expect.any(Number), messageCount: 3 });
    expect(closed.json().value.messages.map((m: { author: string }) => m.author)).toEqual([
      'brokerage',
      'partner',
      'partner',
    ]);

    const events = await eventsOf(ticketId);
    expect(events.map((e) => [e.type, e.data.status])).toEqual([
      ['support_ticket_created', 'OPEN'],
      ['support_ticket_message_added', 'WAITING_ON_PARTNER'],
      ['support_ticket_updated', 'WAITING_ON_PARTNER'],
      ['support_ticket_message_added', 'IN_PROGRESS'],
      ['support_ticket_updated', 'IN_PROGRESS'],
      ['support_ticket_updated', 'RESOLVED'],
      ['support_ticket_message_added', 'IN_PROGRESS'],
      ['support_ticket_updated', 'IN_PROGRESS'],
      ['support_ticket_updated', 'CLOSED'],
    ]);
    const messages = events.filter((e) => e.type === 'support_ticket_message_added');
    expect(messages.map((e) => e.data.author)).toEqual(['brokerage', 'partner', 'partner']);
    for (const e of messages) expect(e.data).toMatchObject({ ticketId, messageId: expect.any(String) });
    expect(events.find((e) => e.type === 'support_ticket_updated')?.data).toEqual({
      ticketId,
      status: 'WAITING_ON_PARTNER',
      previousStatus: 'OPEN',
      changedBy: 'brokerage',
      updatedAt: expect.any(Number),
    });
  });

  it('a closed ticket refuses messages, replies, status changes and a second close (409), writing nothing', async () => {
    const p = await aPartner(t.app);
    const { ticketId } = await aTicket(p);
    await post(p, `/v1/support-tickets/${ticketId}/close`);
    const refusal = { status: 409, error: 'StateError', message: /CLOSED/ };
    expectRefusal(await post(p, `/v1/support-tickets/${ticketId}/messages`, { message: 'hello?' }), refusal);
    expectRefusal(await post(p, `/v1/support-tickets/${ticketId}/close`), refusal);
    expectRefusal(await post(p, `/v1/simulate/support-tickets/${ticketId}/reply`, { message: 'x' }), refusal);
    expect((await admin('POST', `/admin/v1/support-tickets/${ticketId}/messages`, { message: 'x' })).statusCode).toBe(
      409,
    );
    readRefusal(
      await admin('POST', `/admin/v1/support-tickets/${ticketId}/status`, { status: 'IN_PROGRESS' }),
      409,
      'StateError',
    );
    expect((await get(p, `/v1/support-tickets/${ticketId}`)).json().value.messageCount).toBe(0);
    expect((await eventsOf(ticketId)).map((e) => e.type)).toEqual(['support_ticket_created', 'support_ticket_updated']);
  });

  it('support cannot move a ticket back to OPEN, nor a resolved one to WAITING_ON_PARTNER; a refused reply writes nothing', async () => {
    const p = await aPartner(t.app);
    const { ticketId } = await aTicket(p);
    await admin('POST', `/admin/v1/support-tickets/${ticketId}/status`, { status: 'RESOLVED' });
    const back = await admin('POST', `/admin/v1/support-tickets/${ticketId}/status`, { status: 'OPEN' });
    readRefusal(back, 409, 'StateError');
    expect(back.json().message).toMatch(/RESOLVED: it can move to IN_PROGRESS, CLOSED, not OPEN/);
    const reply = await post(p, `/v1/simulate/support-tickets/${ticketId}/reply`, {
      message: 'one more question',
      status: 'WAITING_ON_PARTNER',
    });
    expectRefusal(reply, { status: 409, error: 'StateError', message: /not WAITING_ON_PARTNER/ });
    expect((await get(p, `/v1/support-tickets/${ticketId}`)).json().value).toMatchObject({
      status: 'RESOLVED',
      messageCount: 0,
    });
  });

  it("another workspace's ticket is 401 and an unknown one 404, on every partner route", async () => {
    const owner = await aPartner(t.app);
    const stranger = await aPartner(t.app);
    const { ticketId } = await aTicket(owner);
    readRefusal(await get(stranger, `/v1/support-tickets/${ticketId}`), 401, 'AuthorizationError');
    const foreign = { status: 401, error: 'AuthorizationError', message: /outside this workspace/ };
    expectRefusal(await post(stranger, `/v1/support-tickets/${ticketId}/messages`, { message: 'x' }), foreign);
    expectRefusal(await post(stranger, `/v1/support-tickets/${ticketId}/close`), foreign);
    expectRefusal(await post(stranger, `/v1/simulate/support-tickets/${ticketId}/reply`, { message: 'x' }), foreign);
    for (const unknown of [randomUUID(), 'nope']) {
      readRefusal(await get(owner, `/v1/support-tickets/${unknown}`), 404, 'ExistenceError');
      expectRefusal(await post(owner, `/v1/support-tickets/${unknown}/close`), {
        status: 404,
        error: 'ExistenceError',
        message: /does not exist/,
      });
    }
    expect(await status(owner, ticketId)).toBe('OPEN');
  });

  it("operators list every workspace's tickets, by workspace and status, and read one with its messages", async () => {
    const a = await aPartner(t.app);
    const b = await aPartner(t.app);
    const ta = await aTicket(a);
    const tb = await aTicket(b, { ...filing, category: 'TECHNICAL' });
    await admin('POST', `/admin/v1/support-tickets/${tb.ticketId}/messages`, {
      message: 'Looking into it.',
      status: 'IN_PROGRESS',
    });
    const all = (await admin('GET', '/admin/v1/support-tickets?limit=500')).json();
    const ids = all.map((x: { ticketId: string }) => x.ticketId);
    expect(ids).toEqual(expect.arrayContaining([ta.ticketId, tb.ticketId]));
    expect(ids.indexOf(tb.ticketId)).toBeLessThan(ids.indexOf(ta.ticketId));
    expect((await admin('GET', `/admin/v1/support-tickets?workspaceId=${a.credentials.workspaceId}`)).json()).toEqual([
      expect.objectContaining({ ticketId: ta.ticketId, workspaceId: a.credentials.workspaceId }),
    ]);
    const inProgress = (await admin('GET', '/admin/v1/support-tickets?status=IN_PROGRESS&limit=500')).json();
    expect(inProgress.map((x: { ticketId: string }) => x.ticketId)).toContain(tb.ticketId);
    expect(inProgress.map((x: { ticketId: string }) => x.ticketId)).not.toContain(ta.ticketId);
    const shown = (await admin('GET', `/admin/v1/support-tickets/${tb.ticketId}`)).json();
    expect(shown).toMatchObject({
      workspaceId: b.credentials.workspaceId,
      category: 'TECHNICAL',
      status: 'IN_PROGRESS',
      messages: [{ author: 'brokerage', message: 'Looking into it.' }],
    });
    expect((await admin('GET', `/admin/v1/support-tickets/${randomUUID()}`)).statusCode).toBe(404);
    expect(
      (await admin('POST', `/admin/v1/support-tickets/${ta.ticketId}/status`, { status: 'LOST' })).statusCode,
    ).toBe(400);
  });
});
