import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/harness.js';

// Goal: a request Node's HTTP parser refuses before Fastify sees it is still answered in the contract's error shape
// (spec, Errors), not Fastify's own body. Method: a listening app on loopback and raw bytes over a socket, since
// app.inject never goes through the parser.

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
});

afterAll(async () => {
  await t.app.close();
});

/** Sends `raw` and reads until the server closes the connection. */
function exchange(raw: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(raw));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
  });
}

describe('requests the HTTP parser refuses', () => {
  it('a well-formed request is answered by the route (control)', async () => {
    const answer = await exchange('GET /v1/orders HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: 'AuthorizationError' });
  });

  it.each([
    ['a malformed header line', 'GET /v1/orders HTTP/1.1\r\nHost: localhost\r\nNot a header\r\n\r\n', 'well-formed'],
    [
      'headers over the size limit',
      `GET /v1/orders HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      'larger',
    ],
    ['a malformed request line', 'GET /v1/orders HTTP/9\r\n\r\n', 'well-formed'],
  ])('%s is 400 ValidationError in the read shape', async (_, raw, words) => {
    const answer = await exchange(raw);
    expect(answer.status, answer.headers).toBe(400);
    expect(answer.headers).toMatch(/content-type: application\/json/i);
    // The headers every answer carries (platform/security-headers.ts), on this hand-written answer too.
    expect(answer.headers).toMatch(/cache-control: no-store/i);
    expect(answer.headers).toMatch(/x-content-type-options: nosniff/i);
    const body = JSON.parse(answer.body);
    expect(body).toEqual({ ok: false, error: 'ValidationError', message: expect.stringContaining(words) });
  });
});
