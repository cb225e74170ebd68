import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../src/limits.js';
import { adminHeaders, aPartner, configureWorkspace, type Partner } from '../support/builders.js';
import { buildTestApp, type TestApp, testDb } from '../support/harness.js';
import { expectRefusal } from '../support/keyed-writes.js';
import { pngBytes } from '../support/kyc-flow.js';

// Goal: conversations as a partner drives them (spec: Conversations; Idempotent writes) and as the brokerage answers
// them (operator API, stage simulation): the single read with its required endUserEmail, the list, the three
// mutations under a required Idempotency-Key, attachments told by their bytes and read back unchanged, and
// conversation_message_added for every message of either side. Method: each test uses its own workspace.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const key = () => `c-${randomUUID()}`;
const b64 = (bytes: Buffer) => bytes.toString('base64');

type Body = Record<string, unknown>;

/** A mutation with a fresh key, the given one, or none (`null`). */
const post = (p: Partner, url: string, payload: Body | undefined, idempotencyKey: string | null = key()) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...p.headers, ...(idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey }) },
    ...(payload === undefined ? {} : { payload }),
  });
const get = (p: Partner, url: string) => t.app.inject({ method: 'GET', url, headers: p.headers });

const opening = (endUserEmail = 'ana@example.com'): Body => ({
  endUserEmail,
  subject: 'Source of funds for order PRE123',
  message: 'Our customer asks why the order is held.',
});

async function anOpenConversation(p: Partner, body: Body = opening()) {
  const opened = await post(p, '/v1/conversations', body);
  expect(opened.statusCode, opened.body).toBe(201);
  return opened.json().value;
}

const read = (p: Partner, id: string, email = 'ana@example.com') =>
  get(p, `/v1/conversations/${id}?endUserEmail=${encodeURIComponent(email)}`);

async function eventsOf(conversationId: string) {
  const db = await testDb();
  const rows = await db.query<{ data: Record<string, unknown> }>(
    `select data from outbox_events where event_id = $1 and type = 'conversation_message_added' order by id`,
    [conversationId],
  );
  return rows.map((r) => r.data);
}

const readRefusal = (response: { statusCode: number; json: () => unknown }, status: number, error: string) => {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ ok: false, error, message: expect.any(String) });
};

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
      message: /message must match/,
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

describe('attachments', () => {
  it('stores JPEG, PNG and PDF files told by their bytes and answers each back unchanged', async () => {
    const p = await aPartner(t.app);
    const { conversationId } = await anOpenConversation(p);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    const added = await post(p, `/v1/conversations/${conversationId}/messages`, {
      endUserEmail: 'ana@example.com',
      message: 'Passport and bank statement attached.',
      attachments: [
        // The name claims a PDF; the bytes are a PNG, and the bytes decide.
        { fileName: 'passport.pdf', content: b64(pngBytes) },
        { content: b64(pdfBytes) },
        { fileName: 'señal.jpg', content: b64(jpeg) },
      ],
    });
    expect(added.statusCode, added.body).toBe(201);
    const message = added.json().value;
    expect(message.attachments).toEqual([
      {
        number: 1,
        fileName: 'passport.pdf',
        contentType: 'image/png',
        sizeBytes: pngBytes.length,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
      { number: 2, contentType: 'application/pdf', sizeBytes: pdfBytes.length, sha256: expect.any(String) },
      {
        number: 3,
        fileName: 'señal.jpg',
        contentType: 'image/jpeg',
        sizeBytes: jpeg.length,
        sha256: expect.any(String),
      },
    ]);
    const base = `/v1/conversations/${conversationId}/messages/${message.messageId}/attachments`;
    const email = 'endUserEmail=ana%40example.com';
    for (const [n, bytes, type] of [
      [1, pngBytes, 'image/png'],
      [2, pdfBytes, 'application/pdf'],
      [3, jpeg, 'image/jpeg'],
    ] as const) {
      const file = await get(p, `${base}/${n}?${email}`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(type);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="/);
      expect(file.rawPayload.equals(bytes)).toBe(true);
    }
    expect((await get(p, `${base}/3?${email}`)).headers['content-disposition']).toBe(
      `attachment; filename="se_al.jpg"; filename*=UTF-8''se%C3%B1al.jpg`,
    );
    readRefusal(await get(p, `${base}/2`), 400, 'ValidationError');
    readRefusal(await get(p, `${base}/2?endUserEmail=bruno%40example.com`), 404, 'ExistenceError');
    readRefusal(await get(p, `${base}/4?${email}`), 400, 'ValidationError');
    const first = (await read(p, conversationId)).json().value.messages[0].messageId;
    readRefusal(
      await get(p, `/v1/conversations/${conversationId}/messages/${first}/attachments/1?${email}`),
      404,
      'ExistenceError',
    );
    readRefusal(
      await get(p, `/v1/conversations/${conversationId}/messages/${randomUUID()}/attachments/1?${email}`),
      404,
      'ExistenceError',
    );
    expect((await eventsOf(conversationId)).at(-1)).toMatchObject({ attachments: 3, author: 'partner' });
  });

  it.each([
    ['a GIF', [{ content: b64(Buffer.from('GIF89a-----')) }], /attachments\[0\]\.content must be a JPEG, PNG or PDF/],
    ['text that is not base64', [{ content: 'not base64!' }], /attachments\[0\]\.content must be base64/],
    ['unpadded base64', [{ content: 'iVBORw0KGgo' }], /must be base64/],
    ['an empty file', [{ content: b64(pngBytes) }, { content: '' }], /attachments\/1\/content|attachments\[1\]/],
    ['four files', Array.from({ length: 4 }, () => ({ content: b64(pngBytes) })), /attachments.*(3|more)/],
  ])('refuses %s with 400 naming the attachment, and stores nothing', async (_name, attachments, message) => {
    const p = await aPartner(t.app);
    const { conversationId } = await anOpenConversation(p);
    const response = await post(p, `/v1/conversations/${conversationId}/messages`, {
      endUserEmail: 'ana@example.com',
      message: 'files',
      attachments,
    });
    expectRefusal(response, { status: 400, error: 'ValidationError', message });
    expect((await read(p, conversationId)).json().value.messageCount).toBe(1);
  });

  it('takes a file of exactly 5 MB and refuses one byte more', async () => {
    const p = await aPartner(t.app);
    const max = limits.conversationAttachmentMaxBytes;
    const ofSize = (size: number) => Buffer.concat([pngBytes, Buffer.alloc(size - pngBytes.length)]);
    const opened = await post(p, '/v1/conversations', {
      ...opening(),
      attachments: [{ fileName: 'scan.png', content: b64(ofSize(max)) }],
    });
    expect(opened.statusCode, opened.body.slice(0, 300)).toBe(201);
    expect(opened.json().value.messages[0].attachments[0].sizeBytes).toBe(max);
    const tooLarge = await post(p, '/v1/conversations', {
      ...opening(),
      attachments: [{ content: b64(ofSize(max + 1)) }],
    });
    expectRefusal(tooLarge, { status: 400, error: 'ValidationError', message: /5242880|maxLength|characters/ });
  });
});

describe('the brokerage side', () => {
  it('the stage simulator replies as the brokerage; the event names the author', async () => {
    const p = await aPartner(t.app);
    const { conversationId } = await anOpenConversation(p);
    const reply = await post(p, `/v1/simulate/conversations/${conversationId}/reply`, { message: 'Please send ID.' });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({ conversationId, author: 'brokerage', message: 'Please send ID.' });
    const value = (await read(p, conversationId)).json().value;
    expect(value).toMatchObject({ messageCount: 2, lastMessageBy: 'brokerage' });
    expect((await eventsOf(conversationId)).map((e) => e.author)).toEqual(['partner', 'brokerage']);

    const other = await aPartner(t.app);
    const foreign = await post(other, `/v1/simulate/conversations/${conversationId}/reply`, { message: 'x' });
    expectRefusal(foreign, { status: 401, error: 'AuthorizationError', message: /outside this workspace/ });
    const unknown = await post(p, `/v1/simulate/conversations/${randomUUID()}/reply`, { message: 'x' });
    expectRefusal(unknown, { status: 404, error: 'ExistenceError', message: /does not exist/ });
    await post(p, `/v1/conversations/${conversationId}/close`, { endUserEmail: 'ana@example.com' });
    const closed = await post(p, `/v1/simulate/conversations/${conversationId}/reply`, { message: 'late' });
    expectRefusal(closed, { status: 409, error: 'StateError', message: /CLOSED/ });
    await configureWorkspace(t.app, p.credentials.workspaceId, { simulation: false });
    const off = await post(p, `/v1/simulate/conversations/${conversationId}/reply`, { message: 'x' });
    expectRefusal(off, { status: 403, error: 'AllowanceError', message: /simulation is off/ });
  });

  it('operators open a conversation about an end user, reply with a file, list every workspace and close', async () => {
    const p = await aPartner(t.app);
    const admin = (method: 'GET' | 'POST', url: string, payload?: Body) =>
      t.app.inject({ method, url, headers: adminHeaders, ...(payload ? { payload } : {}) });
    const workspaceId = p.credentials.workspaceId;
    const opened = await admin('POST', '/admin/v1/conversations', {
      workspaceId,
      endUserEmail: 'carla@example.com',
      subject: 'Proof of address',
      message: 'Please ask Carla for a recent utility bill.',
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const conversation = opened.json();
    expect(conversation).toMatchObject({ workspaceId, openedBy: 'brokerage', lastMessageBy: 'brokerage' });
    const { conversationId } = conversation;
    const seen = (await read(p, conversationId, 'carla@example.com')).json().value;
    expect(seen).toMatchObject({ openedBy: 'brokerage', messages: [{ author: 'brokerage' }] });

    const answered = await post(p, `/v1/conversations/${conversationId}/messages`, {
      endUserEmail: 'carla@example.com',
      message: 'Attached.',
      attachments: [{ fileName: 'bill.pdf', content: b64(pdfBytes) }],
    });
    const { messageId } = answered.json().value;
    const file = await admin('GET', `/admin/v1/conversations/${conversationId}/messages/${messageId}/attachments/1`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdfBytes)).toBe(true);

    const reply = await admin('POST', `/admin/v1/conversations/${conversationId}/messages`, {
      message: 'Thank you, cleared.',
      attachments: [{ fileName: 'receipt.png', content: b64(pngBytes) }],
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toMatchObject({ author: 'brokerage', attachments: [{ number: 1, contentType: 'image/png' }] });
    expect((await eventsOf(conversationId)).map((e) => e.author)).toEqual(['brokerage', 'partner', 'brokerage']);

    const listed = await admin('GET', `/admin/v1/conversations?workspaceId=${workspaceId}`);
    expect(listed.json()).toEqual([expect.objectContaining({ workspaceId, conversationId, messageCount: 3 })]);
    const shown = await admin('GET', `/admin/v1/conversations/${conversationId}`);
    expect(shown.json().messages.map((m: { author: string }) => m.author)).toEqual([
      'brokerage',
      'partner',
      'brokerage',
    ]);
    const closed = await admin('POST', `/admin/v1/conversations/${conversationId}/close`);
    expect(closed.json()).toMatchObject({ workspaceId, status: 'CLOSED', closedBy: 'brokerage' });
    expect((await admin('POST', `/admin/v1/conversations/${conversationId}/close`)).statusCode).toBe(409);
    expect(
      (await admin('POST', `/admin/v1/conversations/${conversationId}/messages`, { message: 'x' })).statusCode,
    ).toBe(409);

    const nowhere = await admin('POST', '/admin/v1/conversations', {
      workspaceId: randomUUID(),
      endUserEmail: 'carla@example.com',
      subject: 's',
      message: 'm',
    });
    expect(nowhere.statusCode).toBe(404);
    expect((await admin('GET', `/admin/v1/conversations/${randomUUID()}`)).statusCode).toBe(404);
    const noToken = await t.app.inject({ method: 'GET', url: '/admin/v1/conversations' });
    expect(noToken.statusCode).toBe(401);
  });
});
