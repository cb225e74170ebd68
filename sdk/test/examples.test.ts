// Goal: examples/quickstart.mjs and examples/webhook-receiver.mjs work as examples/README.md says, run as a
// partner runs them (`node examples/...`, importing the built @brokerage/partner-sdk) against a real server.

import { type ChildProcess, spawn } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/support/net.js';
import { childEnv, exited, root, type Server, waitFor } from '../../test/support/server-process.js';
import { buildSdkOnce, sandboxPartner, sdkServer } from './support/sdk-server.js';

const { processes, start } = sdkServer();
let server: Server;

beforeAll(async () => {
  buildSdkOnce();
  server = await start();
}, 120_000);

interface Running {
  readonly child: ChildProcess;
  stdout: string;
  stderr: string;
}

function run(script: string, env: Record<string, string>): Running {
  const child = spawn(process.execPath, [script], { cwd: root, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  const running: Running = { child, stdout: '', stderr: '' };
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    running.stdout += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    running.stderr += chunk;
  });
  processes.closeAfterAll({
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  });
  return running;
}

describe('examples', () => {
  it('quickstart.mjs: a quote, a verified customer, a deposit and an order to Success, each step printed', async () => {
    const { workspace } = await sandboxPartner(server, 'quickstart example');
    const quickstart = run('examples/quickstart.mjs', {
      BROKERAGE_API_URL: server.url,
      BROKERAGE_CLIENT_ID: workspace.clientId,
      BROKERAGE_USERNAME: workspace.username,
      BROKERAGE_PASSWORD: workspace.password,
    });
    const exit = await exited(quickstart.child, 60_000);
    expect(exit, `${quickstart.stderr}\n${quickstart.stdout}`).toEqual({ code: 0, signal: null });
    const lines = quickstart.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^quote \S+: 100 EUR → [\d.]+ BRL$/);
    expect(lines[1]).toBe('customer ana.quickstart@example.com: APPROVED');
    expect(lines[2]).toMatch(/^deposit \S+: Received$/);
    expect(lines[3]).toMatch(/^order (\S+): Pending$/);
    expect(lines[4]).toBe(lines[3]?.replace('Pending', 'Success'));
  }, 90_000);

  it('webhook-receiver.mjs: verifies deliveries, prints `verified <type> <eventId>`, refuses a bad signature', async () => {
    const port = await freePort();
    const secret = 'whsec_c2RrLWV4YW1wbGUtcmVjZWl2ZXItc2VjcmV0';
    const receiver = run('examples/webhook-receiver.mjs', { WEBHOOK_SECRET: secret, RECEIVER_PORT: String(port) });
    await waitFor('the receiver listening', () => receiver.stderr.includes(`127.0.0.1:${port}/hooks`), 10_000, 50);

    const { client } = await sandboxPartner(server, 'receiver example');
    const url = `http://127.0.0.1:${port}/hooks`;
    const endpoint = await client.webhooks.create({ name: 'example receiver', url, secret });
    const outcome = await client.webhooks.test(endpoint.id);
    expect(outcome).toMatchObject({ delivered: true, statusCode: 204 });
    await waitFor('the verified line', () => receiver.stdout.includes('\n'), 10_000, 50);
    expect(receiver.stdout).toBe(`verified webhook_test ${outcome.eventId}\n`);

    // A real event, then a forged delivery: 401 and nothing printed.
    await client.simulate.kyc({ userEmail: 'receiver.example@example.com', status: 'APPROVED' });
    await waitFor('the verification event', () => receiver.stdout.includes('verification_status_updated'), 10_000, 50);
    expect(receiver.stdout).toMatch(/\nverified verification_status_updated [0-9a-f-]{36}\n/);
    const forged = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': 'msg_forged',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': `v1,${Buffer.alloc(32).toString('base64')}`,
      },
      body: '{"eventId":"x","id":"x","type":"order_completed","api_version":"1.0","data":{}}',
    });
    expect(forged.status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${port}/other`, { method: 'POST' })).status).toBe(404);
    expect(receiver.stdout).not.toContain('order_completed');
    expect(receiver.stderr).toContain('refused a delivery: signature_mismatch');
    // Every line printed is the contract: `verified <type> <eventId>`.
    expect(
      receiver.stdout
        .trim()
        .split('\n')
        .every((line) => /^verified [a-z_]+ [0-9a-f-]{36}$/.test(line)),
    ).toBe(true);
    receiver.child.kill('SIGTERM');
    expect(await exited(receiver.child, 5_000)).toEqual({ code: 0, signal: null });
  }, 60_000);
});
