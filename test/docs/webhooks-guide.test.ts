// docs/webhooks.md is run, not only read: each ```ts block is written as the file its first line names, and those
// files receive, verify and deduplicate real deliveries of this server, configure an endpoint and send a test event.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPartner, type Partner, verifyCustomer } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { payer, payerFields } from '../support/orders.js';
import { aReceiver, type Receiver } from '../support/receiver.js';
import { aWebhookEndpoint } from '../support/webhook-endpoints.js';

const guide = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
const blocks = [...guide.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string);

// The blocks import each other ('./verify.js') and npm packages: they are written beside this file, in a directory
// removed afterwards, so that imports resolve as in a partner's project.
const dir = mkdtempSync(join(fileURLToPath(new URL('.', import.meta.url)), '.webhooks-guide-'));
const files = blocks.map((code) => {
  const name = /^\/\/ ([\w-]+\.ts)\n/.exec(code)?.[1];
  if (!name) throw new Error(`a ts block of docs/webhooks.md does not start with its file name:\n${code}`);
  writeFileSync(join(dir, name), code);
  return name;
});
const load = <T>(name: string): Promise<T> => import(join(dir, name)) as Promise<T>;

// What the test uses of each sample.
interface VerifySample {
  verifyStandardWebhook(rawBody: Buffer, headers: Record<string, string>, secret: string, nowMs?: number): boolean;
  verifyServiceSignature(rawBody: Buffer, header: string | undefined, secret: string): boolean;
}
interface LibrarySample {
  verifyWithLibrary(rawBody: Buffer, headers: Record<string, string>, secret: string): unknown;
}
interface ConfigureSample {
  configureEndpoint(
    apiBase: string,
    token: string,
    webhookId: string,
    settings: { retryPolicy?: 'none' | 'exponential'; enabledEvents?: string[] | null },
  ): Promise<{ id: string; retryPolicy: string; enabledEvents: string[] | null }>;
}
interface TestEventSample {
  sendTestEvent(apiBase: string, token: string, webhookId: string): Promise<{ delivered: boolean; eventId: string }>;
}
interface ReceiverSample {
  webhookReceiver(secret: string, handle: (event: HandledEvent) => void): Server;
}
interface HandledEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

let t: TestApp;
let apiBase: string;
let guideServer: Server;
let guideUrl: string;
let spy: Receiver;
const handled: HandledEvent[] = [];
const secret = 'a guide reader’s secret';

beforeAll(async () => {
  t = await buildTestApp({ env: { SANDBOX_SETTLE_DELAY_MS: '0', WEBHOOK_ALLOW_INSECURE: '1' } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  apiBase = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const { webhookReceiver } = await load<ReceiverSample>('receiver.ts');
  guideServer = webhookReceiver(secret, (event) => handled.push(event));
  await new Promise<void>((resolve) => guideServer.listen(0, '127.0.0.1', resolve));
  guideUrl = `http://127.0.0.1:${(guideServer.address() as AddressInfo).port}/hooks`;
  spy = await aReceiver();
});
afterAll(async () => {
  await new Promise<void>((resolve) => guideServer.close(() => resolve()));
  await spy.close();
  await t.app.close();
  rmSync(dir, { recursive: true, force: true });
});

async function register(p: Partner, url: string) {
  return (await aWebhookEndpoint(t.app, p, url, { name: 'guide', secret })).id;
}

async function collectedDeposit(p: Partner) {
  const api = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: p.headers, payload });
  const deposit = (await api('/v1/deposits', { userData: payer, currency: 'EUR', amount: 25 })).json();
  await api('/v1/simulate/incoming-transfer/deposit', { depositId: deposit.depositId, amount: 25, ...payerFields.EUR });
  await t.ctx.jobs.runDue();
  await t.ctx.webhooks.runDue();
  return deposit.depositId as string;
}

describe('docs/webhooks.md', () => {
  it('names a file in each sample: the library and no-library verifiers, the receiver, configure and test calls', () => {
    expect(files.sort()).toEqual([
      'configure.ts',
      'receiver.ts',
      'test-event.ts',
      'verify-with-library.ts',
      'verify.ts',
    ]);
    expect(guide).toContain('## Replaying missed events');
  });

  it('its receiver takes every event of a real flow once, verified, skips a repeated delivery, refuses a forgery', async () => {
    const p = await aPartner(t.app);
    await register(p, guideUrl);
    // A second endpoint of the workspace, same secret: its copy of each event is what a repeated delivery would be.
    await register(p, `${spy.url}/copy`);
    await verifyCustomer(t.app, p, payer.userEmail);
    const depositId = await collectedDeposit(p);
    const copies = spy.received.filter((r) => r.path === '/copy');
    const handledIds = handled.map((e) => `${e.type} ${e.id}`);
    expect(handledIds).toEqual(expect.arrayContaining(copies.map((r) => `${r.body.type} ${r.body.id}`)));
    expect(handled.some((e) => e.type === 'deposit_completed' && e.id === depositId)).toBe(true);

    const completed = copies.find((r) => r.body.type === 'deposit_completed');
    if (!completed) throw new Error('deposit_completed did not reach the second endpoint');
    const headers = Object.fromEntries(
      Object.entries(completed.headers).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    const post = (body: Buffer) =>
      new Promise<number>((resolve, reject) => {
        const req = request(guideUrl, { method: 'POST', headers }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end(body);
      });
    const before = handled.length;
    expect(await post(completed.raw), 'a repeat is answered').toBe(204);
    expect(handled.length, 'and not handled again').toBe(before);
    const forged = Buffer.from(completed.raw);
    forged[forged.length - 2] = (forged[forged.length - 2] ?? 0) ^ 1;
    expect(await post(forged), 'a changed body').toBe(401);
  });

  it('its two verifiers and the library verifier accept real deliveries and refuse a wrong secret or a stale one', async () => {
    const verify = await load<VerifySample>('verify.ts');
    const library = await load<LibrarySample>('verify-with-library.ts');
    const p = await aPartner(t.app);
    await register(p, `${spy.url}/verifiers`);
    await verifyCustomer(t.app, p, payer.userEmail);
    await collectedDeposit(p);
    const arrivals = spy.received.filter((r) => r.path === '/verifiers');
    expect(arrivals.length).toBeGreaterThan(3);
    for (const arrival of arrivals) {
      const headers = arrival.headers as Record<string, string>;
      expect(verify.verifyStandardWebhook(arrival.raw, headers, secret)).toBe(true);
      expect(verify.verifyServiceSignature(arrival.raw, headers['x-service-signature-256'], secret)).toBe(true);
      expect(library.verifyWithLibrary(arrival.raw, headers, secret)).toEqual(arrival.body);
      expect(verify.verifyStandardWebhook(arrival.raw, headers, 'not the secret')).toBe(false);
      expect(verify.verifyServiceSignature(arrival.raw, headers['x-service-signature-256'], 'not the secret')).toBe(
        false,
      );
      expect(verify.verifyStandardWebhook(arrival.raw, headers, secret, Date.now() + 6 * 60_000)).toBe(false);
      expect(() => library.verifyWithLibrary(arrival.raw, headers, 'not the secret')).toThrow();
    }
  });

  it('what it says of stripped webhook-* headers: its receiver and the SDK refuse such a delivery by default', async () => {
    const verify = await load<VerifySample>('verify.ts');
    const p = await aPartner(t.app);
    await register(p, `${spy.url}/stripped`);
    await verifyCustomer(t.app, p, payer.userEmail);
    await collectedDeposit(p);
    const arrival = spy.received.find((r) => r.path === '/stripped');
    if (!arrival) throw new Error('no delivery reached the endpoint');
    const headers = arrival.headers as Record<string, string>;
    // A captured delivery replayed with only the contract's signature: that signature still verifies (no timestamp)…
    const stripped = {
      'content-type': 'application/json',
      'x-service-signature-256': headers['x-service-signature-256'],
    };
    expect(verify.verifyServiceSignature(arrival.raw, stripped['x-service-signature-256'], secret)).toBe(true);
    // …so neither the guide's receiver nor the SDK's default takes it.
    expect(verify.verifyStandardWebhook(arrival.raw, stripped as Record<string, string>, secret)).toBe(false);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(guideUrl, { method: 'POST', headers: stripped }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(arrival.raw);
    });
    expect(status).toBe(401);
    const { verifyWebhook } = await import('../../sdk/src/webhooks.js');
    expect(() => verifyWebhook(arrival.raw, stripped, secret)).toThrow('webhook-id, webhook-timestamp');
    expect(verifyWebhook(arrival.raw, stripped, secret, { scheme: 'service' })).toEqual(arrival.body);
    expect(verifyWebhook(arrival.raw, headers, secret)).toEqual(arrival.body);
  });

  it('its configure and test-event calls work against the API over HTTP', async () => {
    const { configureEndpoint } = await load<ConfigureSample>('configure.ts');
    const { sendTestEvent } = await load<TestEventSample>('test-event.ts');
    const p = await aPartner(t.app);
    const id = await register(p, guideUrl);
    const token = p.headers.authorization.replace('Bearer ', '');
    const configured = await configureEndpoint(apiBase, token, id, {
      retryPolicy: 'exponential',
      enabledEvents: ['deposit_completed'],
    });
    expect(configured).toMatchObject({ id, retryPolicy: 'exponential', enabledEvents: ['deposit_completed'] });
    const outcome = await sendTestEvent(apiBase, token, id);
    expect(outcome).toMatchObject({ delivered: true, statusCode: 204 });
    expect(handled.at(-1)).toMatchObject({ id: outcome.eventId, type: 'webhook_test' });
    await expect(configureEndpoint(apiBase, token, id, { enabledEvents: ['no_such_event'] })).rejects.toThrow(
      /400.*no_such_event/,
    );
  });
});
