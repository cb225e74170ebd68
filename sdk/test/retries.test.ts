import { describe, expect, it } from 'vitest';
import {
  BrokerageClient,
  BrokerageNetworkError,
  ExternalServiceError,
  OperationError,
  StateError,
  ValidationError,
} from '../src/index.js';
import { createError, credentials, fakeServer, json, networkFailure, readError } from './support/fake-server.js';

// Spec, Errors: only 503 OperationError / ExternalServiceError are retried with backoff (and network failures that
// cannot do anything twice), reusing the call's Idempotency-Key; every other 4xx and 5xx is the caller's.

const deposit = { userData: { userEmail: 'ana@example.com' }, currency: 'EUR', amount: 100 } as never;
const created = () => json(201, { depositId: 'd1', status: 'Pending', amount: 100 });

function clientOf(server: ReturnType<typeof fakeServer>, maxAttempts = 4) {
  const waits: number[] = [];
  const client = new BrokerageClient({
    ...credentials,
    fetch: server.fetch,
    retry: { maxAttempts, baseDelayMs: 100, maxDelayMs: 2_000 },
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 0.999,
  });
  return { client, waits };
}

describe('retries', () => {
  it('retries a 503 OperationError and ExternalServiceError with the same Idempotency-Key, then succeeds', async () => {
    const server = fakeServer();
    server.script(
      '/v1/deposits',
      createError(503, 'OperationError'),
      createError(503, 'ExternalServiceError'),
      created(),
    );
    const { client, waits } = clientOf(server);
    const answer = await client.deposits.create(deposit);
    expect(answer.depositId).toBe('d1');
    const tries = server.to('/v1/deposits');
    expect(tries).toHaveLength(3);
    const keys = new Set(tries.map((request) => request.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
    // Full jitter under a doubling ceiling: 100, then 200.
    expect(waits).toEqual([99, 199]);
  });

  it('uses a new key per logical call, and the caller’s own key when given', async () => {
    const server = fakeServer({ '/v1/deposits': () => created() });
    const { client } = clientOf(server);
    await client.deposits.create(deposit);
    await client.deposits.create(deposit);
    await client.deposits.create(deposit, { idempotencyKey: 'my-key-1' });
    const keys = server.to('/v1/deposits').map((request) => request.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(3);
    expect(keys[2]).toBe('my-key-1');
  });

  it('sends no Idempotency-Key on an operation that takes none', async () => {
    const server = fakeServer({ '/v1/quotes': () => json(201, { quoteId: 'q1' }) });
    await clientOf(server).client.quotes.create({ originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 1 });
    expect(server.to('/v1/quotes')[0]?.headers['idempotency-key']).toBeUndefined();
  });

  it.each([
    [400, 'ValidationError', ValidationError],
    [409, 'StateError', StateError],
    [429, 'OperationError', OperationError],
    [500, 'OperationError', OperationError],
    [502, 'ExternalServiceError', ExternalServiceError],
  ])('never retries a %i %s', async (status, type, errorClass) => {
    const server = fakeServer();
    server.script('/v1/deposits', createError(status, type), created());
    const { client, waits } = clientOf(server);
    const failure = await client.deposits.create(deposit).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(errorClass);
    expect(server.to('/v1/deposits')).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('never retries a 503 of another error type', async () => {
    const server = fakeServer();
    server.script('/v1/orders/o1', readError(503, 'StateError'), json(200, {}));
    const failure = await clientOf(server)
      .client.orders.get('o1')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StateError);
    expect(server.to('/v1/orders/o1')).toHaveLength(1);
  });

  it('stops after maxAttempts and throws the last error; the backoff stays under maxDelayMs', async () => {
    const server = fakeServer({ '/v1/orders/o1': () => readError(503, 'OperationError') });
    const { client, waits } = clientOf(server, 8);
    await expect(client.orders.get('o1')).rejects.toBeInstanceOf(OperationError);
    expect(server.to('/v1/orders/o1')).toHaveLength(8);
    expect(waits).toEqual([99, 199, 399, 799, 1598, 1998, 1998]);
  });

  it('honours Retry-After, and the write limit’s RateLimit-Reset, when within maxDelayMs', async () => {
    const server = fakeServer();
    server.script(
      '/v1/deposits',
      createError(503, 'OperationError', { 'retry-after': '1' }),
      createError(503, 'OperationError', {
        'ratelimit-limit': '2',
        'ratelimit-remaining': '0',
        'ratelimit-reset': '2',
      }),
      created(),
    );
    const { client, waits } = clientOf(server);
    await client.deposits.create(deposit);
    // The asked wait plus a jitter under the first backoff ceiling.
    expect(waits).toEqual([1_000 + 99, 2_000 + 99]);
  });

  it('throws the write limit’s error with its RateLimit info when the reset is beyond maxDelayMs', async () => {
    const server = fakeServer();
    server.script(
      '/v1/deposits',
      createError(503, 'OperationError', {
        'ratelimit-limit': '2',
        'ratelimit-remaining': '0',
        'ratelimit-reset': '45',
      }),
    );
    const { client, waits } = clientOf(server);
    const failure = (await client.deposits.create(deposit).catch((error: unknown) => error)) as OperationError;
    expect(failure).toBeInstanceOf(OperationError);
    expect(failure.rateLimit).toEqual({ limit: 2, remaining: 0, resetSeconds: 45 });
    expect(waits).toEqual([]);
  });

  it('retries a network failure of a read and of a keyed write, reusing the key', async () => {
    const server = fakeServer();
    server.script('/v1/orders/o1', networkFailure(), json(200, { orderId: 'o1' }));
    server.script('/v1/deposits', networkFailure(), created());
    const { client } = clientOf(server);
    expect((await client.orders.get('o1')).orderId).toBe('o1');
    await client.deposits.create(deposit);
    const keys = server.to('/v1/deposits').map((request) => request.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('does not resend an unkeyed write after a cut connection, but does after a refused one', async () => {
    const server = fakeServer();
    server.script('/v1/quotes', networkFailure('ECONNRESET'));
    const { client } = clientOf(server);
    const body = { originCurrency: 'EUR', destinationCurrency: 'BRL', originAmount: 1 };
    const failure = (await client.quotes.create(body).catch((error: unknown) => error)) as BrokerageNetworkError;
    expect(failure).toBeInstanceOf(BrokerageNetworkError);
    expect(failure.status).toBe(0);
    expect(server.to('/v1/quotes')).toHaveLength(1);
    server.script('/v1/quotes', networkFailure('ECONNREFUSED'), json(201, { quoteId: 'q2' }));
    expect((await client.quotes.create(body)).quoteId).toBe('q2');
  });
});
