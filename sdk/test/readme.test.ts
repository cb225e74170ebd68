// Goal: every TypeScript sample of sdk/README.md compiles against the built package's types and runs against a
// real server as written. Each ```ts block is a module named by its first line (`// sample: <name>`); they are
// written beside this file (so `@brokerage/partner-sdk` resolves to the built package), type-checked with tsc, and
// imported in order with the BROKERAGE_* variables of a fresh sandbox workspace set.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedHeaders } from '../../src/events/signature.js';
import { root, type Server } from '../../test/support/server-process.js';
import { adminToken, buildSdkOnce, sandboxPartner, sdkServer } from './support/sdk-server.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const samples = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => {
  const code = match[1] as string;
  const name = /^\/\/ sample: ([a-z-]+)\n/.exec(code)?.[1];
  if (name === undefined) throw new Error(`a README sample lacks its "// sample: <name>" line:\n${code}`);
  return { name, code };
});

const dir = mkdtempSync(join(fileURLToPath(new URL('.', import.meta.url)), '.readme-'));
const fileOf = (name: string) => join(dir, `${name}.ts`);

const { start } = sdkServer();
let server: Server;
const logged: string[] = [];

beforeAll(async () => {
  buildSdkOnce();
  for (const sample of samples) writeFileSync(fileOf(sample.name), sample.code);
  server = await start();
  const { workspace } = await sandboxPartner(server, 'readme samples');
  Object.assign(process.env, {
    BROKERAGE_API_URL: server.url,
    BROKERAGE_CLIENT_ID: workspace.clientId,
    BROKERAGE_USERNAME: workspace.username,
    BROKERAGE_PASSWORD: workspace.password,
    BROKERAGE_ADMIN_TOKEN: adminToken,
  });
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    logged.push(args.join(' '));
  });
}, 120_000);

afterAll(() => {
  vi.restoreAllMocks();
  for (const name of ['BROKERAGE_API_URL', 'BROKERAGE_CLIENT_ID', 'BROKERAGE_USERNAME', 'BROKERAGE_PASSWORD']) {
    delete process.env[name];
  }
  delete process.env.BROKERAGE_ADMIN_TOKEN;
  rmSync(dir, { recursive: true, force: true });
});

/** Runs a sample (importing it runs its top level) and answers what it printed. */
async function run(name: string): Promise<{ printed: string[]; module: Record<string, unknown> }> {
  const before = logged.length;
  const module = (await import(fileOf(name))) as Record<string, unknown>;
  return { printed: logged.slice(before), module };
}

describe('sdk/README.md samples', () => {
  it('are the samples this test knows, and compile (tsc, strict) against the built package', () => {
    expect(samples.map((sample) => sample.name)).toEqual([
      'client',
      'admin',
      'order',
      'idempotency',
      'errors',
      'retries',
      'iterate',
      'webhooks',
      'webhooks-contract',
    ]);
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    const flags = [
      '--noEmit',
      '--strict',
      '--target',
      'es2022',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
    ];
    const files = samples.map((sample) => fileOf(sample.name));
    execFileSync(process.execPath, [tsc, ...flags, '--types', 'node', '--skipLibCheck', ...files], {
      cwd: root,
      stdio: 'pipe',
    });
  }, 60_000);

  it('client, admin, order, idempotency, errors, retries and iterate run against the server', async () => {
    expect((await run('client')).printed[0]).toMatch(/^\d+ pairs, for example \S+\/\S+$/);
    expect((await run('admin')).printed[0]).toMatch(/^workspace \S+: client id \S+$/);
    const order = (await run('order')).printed[0];
    expect(order).toMatch(/^order (\S+) is Pending: pay [\d.]+ EUR in$/);
    expect((await run('idempotency')).printed).toEqual(['one deposit']);
    expect((await run('errors')).printed[0]).toMatch(/^not found \(request \S+\)$/);
    expect((await run('retries')).printed).toEqual(['ok']);
    const iterated = (await run('iterate')).printed;
    const orderId = /^order (\S+) /.exec(order ?? '')?.[1];
    expect(iterated.some((line) => line.startsWith(`${orderId} `))).toBe(true);
    // The events of the last hour, the customer's verification among them (its envelope id is a delivery UUID).
    expect(iterated.some((line) => / verification_status_updated \S+$/.test(line))).toBe(true);
  }, 60_000);

  it('webhooks: onDelivery answers the event of a signed delivery and nothing for a tampered one', async () => {
    const { onDelivery } = (await run('webhooks')).module as {
      onDelivery: (raw: Buffer, headers: Record<string, string>, secret: string) => unknown;
    };
    const body = Buffer.from(
      '{"eventId":"e1","id":"o1","type":"order_status_updated","api_version":"1.0","data":{"status":"Success"}}',
    );
    const headers = signedHeaders({ current: 'readme-secret', previous: undefined }, 'e1', Date.now(), body);
    expect(onDelivery(body, headers, 'readme-secret')).toMatchObject({ id: 'o1', type: 'order_status_updated' });
    expect(logged.at(-1)).toBe('order o1: Success');
    expect(onDelivery(Buffer.from(body.toString().replace('o1', 'o2')), headers, 'readme-secret')).toBeUndefined();
    // The same authentic delivery with its webhook-* headers stripped: refused, though its contract signature is right.
    const contractOnly = { 'x-service-signature-256': headers['x-service-signature-256'] as string };
    expect(onDelivery(body, contractOnly, 'readme-secret')).toBeUndefined();
  });

  it('webhooks-contract: takes the contract signature alone, and still refuses a tampered body', async () => {
    const { onContractDelivery } = (await run('webhooks-contract')).module as {
      onContractDelivery: (raw: Buffer, headers: Record<string, string>, secret: string) => unknown;
    };
    const body = Buffer.from('{"eventId":"e2","id":"o3","type":"order_status_updated","api_version":"1.0","data":{}}');
    const headers = signedHeaders({ current: 'readme-secret', previous: undefined }, 'e2', Date.now(), body);
    const contractOnly = { 'x-service-signature-256': headers['x-service-signature-256'] as string };
    expect(onContractDelivery(body, contractOnly, 'readme-secret')).toMatchObject({ id: 'o3' });
    expect(() =>
      onContractDelivery(Buffer.from(body.toString().replace('o3', 'o4')), contractOnly, 'readme-secret'),
    ).toThrow('X-Service-Signature-256 does not match');
  });
});
