import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../src/limits.js';
import { aPartner } from '../support/builders.js';
import { conversationsApi } from '../support/conversations.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { expectRefusal } from '../support/keyed-writes.js';

// Goal: conversations as a partner drives them (spec: Conversations; Idempotent writes) and as the brokerage answers
// them (operator API, stage simulation): the single read with its required endUserEmail, the list, the three
// mutations under a required Idempotency-Key, attachments told by their bytes and read back unchanged, and
// conversation_message_added for every message of either side. Method: each test uses its own workspace.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

const { key, post, get, opening, anOpenConversation, read, eventsOf, readRefusal } = conversationsApi(() => t.app);

describe('opening and reading a conversation', () => {
  it('opens with a first message, answers 201 enveloped, and reads back the same with endUserEmail', async () => {
    const p = await aPartner(t.app);
    const opened = await post(p, '/v1/conversations', opening('Ana@Example.com'));
    expect(opened.statusCode, opened.body).toBe(201);
    const value = opened.json().value;
    expect(value).toMatchObject({
      conversationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      endUserEmail: 'ana@example.com',
      subject: 'Source of funds for order PRE123',
      status: 'OPEN',
      openedBy: 'partner',
      messageCount: 1,
      lastMessageBy: 'partner',
      messages: [{ author: 'partner', message: 'Our customer asks why the order is held.', attachments: [] }],
    });
    expect(value.closedAt).toBeUndefined();
    expect((await read(p, value.conversationId)).json()).toEqual({ ok: true, value });
    // The end user's email compares without case.
    expect((await read(p, value.conversationId, 'ANA@example.com')).statusCode).toBe(200);
    expect(await eventsOf(value.conversationId)).toEqual([
      {
        conversationId: value.conversationId,
        endUserEmail: 'ana@example.com',
        messageId: value.messages[0].messageId,
        author: 'partner',
        attachments: 0,
        createdAt: value.messages[0].createdAt,
      },
    ]);
  });

  it('the read requires endUserEmail (400 naming it) and must name the end user (404 otherwise)', async () => {
    const p = await aPartner(t.app);
    const { conversationId } = await anOpenConversation(p);
    const missing = await get(p, `/v1/conversations/${conversationId}`);
    readRefusal(missing, 400, 'ValidationError');
    expect(missing.json().message).toMatch(/endUserEmail/);
    readRefusal(await read(p, conversationId, 'bruno@example.com'), 404, 'ExistenceError');
    readRefusal(
      await get(p, `/v1/conversations/${conversationId}?endUserEmail=x%40y.com&extra=1`),
      400,
      'ValidationError',
    );
  });

  it("another workspace's conversation is 401, an unknown one 404, on every route", async () => {
    const owner = await aPartner(t.app);
    const other = await aPartner(t.app);
    const { conversationId, messages } = await anOpenConversation(owner);
    const email = 'endUserEmail=ana%40example.com';
    readRefusal(await read(other, conversationId), 401, 'AuthorizationError');
    readRefusal(
      await get(other, `/v1/conversations/${conversationId}/messages/${messages[0].messageId}/attachments/1?${email}`),
      401,
      'AuthorizationError',
    );
    const message = { endUserEmail: 'ana@example.com', message: 'hello' };
    expectRefusal(await post(other, `/v1/conversations/${conversationId}/messages`, message), {
      status: 401,
      error: 'AuthorizationError',
      message: /outside this workspace/,
    });
    expectRefusal(await post(other, `/v1/conversations/${conversationId}/close`, { endUserEmail: 'ana@example.com' }), {
      status: 401,
      error: 'AuthorizationError',
      message: /outside this workspace/,
    });
    for (const unknown of [randomUUID(), 'not-a-uuid']) {
      readRefusal(await read(owner, unknown), 404, 'ExistenceError');
      expectRefusal(await post(owner, `/v1/conversations/${unknown}/messages`, message), {
        status: 404,
        error: 'ExistenceError',
        message: /does not exist/,
      });
    }
  });

  it('lists newest first without messages, filtered by end user and status, page by page', async () => {
    const p = await aPartner(t.app);
    const first = await anOpenConversation(p, opening('ana@example.com'));
    const second = await anOpenConversation(p, opening('bruno@example.com'));
    const third = await anOpenConversation(p, opening('ana@example.com'));
    await post(p, `/v1/conversations/${third.conversationId}/close`, { endUserEmail: 'ana@example.com' });
    const ids = (response: { json: () => { value: { conversationId: string }[] } }) =>
      response.json().value.map((c) => c.conversationId);
    const all = await get(p, '/v1/conversations');
    expect(all.statusCode).toBe(200);
    expect(ids(all)).toEqual([third.conversationId, second.conversationId, first.conversationId]);
    expect(all.json().value[0].messages).toBeUndefined();
    expect(all.json().value[0]).toMatchObject({ status: 'CLOSED', closedBy: 'partner', messageCount: 1 });
    expect(ids(await get(p, '/v1/conversations?endUserEmail=ana%40example.com'))).toEqual([
      third.conversationId,
      first.conversationId,
    ]);
    expect(ids(await get(p, '/v1/conversations?status=OPEN'))).toEqual([second.conversationId, first.conversationId]);
    expect(ids(await get(p, '/v1/conversations?status=OPEN&status=CLOSED&limit=1&page=1'))).toEqual([
      second.conversationId,
    ]);
    expectRefusal(await post(p, '/v1/conversations', { ...opening(), message: 'a\u0000b' }), {
      status: 400,
      error: 'ValidationError',
      message: /NUL character/,
    });
    readRefusal(await get(p, '/v1/conversations?status=PENDING'), 400, 'ValidationError');
    readRefusal(await get(p, `/v1/conversations?page=${limits.threadListPageMax + 1}`), 400, 'ValidationError');
    readRefusal(await get(p, '/v1/conversations?userEmail=ana%40example.com'), 400, 'ValidationError');
    // Another workspace's list does not show them.
    expect(ids(await get(await aPartner(t.app), '/v1/conversations'))).toEqual([]);
  });
});

describe('the Idempotency-Key of conversation mutations', () => {
  it('is required: absent or malformed is 400 before the body is read, and nothing is created', async () => {
    const p = await aPartner(t.app);
    const absent = await post(p, '/v1/conversations', opening(), null);
    expectRefusal(absent, { status: 400, error: 'ValidationError', message: /Idempotency-Key is required/ });
    // The key's refusal comes before the body's.
    expectRefusal(await post(p, '/v1/conversations', { subject: 1 }, null), {
      status: 400,
      error: 'ValidationError',
      message: /Idempotency-Key is required/,
    });
    for (const malformed of ['-starts-with-dash', 'has space', 'x'.repeat(129)]) {
      expectRefusal(await post(p, '/v1/conversations', opening(), malformed), {
        status: 400,
        error: 'ValidationError',
        message: /Idempotency-Key must be/,
      });
    }
    const { conversationId } = await anOpenConversation(p);
    for (const path of ['messages', 'close']) {
      expectRefusal(await post(p, `/v1/conversations/${conversationId}/${path}`, opening(), null), {
        status: 400,
        error: 'ValidationError',
        message: /Idempotency-Key is required/,
      });
    }
    expect((await get(p, '/v1/conversations')).json().value).toHaveLength(1);
  });

  it('replays the original answer for the same key and payload: one conversation, one message, one event', async () => {
    const p = await aPartner(t.app);
    const k = key();
    const first = await post(p, '/v1/conversations', opening(), k);
    const again = await post(p, '/v1/conversations', { ...opening() }, k);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await get(p, '/v1/conversations')).json().value).toHaveLength(1);

    const { conversationId } = first.json().value;
    const messageKey = key();
    const body = { endUserEmail: 'ana@example.com', message: 'Here is the invoice.' };
    const added = await post(p, `/v1/conversations/${conversationId}/messages`, body, messageKey);
    const replayed = await post(p, `/v1/conversations/${conversationId}/messages`, body, messageKey);
    expect(replayed.body).toBe(added.body);
    expect((await read(p, conversationId)).json().value.messageCount).toBe(2);
    expect(await eventsOf(conversationId)).toHaveLength(2);
  });

  it('is 409 with another payload, on another endpoint, or on another conversation', async () => {
    const p = await aPartner(t.app);
    const k = key();
    const { conversationId } = (await post(p, '/v1/conversations', opening(), k)).json().value;
    expectRefusal(await post(p, '/v1/conversations', { ...opening(), subject: 'Another' }, k), {
      status: 409,
      error: 'DuplicityError',
      message: /different payload/,
    });
    const message = { endUserEmail: 'ana@example.com', message: 'hello' };
    expectRefusal(await post(p, `/v1/conversations/${conversationId}/messages`, message, k), {
      status: 409,
      error: 'DuplicityError',
      message: /used on POST \/v1\/conversations;/,
    });
    const messageKey = key();
    await post(p, `/v1/conversations/${conversationId}/messages`, message, messageKey);
    const other = await anOpenConversation(p);
    expectRefusal(await post(p, `/v1/conversations/${other.conversationId}/messages`, message, messageKey), {
      status: 409,
      error: 'DuplicityError',
      message: new RegExp(`used on POST /v1/conversations/${conversationId}/messages`),
    });
    expect((await read(p, other.conversationId)).json().value.messageCount).toBe(1);
  });

  it('a key whose write was refused in execution stays consumed (409); the close replays its answer', async () => {
    const p = await aPartner(t.app);
    const { conversationId } = await anOpenConversation(p);
    const closeKey = key();
    const close = { endUserEmail: 'ana@example.com' };
    const closed = await post(p, `/v1/conversations/${conversationId}/close`, close, closeKey);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().value).toMatchObject({ status: 'CLOSED', closedBy: 'partner', closedAt: expect.any(Number) });
    expect((await post(p, `/v1/conversations/${conversationId}/close`, close, closeKey)).body).toBe(closed.body);
    expectRefusal(await post(p, `/v1/conversations/${conversationId}/close`, close), {
      status: 409,
      error: 'StateError',
      message: /CLOSED already/,
    });
    const refusedKey = key();
    const message = { endUserEmail: 'ana@example.com', message: 'one more thing' };
    const refusal = { status: 409, error: 'StateError', message: /takes no more messages/ };
    expectRefusal(await post(p, `/v1/conversations/${conversationId}/messages`, message, refusedKey), refusal);
    expectRefusal(await post(p, `/v1/conversations/${conversationId}/messages`, message, refusedKey), {
      status: 409,
      error: 'DuplicityError',
      message: /failed during execution/,
    });
  });
});
