import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerExcerptOf, postOnce } from './deliver.js';
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
    else if (req.url === '/refuse')
      res.writeHead(500, { 'content-type': 'text/plain' }).end(`boom \u0000${'é'.repeat(600)}`);
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

describe('answerExcerptOf', () => {
  const table: readonly [string, readonly Buffer[], number, string | undefined][] = [
    ['an empty body is none', [], 1024, undefined],
    ['a short body whole', [Buffer.from('{"error":"nope"}')], 1024, '{"error":"nope"}'],
    ['chunks joined, then cut at the limit', [Buffer.from('abc'), Buffer.from('def')], 4, 'abcd'],
    ['a character cut in two is replaced, not broken', [Buffer.from('aé')], 2, 'a\uFFFD'],
    ['NUL, which PostgreSQL text refuses, is replaced', [Buffer.from('a\u0000b')], 1024, 'a\uFFFDb'],
  ];
  for (const [name, chunks, max, expected] of table) {
    it(name, () => expect(answerExcerptOf(chunks, max)).toBe(expected));
  }
});

describe('postOnce', () => {
  it("keeps the first bytes of the receiver's answer, and reads the rest to its end", async () => {
    const attempt = await postOnce(
      `http://127.0.0.1:${port}/refuse`,
      body,
      {},
      {
        allowInsecure: true,
        timeoutMs: 2000,
        excerptBytes: 100,
      },
    );
    expect(attempt.statusCode).toBe(500);
    expect(Buffer.byteLength(attempt.answerExcerpt ?? '')).toBeLessThanOrEqual(102);
    expect(attempt.answerExcerpt).toMatch(/^boom \uFFFDé+/);
  });

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
