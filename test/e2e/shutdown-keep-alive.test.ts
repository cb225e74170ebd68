// Goal: a stop takes as long as the slowest request in flight, not as long as a client keeps its keep-alive
// connection: a request still in flight when SIGTERM arrives is answered, then its connection is closed and the
// process exits 0 at once (before, the connection went idle after the close began and held the process until
// Fastify's 72 s keepAliveTimeout). Method: a real process on the embedded store; a keep-alive socket sends a
// request's headers and half its body, the process gets SIGTERM, then the rest of the body is sent.

import { connect, type Socket } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { exited, type Server, serverProcesses } from '../support/server-process.js';

const processes = serverProcesses({ store: 'embedded' });
let server: Server;

beforeAll(async () => {
  server = await processes.startHealthy(processes.freshDir());
}, 60_000);

/** Everything the socket receives until the peer closes it. */
function received(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
  });
}

describe('SIGTERM with a keep-alive request in flight', () => {
  it('answers the request, closes its connection and exits 0 within a few seconds', async () => {
    const body = JSON.stringify({ grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'nothing' });
    const socket = connect(server.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const answer = received(socket);
    socket.write(
      `POST /oauth/token HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));

    const stoppedAt = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.write(body.slice(10));

    // The request in flight is answered (the token endpoint's OAuth error for a JSON body), then the connection ends.
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 \d{3} /);
    expect(text).toContain('"error":"invalid_request"');
    expect(await exited(server.child, 10_000)).toEqual({ code: 0, signal: null });
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
  }, 30_000);
});
