import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../src/limits.js';
import { adminHeaders, aPartner, configureWorkspace } from '../support/builders.js';
import { type Body, conversationsApi } from '../support/conversations.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { expectRefusal } from '../support/keyed-writes.js';
import { pngBytes } from '../support/kyc-flow.js';

// Goal: a conversation's attachments, told by their bytes and read back unchanged, and the brokerage's side of a
// conversation (operator API, stage simulation) with conversation_message_added for every message. Method: each
// test uses its own workspace. (Opening, reading and the Idempotency-Key of mutations: conversations.test.ts.)

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

const { pdfBytes, b64, post, get, opening, anOpenConversation, read, eventsOf, readRefusal } = conversationsApi(
  () => t.app,
);

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
