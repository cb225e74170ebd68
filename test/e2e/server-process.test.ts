// Black-box tests of the real process: `node dist/main.js` on the embedded store, as an operator would run it.

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/net.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Every variable loadConfig reads: the child gets none of the parent's, only what a test sets.
const configVariables =
  'PORT HOST DATA_DIR DATABASE_URL DATABASE_POOL_SIZE BROKERAGE_ENV ADMIN_TOKEN SECRETS_KEY QUOTE_TTL_SECONDS WRITE_RATE_LIMIT_PER_MINUTE WEBHOOK_ALLOW_INSECURE PUBLIC_BASE_URL LOG_LEVEL'.split(
    ' ',
  );

interface Server {
  readonly child: ChildProcess;
  readonly port: number;
  readonly url: string;
  stdout: string;
  stderr: string;
}

const children = new Set<ChildProcess>();
const tempDirs: string[] = [];

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'brokerage-e2e-'));
  tempDirs.push(dir);
  return dir;
}

/** The parent's environment without DATABASE_URL, ADMIN_TOKEN, SECRETS_KEY or any other server variable. */
function childEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of configVariables) delete env[name];
  return { ...env, ...overrides };
}

async function spawnServer(dataDir: string, extra: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const env = childEnv({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...extra });
  const child = spawn(process.execPath, ['dist/main.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const server: Server = { child, port, url: `http://127.0.0.1:${port}`, stdout: '', stderr: '' };
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    server.stdout += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    server.stderr += chunk;
  });
  return server;
}

function exited(
  child: ChildProcess,
  timeoutMs: number,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`process ${child.pid} still running after ${timeoutMs} ms`)),
      timeoutMs,
    );
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

async function startHealthy(dataDir: string): Promise<Server> {
  const server = await spawnServer(dataDir);
  await waitFor(
    `GET ${server.url}/health`,
    async () => {
      if (server.child.exitCode !== null) {
        throw new Error(`server exited ${server.child.exitCode}: ${server.stderr}\n${server.stdout}`);
      }
      return fetch(`${server.url}/health`).then(
        (r) => r.status === 200,
        () => false,
      );
    },
    60_000,
  );
  return server;
}

function logLines(server: Server): Array<Record<string, unknown>> {
  return server.stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

const adminHeaders = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

async function createWorkspace(server: Server, token: string, name: string) {
  const response = await fetch(`${server.url}/admin/v1/workspaces`, {
    method: 'POST',
    headers: { ...adminHeaders(token), 'x-request-id': `e2e-create-${server.port}` },
    body: JSON.stringify({ name }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return {
    response,
    body: (await response.json()) as { workspaceId: string; clientId: string; username: string; password: string },
  };
}

function tokenRequest(server: Server, workspace: { clientId: string; username: string; password: string }) {
  return fetch(`${server.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: workspace.clientId,
      username: workspace.username,
      password: workspace.password,
    }).toString(),
  });
}

async function partnerToken(server: Server, workspace: { clientId: string; username: string; password: string }) {
  const response = await tokenRequest(server, workspace);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A keyed POST /v1/deposits, as a partner retrying after a crash would send it. */
async function keyedDeposit(server: Server, token: string, key: string) {
  const response = await fetch(`${server.url}/v1/deposits`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({
      userData: { firstName: 'Ana', lastName: 'S', userEmail: 'e2e@example.com', country: 'PT' },
      currency: 'EUR',
      amount: 12,
    }),
  });
  return { status: response.status, text: await response.text() };
}

function runToExit(dataDir: string, extra: Record<string, string>) {
  return spawnServer(dataDir, extra).then(async (server) => ({ server, ...(await exited(server.child, 30_000)) }));
}

let dataDir: string;
let first: Server;

beforeAll(async () => {
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'pipe', timeout: 120_000 });
  dataDir = freshDir();
  first = await startHealthy(dataDir);
}, 200_000);

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child, 10_000).catch(() => undefined);
    }
  }
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe('server process (embedded store)', () => {
  it('generates a 0600 operator token file, logs its path but not its contents, and the token authorizes admin calls; logs are JSON with reqIds and never the password', async () => {
    const tokenPath = join(dataDir, 'admin-token');
    expect(statSync(tokenPath).mode & 0o777).toBe(0o600);
    const token = readFileSync(tokenPath, 'utf8').trim();
    expect(token.length).toBeGreaterThanOrEqual(16);
    expect(logLines(first).some((line) => line.path === tokenPath)).toBe(true);

    const { response, body } = await createWorkspace(first, token, 'e2e token file');
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
    const requestLines = lines.filter((line) => 'req' in line || 'res' in line);
    expect(requestLines.length).toBeGreaterThan(0);
    for (const line of requestLines) expect(line.reqId, JSON.stringify(line)).toEqual(expect.any(String));
    expect(requestLines.some((line) => line.reqId === `e2e-create-${first.port}`)).toBe(true);
    for (const output of [first.stdout, first.stderr]) {
      expect(output).not.toContain(token);
      expect(output).not.toContain(body.password);
    }
  });

  it('a second server on the same DATA_DIR exits non-zero saying DATA_DIR is in use', async () => {
    const { server, code } = await runToExit(dataDir, {});
    expect(code).not.toBe(0);
    expect(server.stderr).toContain('DATA_DIR');
    expect(server.stderr).toContain('in use');
    expect((await fetch(`${first.url}/health`)).status).toBe(200);
  }, 40_000);

  it('after kill -9 a restart on the same DATA_DIR takes over the stale pid file and keeps workspaces and credentials', async () => {
    const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    const { body: workspace } = await createWorkspace(first, token, 'e2e survives kill -9');
    const partner = await partnerToken(first, workspace);
    await fetch(`${first.url}/v1/simulate/kyc`, {
      method: 'POST',
      headers: { authorization: `Bearer ${partner}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userEmail: 'e2e@example.com', status: 'APPROVED' }),
    });
    const original = await keyedDeposit(first, partner, 'e2e-retry-after-crash');
    expect(original.status, original.text).toBe(201);
    first.child.kill('SIGKILL');
    expect((await exited(first.child, 10_000)).signal).toBe('SIGKILL');

    const second = await startHealthy(dataDir);
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
    const { server, code } = await runToExit(freshDir(), { PORT: 'abc' });
    expect(code).not.toBe(0);
    expect(server.stderr).toContain('PORT');
    expect(server.stderr).not.toMatch(/^\s+at /m);
  }, 40_000);

  it('BROKERAGE_ENV=production without ADMIN_TOKEN and SECRETS_KEY exits non-zero naming both', async () => {
    const { server, code } = await runToExit(freshDir(), { BROKERAGE_ENV: 'production' });
    expect(code).not.toBe(0);
    expect(server.stderr).toContain('ADMIN_TOKEN');
    expect(server.stderr).toContain('SECRETS_KEY');
    expect(server.stderr).not.toMatch(/^\s+at /m);
  }, 40_000);
});
