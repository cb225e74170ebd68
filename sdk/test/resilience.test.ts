// Goal: the SDK's client advice holds against the real server process (spec, Authentication 3 and Errors): the
// token is minted again before it expires and a 401 is replayed once with a fresh token; the write limit's real
// 503 OperationError is surfaced typed with its RateLimit info, or retried after its reset with the same
// Idempotency-Key, creating one deposit. The server's token lifetime is fixed (300 s, src/limits.ts), so expiry is
// reached by the SDK's injected clock, and a refused token by a fetch wrapper that spoils the bearer once.

import { beforeAll, describe, expect, it } from 'vitest';
import { payer } from '../../test/support/orders.js';
import type { Server } from '../../test/support/server-process.js';
import { AuthorizationError, BrokerageClient, type Fetch, OperationError } from '../src/index.js';
import { sandboxPartner, sdkServer } from './support/sdk-server.js';

const { start } = sdkServer();
let server: Server;

beforeAll(async () => {
  server = await start();
}, 90_000);

interface Seen {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  status: number;
}

/** Node's fetch, recording what was sent and answered; `spoil` may rewrite a request's bearer before it goes. */
function recordingFetch(spoil: (seen: Seen) => boolean = () => false): { fetch: Fetch; seen: Seen[] } {
  const seen: Seen[] = [];
  const wrapped: Fetch = async (input, init) => {
    const headers = { ...(init.headers as Record<string, string>) };
    const record: Seen = { method: init.method ?? 'GET', path: new URL(input).pathname, headers, status: 0 };
    seen.push(record);
    if (spoil(record)) headers.authorization = 'Bearer not-a-token';
    const response = await fetch(input, { ...init, headers });
    record.status = response.status;
    return response;
  };
  return { fetch: wrapped, seen };
}

const deposit = { userData: payer, currency: 'EUR', amount: 10 };

describe('tokens against the real server', () => {
  it('mints again a few seconds before expires_in runs out, and the new token is accepted', async () => {
    const clock = { ms: Date.now() };
    const { fetch, seen } = recordingFetch();
    const { client } = await sandboxPartner(server, 'sdk token refresh', { fetch, now: () => clock.ms });
    await client.pairs.list();
    clock.ms += 280_000;
    await client.pairs.list();
    expect(seen.filter((request) => request.path === '/oauth/token')).toHaveLength(1);
    clock.ms += 15_000; // 295 s of the server's 300
    await client.pairs.list();
    const mints = seen.filter((request) => request.path === '/oauth/token');
    expect(mints).toHaveLength(2);
    // (Two tokens minted within one second are the same JWT: the mint count is what shows the refresh.)
    expect(seen.every((request) => request.status === 200)).toBe(true);
  });

  it('replays once with a fresh token after the server’s 401, and throws AuthorizationError after a second', async () => {
    let spoiled = 0;
    const once = recordingFetch((request) => request.path === '/v1/pairs' && spoiled++ === 0);
    const { client } = await sandboxPartner(server, 'sdk token replay', { fetch: once.fetch });
    expect((await client.pairs.list()).pairs.length).toBeGreaterThan(0);
    expect(once.seen.map((request) => `${request.path} ${request.status}`)).toEqual([
      '/oauth/token 200',
      '/v1/pairs 401',
      '/oauth/token 200',
      '/v1/pairs 200',
    ]);

    const always = recordingFetch((request) => request.path === '/v1/pairs');
    const { client: refused } = await sandboxPartner(server, 'sdk token refused', { fetch: always.fetch });
    const failure = (await refused.pairs.list().catch((error: unknown) => error)) as AuthorizationError;
    expect(failure).toBeInstanceOf(AuthorizationError);
    expect(failure.status).toBe(401);
    expect(failure.requestId).toMatch(/\S/);
    expect(always.seen.filter((request) => request.path === '/v1/pairs')).toHaveLength(2);
  });
});

describe('the write limit against the real server', () => {
  it('surfaces the 503 OperationError with its RateLimit info, then retries it after the reset with the same key', async () => {
    // The limit counts per wall-clock minute: start with enough of the minute left for the three writes.
    const leftMs = 60_000 - (Date.now() % 60_000);
    if (leftMs < 15_000) await new Promise((resolve) => setTimeout(resolve, leftMs + 50));

    const eager = await sandboxPartner(server, 'sdk write limit', {
      writeLimitPerMinute: 2,
      retry: { maxAttempts: 4, maxDelayMs: 1_000 },
    });
    const { client, workspace, admin } = eager;
    expect((await admin.workspaces.get(workspace.workspaceId)).writeLimitPerMinute).toBe(2);
    await client.simulate.kyc({ userEmail: payer.userEmail, status: 'APPROVED' });
    await client.deposits.create(deposit);
    await client.deposits.create(deposit);
    // The reset is beyond maxDelayMs: the SDK does not wait, it throws the typed error for the caller to decide.
    const limited = (await client.deposits.create(deposit).catch((error: unknown) => error)) as OperationError;
    expect(limited).toBeInstanceOf(OperationError);
    expect(limited).toMatchObject({ status: 503, error: 'OperationError' });
    expect(limited.requestId).toMatch(/\S/);
    expect(limited.rateLimit).toMatchObject({ limit: 2, remaining: 0 });
    expect(limited.rateLimit?.resetSeconds).toBeGreaterThan(0);
    expect(limited.rateLimit?.resetSeconds).toBeLessThanOrEqual(60);
    expect((await client.deposits.count()).count).toBe(2);

    // The default policy waits up to 60 s: the same call resent after the reset, with the same key, creates one.
    const { fetch, seen } = recordingFetch();
    const waits: number[] = [];
    const patient = new BrokerageClient({
      baseUrl: server.url,
      clientId: workspace.clientId,
      username: workspace.username,
      password: workspace.password,
      fetch,
      sleep: (ms: number) => {
        waits.push(ms);
        return new Promise((resolve) => setTimeout(resolve, ms));
      },
    });
    const startedMs = Date.now();
    const created = await patient.deposits.create(deposit, { idempotencyKey: 'sdk-limit-retry-1' });
    expect(created.status).toBe('Pending');
    const tries = seen.filter((request) => request.path === '/v1/deposits');
    expect(tries.map((request) => request.status)).toEqual([503, 201]);
    expect(tries.map((request) => request.headers['idempotency-key'])).toEqual([
      'sdk-limit-retry-1',
      'sdk-limit-retry-1',
    ]);
    expect(waits).toHaveLength(1);
    expect(Date.now() - startedMs).toBeGreaterThanOrEqual((waits[0] ?? 0) - 50);
    expect((await client.deposits.count()).count).toBe(3);
  }, 90_000);
});
