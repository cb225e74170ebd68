// Goal: the real process (`node dist/main.js`) on the embedded store behaves as an operator would run it: a
// generated operator token file, JSON logs with request ids and no secrets, one server per DATA_DIR, a restart after
// kill -9 that keeps what was committed, and a bad configuration refused with a message naming the variable.
// Method: one server started on a fresh DATA_DIR with no ADMIN_TOKEN (it writes the admin-token file), used through
// its HTTP API and its output; further processes spawned on the same or a fresh DATA_DIR and awaited.

import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, call, createWorkspace, partnerToken, tokenRequest } from '../support/e2e-api.js';
import { kill9, type Server, serverProcesses, waitFor } from '../support/server-process.js';

const processes = serverProcesses({ store: 'embedded', env: { LOG_LEVEL: 'info' } });

function logLines(server: Server): Array<Record<string, unknown>> {
  return server.stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

/** The operator token the first server generated into its DATA_DIR. */
const generatedToken = () => readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();

/** A workspace created with the generated token, tagged with a request id to find in the log. */
const createTagged = (server: Server, token: string, name: string) =>
  createWorkspace(server, { name }, { token, headers: { 'x-request-id': `e2e-create-${server.port}` } });

/** A keyed POST /v1/deposits, as a partner retrying after a crash would send it. */
async function keyedDeposit(server: Server, token: string, key: string) {
  const deposit = {
    userData: { firstName: 'Ana', lastName: 'S', userEmail: 'e2e@example.com', country: 'PT' },
    currency: 'EUR',
    amount: 12,
  };
  const { status, text } = await call(server, token, 'POST', '/v1/deposits', deposit, key);
  return { status, text };
}

let dataDir: string;
let first: Server;

beforeAll(async () => {
  dataDir = processes.freshDir();
  first = await processes.startHealthy(dataDir);
}, 70_000);

describe('server process (embedded store)', () => {
  it('generates a 0600 operator token file, logs its path but not its contents, and the token authorizes admin calls; logs are JSON with reqIds and never the password', async () => {
    const tokenPath = join(dataDir, 'admin-token');
    expect(statSync(tokenPath).mode & 0o777).toBe(0o600);
    const token = generatedToken();
    expect(token.length).toBeGreaterThanOrEqual(16);
    expect(logLines(first).some((line) => line.path === tokenPath)).toBe(true);

    const { response, workspace: body } = await createTagged(first, token, 'e2e token file');
    expect(body).toEqual({
      workspaceId: expect.any(String),
      clientId: expect.any(String),
      username: expect.any(String),
      password: expect.any(String),
    });
    expect(response.headers.get('x-request-id')).toBe(`e2e-create-${first.port}`);
    const generated = await fetch(`${first.url}/health`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9._-]+$/);
    const refused = await fetch(`${first.url}/admin/v1/workspaces`, {
      method: 'POST',
      headers: adminHeaders('not-the-operator-token'),
      body: JSON.stringify({ name: 'refused' }),
    });
    expect(refused.status).toBe(401);

    await waitFor(
      'the request log of the workspace creation',
      () => first.stdout.includes(`"e2e-create-${first.port}"`),
      5_000,
    );
    const lines = logLines(first);
    const requestLines = lines.filter((line) => line.msg === 'request');
    expect(requestLines.length).toBeGreaterThan(0);
    for (const line of requestLines) expect(line.reqId, JSON.stringify(line)).toEqual(expect.any(String));
    expect(requestLines.some((line) => line.reqId === `e2e-create-${first.port}`)).toBe(true);
    for (const output of [first.stdout, first.stderr]) {
      expect(output).not.toContain(token);
      expect(output).not.toContain(body.password);
    }
  });

  it('a second server on the same DATA_DIR exits non-zero saying DATA_DIR is in use', async () => {
    const { server, code } = await processes.runToExit(dataDir, {});
    expect(code).not.toBe(0);
    expect(server.stderr).toContain('DATA_DIR');
    expect(server.stderr).toContain('in use');
    expect((await fetch(`${first.url}/health`)).status).toBe(200);
  }, 40_000);

  it('after kill -9 a restart on the same DATA_DIR takes over the stale pid file and keeps workspaces and credentials', async () => {
    const token = generatedToken();
    const { workspace } = await createTagged(first, token, 'e2e survives kill -9');
    const partner = await partnerToken(first, workspace);
    await call(first, partner, 'POST', '/v1/simulate/kyc', { userEmail: 'e2e@example.com', status: 'APPROVED' });
    const original = await keyedDeposit(first, partner, 'e2e-retry-after-crash');
    expect(original.status, original.text).toBe(201);
    await kill9(first);

    const second = await processes.startHealthy(dataDir);
    expect(readFileSync(join(dataDir, 'server.pid'), 'utf8').trim()).toBe(String(second.child.pid));
    const read = await fetch(`${second.url}/admin/v1/workspaces/${workspace.workspaceId}`, {
      headers: adminHeaders(token),
    });
    expect(read.status, await read.clone().text()).toBe(200);
    expect(await read.json()).toMatchObject({ workspaceId: workspace.workspaceId, clientId: workspace.clientId });

    const tokenResponse = await tokenRequest(second, workspace);
    expect(tokenResponse.status, await tokenResponse.clone().text()).toBe(200);
    expect(await tokenResponse.json()).toMatchObject({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 300,
    });

    // A write retried with its key after the crash replays the committed answer: one resource, never two.
    const retried = await keyedDeposit(second, await partnerToken(second, workspace), 'e2e-retry-after-crash');
    expect(retried).toEqual(original);
  }, 90_000);

  it('a bad configuration exits non-zero naming the variable, without a stack trace', async () => {
    const { server, code } = await processes.runToExit(processes.freshDir(), { PORT: 'abc' });
    expect(code).not.toBe(0);
    expect(server.stderr).toContain('PORT');
    expect(server.stderr).not.toMatch(/^\s+at /m);
  }, 40_000);

  it('BROKERAGE_ENV=production without ADMIN_TOKEN and SECRETS_KEY exits non-zero naming both', async () => {
    const { server, code } = await processes.runToExit(processes.freshDir(), { BROKERAGE_ENV: 'production' });
    expect(code).not.toBe(0);
    expect(server.stderr).toContain('ADMIN_TOKEN');
    expect(server.stderr).toContain('SECRETS_KEY');
    expect(server.stderr).not.toMatch(/^\s+at /m);
  }, 40_000);
});
