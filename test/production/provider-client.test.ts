import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/domain/errors.js';
import { type ClientDeps, providerServiceClient } from '../../src/providers/provider-service/client.js';
import type { ProviderServiceConfig } from '../../src/providers/provider-service/provider-service-config.js';
import { checkProviderSignature } from '../../src/providers/provider-service/signature.js';
import { freePort } from '../support/net.js';

// The server's side of the provider protocol against a provider service played by an in-process HTTP server: every
// call signed and keyed, retried only when the provider's decision is unknown (no answer, timeout, 5xx), with
// backoff, and answered 503 ExternalServiceError when the service is down or answers outside the protocol.

const secret = 'a-test-secret-of-at-least-32-characters';
interface Received {
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}
let received: Received[] = [];
let reply: (r: Received, response: ServerResponse) => void = () => undefined;
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const r = { path: request.url ?? '', headers: request.headers, body };
      received.push(r);
      reply(r, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
});

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
};

const delays: number[] = [];
const deps: ClientDeps = {
  sleep: async (ms) => {
    delays.push(ms);
  },
};
const config = (overrides: Partial<ProviderServiceConfig> = {}): ProviderServiceConfig => ({
  url,
  secret,
  collects: [],
  pays: [],
  timeoutMs: 1_000,
  maxAttempts: 3,
  ...overrides,
});

const gbpRequest = { depositId: 'A1B2C3D4E5F6', currency: 'GBP', rail: 'GBP_BANK_TRANSFER', amount: '120.5' };
const gbpInfo = {
  depositType: 'GBP_BANK_TRANSFER',
  accountHolder: 'Client Money',
  accountNumber: '12345678',
  sortCode: '40-47-84',
  bankName: 'A Bank',
  amount: 120.5,
  referenceCode: 'RPA1B2C3D4E5F6',
};
const payout = {
  payoutId: '6f1c2a5e-2b7d-4a51-9a39-0f3c5a1b7d20',
  subject: 'withdrawal' as const,
  workspaceId: 'w',
  currency: 'GBP',
  rail: 'GBP_BANK_TRANSFER',
  amount: '10',
  destination: { type: 'GBP_BANK_TRANSFER', accountNumber: '55779911' },
};

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).type).toBe('ExternalServiceError');
  expect((error as ApiError).status).toBe(503);
  return error as ApiError;
}

describe('the provider service client', () => {
  it('signs each request over its exact body, keys it by the deposit id, and passes checked instructions on', async () => {
    reply = (_r, response) => send(response, 200, gbpInfo);
    const info = await providerServiceClient(config(), deps).depositInstructions(gbpRequest);
    expect(info).toEqual(gbpInfo);
    const [call] = received;
    expect(call?.path).toBe('/deposit-instructions');
    expect(JSON.parse(call?.body ?? '')).toEqual(gbpRequest);
    expect(call?.headers['idempotency-key']).toBe(gbpRequest.depositId);
    const headers = { timestamp: call?.headers['provider-timestamp'], signature: call?.headers['provider-signature'] };
    expect(checkProviderSignature(secret, headers, call?.body ?? '', Date.now())).toBe('valid');
    expect(checkProviderSignature(`${secret}x`, headers, call?.body ?? '', Date.now())).toBe('mismatch');
    expect(checkProviderSignature(secret, headers, `${call?.body} `, Date.now())).toBe('mismatch');
    expect(checkProviderSignature(secret, headers, call?.body ?? '', Date.now() + 301_000)).toBe('stale');
  });

  it('retries a 5xx with the same key and body, after a growing, jittered backoff', async () => {
    let calls = 0;
    reply = (_r, response) => {
      calls += 1;
      if (calls < 3) send(response, 503, { error: 'busy' });
      else send(response, 200, gbpInfo);
    };
    delays.length = 0;
    expect(await providerServiceClient(config(), deps).depositInstructions(gbpRequest)).toEqual(gbpInfo);
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.body)).size).toBe(1);
    expect(new Set(received.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect(delays).toHaveLength(2);
    expect(delays[0]).toBeGreaterThanOrEqual(50);
    expect(delays[0]).toBeLessThanOrEqual(100);
    expect(delays[1]).toBeGreaterThanOrEqual(100);
    expect(delays[1]).toBeLessThanOrEqual(200);
  });

  it('gives up after maxAttempts on 5xx and on timeouts, with 503', async () => {
    reply = (_r, response) => send(response, 500, 'oops');
    const down = await refusal(providerServiceClient(config(), deps).depositInstructions(gbpRequest));
    expect(down.message).toContain('HTTP 500 after 3 attempts');
    expect(received).toHaveLength(3);

    received = [];
    reply = () => undefined; // never answers
    const slow = await refusal(
      providerServiceClient(config({ timeoutMs: 100, maxAttempts: 2 }), deps).depositInstructions(gbpRequest),
    );
    expect(slow.message).toContain('no answer in time after 2 attempts');
    expect(received).toHaveLength(2);
  });

  it('answers 503 when nothing listens', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const error = await refusal(providerServiceClient(config({ url: closed }), deps).depositInstructions(gbpRequest));
    expect(error.message).toContain('unreachable after 3 attempts');
  });

  it('does not retry a 4xx, and refuses instructions outside the protocol', async () => {
    reply = (_r, response) => send(response, 422, { error: 'not served' });
    await refusal(providerServiceClient(config(), deps).depositInstructions(gbpRequest));
    expect(received).toHaveLength(1);
    const nonsense: unknown[] = [
      'not json',
      { ...gbpInfo, depositType: 'SEPA' },
      { ...gbpInfo, vendorAccountId: 'X-1' },
      { ...gbpInfo, amount: 120.51 },
      { ...gbpInfo, sortCode: '404784' },
      { depositType: 'PENDING' },
    ];
    for (const answer of nonsense) {
      reply = (_r, response) => send(response, 200, answer);
      const error = await refusal(providerServiceClient(config(), deps).depositInstructions(gbpRequest));
      expect(error.message, JSON.stringify(answer)).toContain('could not give GBP instructions');
    }
  });

  it('checks a crypto answer’s network against the rail, aliases folded', async () => {
    const crypto = { depositType: 'CRYPTO', network: 'MATIC', address: '0x52908400098527886E0F7030069857D2E4169EE7' };
    reply = (_r, response) => send(response, 200, crypto);
    const request = { depositId: 'A1B2C3D4E5F6', currency: 'USDC', rail: 'POLYGON', amount: '5' };
    expect(await providerServiceClient(config(), deps).depositInstructions(request)).toEqual(crypto);
    await refusal(providerServiceClient(config(), deps).depositInstructions({ ...request, rail: 'ETH' }));
  });

  it('a payout: accepted is submitted to the provider service, a 422 refusal is rejected, anything else 503', async () => {
    reply = (_r, response) => send(response, 202, { payoutId: payout.payoutId, status: 'accepted' });
    expect(await providerServiceClient(config(), deps).submitPayout(payout)).toEqual({
      submittedTo: 'provider-service',
    });
    expect(received[0]?.headers['idempotency-key']).toBe(payout.payoutId);
    expect(JSON.parse(received[0]?.body ?? '')).toEqual({
      payoutId: payout.payoutId,
      currency: 'GBP',
      rail: 'GBP_BANK_TRANSFER',
      amount: '10',
      destination: payout.destination,
    });
    reply = (_r, response) => send(response, 422, { outcome: 'rejected', reason: 'account closed' });
    expect(await providerServiceClient(config(), deps).submitPayout(payout)).toBe('rejected');
    reply = (_r, response) => send(response, 202, { payoutId: 'another', status: 'accepted' });
    await refusal(providerServiceClient(config(), deps).submitPayout(payout));
    reply = (_r, response) => send(response, 409, { error: 'key reused' });
    await refusal(providerServiceClient(config(), deps).submitPayout(payout));
  });
});
