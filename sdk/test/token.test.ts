import { describe, expect, it } from 'vitest';
import { AuthorizationError, BrokerageClient, OAuthError } from '../src/index.js';
import { credentials, fakeServer, json, readError } from './support/fake-server.js';

// Spec, Authentication 3: cache the token and mint a new one a few seconds before expiry; Errors: on 401
// AuthorizationError fetch a new token and replay once.

const order = () => json(200, { orderId: 'o1', status: 'Pending' });

function clientAt(server: ReturnType<typeof fakeServer>, clock: { ms: number }) {
  return new BrokerageClient({ ...credentials, fetch: server.fetch, now: () => clock.ms });
}

describe('the token cache', () => {
  it('mints with the password grant as a form, and sends the token as a bearer', async () => {
    const server = fakeServer({ '/v1/orders/o1': order });
    await clientAt(server, { ms: 0 }).orders.get('o1');
    const [mint] = server.to('/oauth/token');
    expect(mint?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(mint?.body))).toEqual({
      grant_type: 'password',
      client_id: 'client',
      username: 'user',
      password: 'pass',
    });
    expect(server.to('/v1/orders/o1')[0]?.headers.authorization).toBe('Bearer token-1');
  });

  it('mints once for concurrent callers, and reuses the token', async () => {
    const server = fakeServer({ '/v1/orders/o1': order });
    const client = clientAt(server, { ms: 0 });
    await Promise.all(Array.from({ length: 10 }, () => client.orders.get('o1')));
    await client.orders.get('o1');
    expect(server.mints()).toBe(1);
  });

  it('mints again a few seconds before expires_in runs out, not earlier', async () => {
    const server = fakeServer({ '/v1/orders/o1': order });
    const clock = { ms: 1_000_000 };
    const client = clientAt(server, clock);
    await client.orders.get('o1');
    clock.ms += 285_000;
    await client.orders.get('o1');
    expect(server.mints()).toBe(1);
    clock.ms += 6_000; // 291 s of 300: within the 10-second margin
    await client.orders.get('o1');
    expect(server.mints()).toBe(2);
    expect(server.to('/v1/orders/o1')[2]?.headers.authorization).toBe('Bearer token-2');
  });

  it('replays once with a fresh token after a 401', async () => {
    const server = fakeServer();
    server.script('/v1/orders/o1', readError(401, 'AuthorizationError'), order());
    const answer = await clientAt(server, { ms: 0 }).orders.get('o1');
    expect(answer.orderId).toBe('o1');
    expect(server.to('/v1/orders/o1').map((request) => request.headers.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ]);
  });

  it('does not replay twice: a second 401 is thrown as AuthorizationError', async () => {
    const server = fakeServer({ '/v1/orders/o1': () => readError(401, 'AuthorizationError') });
    const failure = await clientAt(server, { ms: 0 })
      .orders.get('o1')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AuthorizationError);
    expect(server.to('/v1/orders/o1')).toHaveLength(2);
    expect(server.mints()).toBe(2);
  });

  it('surfaces a refused grant as OAuthError with its RFC 6749 code', async () => {
    const server = fakeServer({
      '/oauth/token': () => json(401, { error: 'invalid_grant', error_description: 'bad credentials' }),
    });
    const failure = (await clientAt(server, { ms: 0 })
      .orders.get('o1')
      .catch((error: unknown) => error)) as OAuthError;
    expect(failure).toBeInstanceOf(OAuthError);
    expect(failure).toMatchObject({ status: 401, error: 'invalid_grant', message: 'bad credentials' });
    expect(server.to('/v1/orders/o1')).toHaveLength(0);
  });
});
