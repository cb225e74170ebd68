// Conversations as the tests drive them, over the app a test file built (read late: it is built in beforeAll).

import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Partner } from './builders.js';
import { testDb } from './harness.js';

export type Body = Record<string, unknown>;

export function conversationsApi(app: () => FastifyInstance) {
  const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
  const key = () => `c-${randomUUID()}`;
  const b64 = (bytes: Buffer) => bytes.toString('base64');

  /** A mutation with a fresh key, the given one, or none (`null`). */
  const post = (p: Partner, url: string, payload: Body | undefined, idempotencyKey: string | null = key()) =>
    app().inject({
      method: 'POST',
      url,
      headers: { ...p.headers, ...(idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey }) },
      ...(payload === undefined ? {} : { payload }),
    });
  const get = (p: Partner, url: string) => app().inject({ method: 'GET', url, headers: p.headers });

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

  return { pdfBytes, key, b64, post, get, opening, anOpenConversation, read, eventsOf, readRefusal };
}
