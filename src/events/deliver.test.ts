import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postOnce } from './deliver.js';
import type { Resolver } from './url-policy.js';

// The delivery rules of the URL policy, against a loopback server: the target is checked at delivery time, the
// connection goes to the address that was checked (no second lookup), and redirects are not followed.

let server: Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/redirect') res.writeHead(302, { location: '/elsewhere' }).end();
    else res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const resolvingTo =
  (address: string): Resolver =>
  async () => [{ address, family: 4 }];
const body = Buffer.from('{}');

describe('postOnce', () => {
  it('connects to the address the policy checked, whatever the host name', async () => {
    const attempt = await postOnce(
      `http://hooks.invalid:${port}/pinned`,
      body,
      {},
      {
        allowInsecure: true,
        timeoutMs: 2000,
        resolver: resolvingTo('127.0.0.1'),
      },
    );
    expect(attempt).toMatchObject({ statusCode: 204, error: undefined });
    expect(hits).toContain('/pinned');
  });

  it('refuses at delivery a host that now resolves to a private address, without connecting', async () => {
    const before = hits.length;
    const attempt = await postOnce(
      `https://hooks.example.com:${port}/rebound`,
      body,
      {},
      {
        allowInsecure: false,
        timeoutMs: 2000,
        resolver: resolvingTo('127.0.0.1'),
      },
    );
    expect(attempt.statusCode).toBeUndefined();
    expect(attempt.error).toMatch(/^refused: .*non-public/);
    expect(hits.length).toBe(before);
  });

  it('does not follow a redirect: the 302 is the outcome', async () => {
    const attempt = await postOnce(
      `http://127.0.0.1:${port}/redirect`,
      body,
      {},
      { allowInsecure: true, timeoutMs: 2000 },
    );
    expect(attempt.statusCode).toBe(302);
    expect(hits).not.toContain('/elsewhere');
  });
});
