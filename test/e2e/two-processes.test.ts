// Black-box tests of two real processes (`node dist/main.js`) on one PostgreSQL database, as a partner behind a load
// balancer would reach them: idempotency, the no-overdraft rule and the job runner must hold across processes.
// PGlite allows one process per data directory, so without DATABASE_URL there is nothing to test here.

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/net.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const databaseUrl = process.env.DATABASE_URL;
// Every variable loadConfig reads: the children get none of the parent's, only what this file sets.
const configVariables =
  'PORT HOST DATA_DIR DATABASE_URL DATABASE_POOL_SIZE BROKERAGE_ENV ADMIN_TOKEN SECRETS_KEY QUOTE_TTL_SECONDS ORDER_PAYMENT_WINDOW_SECONDS WRITE_RATE_LIMIT_PER_MINUTE WEBHOOK_ALLOW_INSECURE PUBLIC_BASE_URL LOG_LEVEL SANDBOX_SETTLE_DELAY_MS READ_THROTTLE_PER_SECOND'.split(
    ' ',
  );
// Both processes share the operator token and the secrets key, as replicas of one deployment would.
const adminToken = randomBytes(24).toString('base64url');
const secretsKey = randomBytes(32).toString('hex');

interface Server {
  readonly name: string;
  readonly child: ChildProcess;
  readonly url: string;
  stdout: string;
  stderr: string;
}

interface Workspace {
  workspaceId: string;
  clientId: string;
  username: string;
  password: string;
}

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the assertions that read them
  body: any;
  text: string;
}

const children = new Set<ChildProcess>();
const tempDirs: string[] = [];

function childEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of configVariables) delete env[name];
  return { ...env, ...overrides };
}

async function spawnServer(name: string): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'brokerage-e2e-two-'));
  tempDirs.push(dataDir);
  const env = childEnv({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    ADMIN_TOKEN: adminToken,
    SECRETS_KEY: secretsKey,
    SANDBOX_SETTLE_DELAY_MS: '0',
    WRITE_RATE_LIMIT_PER_MINUTE: '100000',
    READ_THROTTLE_PER_SECOND: '100000',
    LOG_LEVEL: 'warn',
  });
  const child = spawn(process.execPath, ['dist/main.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const server: Server = { name, child, url: `http://127.0.0.1:${port}`, stdout: '', stderr: '' };
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
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

async function startHealthy(name: string): Promise<Server> {
  const server = await spawnServer(name);
  await waitFor(
    `GET ${server.url}/health`,
    async () => {
      if (server.child.exitCode !== null) {
        throw new Error(`${name} exited ${server.child.exitCode}: ${server.stderr}\n${server.stdout}`);
      }
      return fetch(`${server.url}/health`).then(
        (r) => r.status === 200,
        () => false,
      );
    },
    30_000,
  );
  return server;
}

let a: Server;
let b: Server;
let sql: postgres.Sql;

/** One request to one process; the body is parsed when it is JSON. */
async function call(server: Server, method: string, path: string, token: string, payload?: unknown, key?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body, text } as Answer;
}

/** The process a load balancer would pick for the i-th request: round robin over both. */
const pick = (i: number) => (i % 2 === 0 ? a : b);

/** A fresh workspace created through one process, its token issued by the other, with an approved payer. */
async function aPartner(name: string, payerEmail: string) {
  const created = await call(a, 'POST', '/admin/v1/workspaces', adminToken, { name });
  expect(created.status, created.text).toBe(201);
  const workspace = created.body as Workspace;
  const tokenResponse = await fetch(`${b.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: workspace.clientId,
      username: workspace.username,
      password: workspace.password,
    }).toString(),
  });
  expect(tokenResponse.status, await tokenResponse.clone().text()).toBe(200);
  const token = ((await tokenResponse.json()) as { access_token: string }).access_token;
  const kyc = await call(a, 'POST', '/v1/simulate/kyc', token, { userEmail: payerEmail, status: 'APPROVED' });
  expect(kyc.status, kyc.text).toBe(200);
  return { workspace, token };
}

async function balance(server: Server, token: string, currency: string) {
  const answer = await call(server, 'GET', `/v1/balances?currency=${currency}`, token);
  expect(answer.status, answer.text).toBe(200);
  return (answer.body.balances[0] ?? { available: 0, pending: 0 }) as { available: number; pending: number };
}

async function expectLedgerConsistent(server: Server) {
  const report = await call(server, 'GET', '/admin/v1/ledger/verification', adminToken);
  expect(report.status, report.text).toBe(200);
  expect(report.body).toMatchObject({ consistent: true, problems: [] });
}

const sepa = {
  type: 'SEPA',
  destinationName: 'Ana Silva',
  iban: 'DE89370400440532013000',
  country: 'DE',
  city: 'Berlin',
  postalCode: '10115',
};

describe.skipIf(!databaseUrl)('two server processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'pipe', timeout: 120_000 });
    // Started together, as a deployment rolls out its replicas: both migrate, under the migration lock.
    [a, b] = await Promise.all([startHealthy('A'), startHealthy('B')]);
    sql = postgres(databaseUrl ?? '', { max: 2, onnotice: () => {} });
  }, 120_000);

  afterAll(async () => {
    await sql?.end();
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited(child, 10_000).catch(() => undefined);
      }
    }
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('the same keyed POST /v1/deposits sent to both processes at once creates one deposit', async () => {
    const userEmail = 'ana.two.idem@example.com';
    const p = await aPartner('e2e two processes: idempotency', userEmail);
    const key = `two-${randomUUID()}`;
    const body = {
      userData: { firstName: 'Ana', lastName: 'Silva', userEmail, country: 'PT' },
      currency: 'EUR',
      amount: 250,
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(pick(i), 'POST', '/v1/deposits', p.token, body, key)),
    );
    const created = answers.filter((r) => r.status === 201);
    const refused = answers.filter((r) => r.status !== 201);
    expect(created.length, answers.map((r) => `${r.status} ${r.text}`).join('\n')).toBeGreaterThanOrEqual(1);
    for (const r of refused) {
      expect(r.status, r.text).toBe(409);
      expect(r.body).toMatchObject({ success: false, error: 'DuplicityError' });
    }
    const depositId = created[0]?.body.depositId as string;
    expect(depositId).toMatch(/^PRE[A-Z0-9]{12}$/);
    // A replay answers the original response unchanged, whichever process answered first.
    for (const r of created) expect(r.text).toBe(created[0]?.text);

    for (const server of [a, b]) {
      const list = await call(server, 'GET', '/v1/deposits', p.token);
      expect(list.status, list.text).toBe(200);
      expect(list.body.map((d: { depositId: string }) => d.depositId)).toEqual([depositId]);
    }
    const [row] = await sql<
      { n: string }[]
    >`select count(*)::text as n from deposits where workspace_id = ${p.workspace.workspaceId}`;
    expect(row?.n).toBe('1');
  });

  it('30 concurrent withdrawals of 10 EUR across both processes on a 100 EUR balance: 10 pass, 20 are refused', async () => {
    const userEmail = 'ana.two.funds@example.com';
    const p = await aPartner('e2e two processes: funds', userEmail);
    const deposit = await call(b, 'POST', '/v1/deposits', p.token, {
      userData: { firstName: 'Ana', lastName: 'Silva', userEmail, country: 'PT' },
      currency: 'EUR',
      amount: 100,
    });
    expect(deposit.status, deposit.text).toBe(201);
    const simulated = await call(a, 'POST', '/v1/simulate/incoming-transfer/deposit', p.token, {
      depositId: deposit.body.depositId,
      amount: 100,
      counterparty: { name: 'Ana', iban: 'PT50000201231234567890154' },
    });
    expect(simulated.status, simulated.text).toBe(200);
    await waitFor(
      'the deposit to settle into the EUR balance',
      async () => (await balance(b, p.token, 'EUR')).available === 100,
      15_000,
    );

    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(
          pick(i),
          'POST',
          '/v1/withdrawals',
          p.token,
          { currency: 'EUR', amount: 10, destinationTransferData: sepa },
          `w-${randomUUID()}`,
        ),
      ),
    );
    const summary = answers.map((r) => `${r.status} ${r.text}`).join('\n');
    const accepted = answers.filter((r) => r.status === 201);
    const refused = answers.filter((r) => r.status === 402);
    expect(accepted, summary).toHaveLength(10);
    expect(refused, summary).toHaveLength(20);
    for (const r of refused) expect(r.body).toMatchObject({ success: false, error: 'FundsError' });
    // Both processes accepted some: the contention really crossed processes.
    const acceptedBy = new Set(answers.flatMap((r, i) => (r.status === 201 ? [pick(i).name] : [])));
    expect([...acceptedBy].sort(), summary).toEqual(['A', 'B']);
    expect(accepted.reduce((sum, r) => sum + (r.body.amount as number) + (r.body.fee as number), 0)).toBe(100);

    // The payouts settle through both job runners; no reading ever shows a negative or inflated balance.
    let reads = 0;
    await waitFor(
      'all ten payouts to settle',
      async () => {
        const now = await balance(pick(reads++), p.token, 'EUR');
        expect(now.available).toBeGreaterThanOrEqual(0);
        expect(now.pending).toBeGreaterThanOrEqual(0);
        expect(now.available + now.pending).toBeLessThanOrEqual(100);
        return now.available === 0 && now.pending === 0;
      },
      20_000,
    );
    const list = await call(a, 'GET', '/v1/withdrawals', p.token);
    expect(list.status, list.text).toBe(200);
    expect(list.body).toHaveLength(10);
    expect(
      list.body.every((w: { status: string }) => w.status === 'Success'),
      list.text,
    ).toBe(true);
    expect(list.body.reduce((sum: number, w: { amount: number }) => sum + w.amount, 0)).toBe(100);
    const [row] = await sql<{ available: string; pending: string }[]>`
      select b.available::text, b.pending::text from balances b join accounts acc on acc.id = b.account_id
      where acc.workspace_id = ${p.workspace.workspaceId} and acc.kind = 'workspace' and b.currency = 'EUR'`;
    expect(row).toEqual({ available: '0', pending: '0' });
    await expectLedgerConsistent(b);
  });

  it('orders whose legs run on both job runners each complete once: one order_completed, one conversion entry', async () => {
    const userEmail = 'ana.two.orders@example.com';
    const p = await aPartner('e2e two processes: orders', userEmail);
    const payer = {
      firstName: 'Ana',
      lastName: 'Silva',
      userEmail,
      country: 'PT',
      address: '1 Main St',
      city: 'Austin',
      postalCode: '73301',
      state: 'TX',
      taxId: '52998224725',
      phoneNumber: '+254712345678',
    };
    const beneficiary = {
      firstName: 'Bruno',
      lastName: 'Costa',
      userEmail: 'bruno.two@example.com',
      country: 'BR',
      city: 'Berlin',
      postalCode: '10115',
      taxId: '52998224725',
      phoneNumber: '+5511999998888',
    };
    const pix = {
      type: 'PIX_BR',
      destinationName: 'Bruno Costa',
      destinationPixCode: 'bruno@example.com',
      destinationTaxId: '52998224725',
    };

    const count = 6;
    // The quote through one process, the order through the other, the inbound transfer through the first again.
    const orders = await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const quote = await call(pick(i), 'POST', '/v1/quotes', p.token, {
          originCurrency: 'EUR',
          destinationCurrency: 'BRL',
          originAmount: 100 + i,
        });
        expect(quote.status, quote.text).toBe(201);
        const order = await call(pick(i + 1), 'POST', '/v1/orders', p.token, {
          quoteId: quote.body.quoteId,
          userData: payer,
          destinationUserData: beneficiary,
          destinationTransferData: pix,
          externalReference: `TWO-${i}`,
        });
        expect(order.status, order.text).toBe(201);
        expect(order.body.status).toBe('Pending');
        return {
          orderId: order.body.orderId as string,
          amount: quote.body.originAmount as number,
          fee: quote.body.fee,
        };
      }),
    );
    const simulated = await Promise.all(
      orders.map((o, i) =>
        call(pick(i), 'POST', '/v1/simulate/incoming-transfer/order', p.token, {
          orderId: o.orderId,
          amount: o.amount,
          counterparty: { name: 'Ana Silva', iban: 'PT50000201231234567890154' },
        }),
      ),
    );
    for (const s of simulated) expect(s.status, s.text).toBe(200);

    const last = new Map<string, string>();
    await waitFor(
      `all ${count} orders to reach Success`,
      async () => {
        const reads = await Promise.all(
          orders.map((o, i) => call(pick(i + 1), 'GET', `/v1/orders/${o.orderId}`, p.token)),
        );
        for (const [i, r] of reads.entries()) {
          expect(r.status, r.text).toBe(200);
          expect(['Failed', 'Expired', 'Refunded']).not.toContain(r.body.status);
          last.set(orders[i]?.orderId ?? '', r.body.status);
        }
        return reads.every((r) => r.body.status === 'Success');
      },
      30_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}: ${JSON.stringify(Object.fromEntries(last))}`);
    });
    for (const [i, o] of orders.entries()) {
      const done = await call(pick(i), 'GET', `/v1/orders/${o.orderId}`, p.token);
      expect(done.body, done.text).toMatchObject({
        status: 'Success',
        fee: o.fee,
        deposit: { amount: o.amount },
        trade: { status: 'Success' },
        withdraw: { status: 'Success' },
      });
    }
    await expectLedgerConsistent(a);
    await expectLedgerConsistent(b);

    const ids = orders.map((o) => o.orderId);
    const completed = await sql<{ event_id: string; n: number }[]>`
      select event_id, count(*)::int as n from outbox_events
      where workspace_id = ${p.workspace.workspaceId} and type = 'order_completed' and event_id = any(${ids})
      group by event_id`;
    expect(Object.fromEntries(completed.map((r) => [r.event_id, r.n]))).toEqual(
      Object.fromEntries(ids.map((id) => [id, 1])),
    );
    const conversions = await sql<{ reference: string; n: number }[]>`
      select reference, count(*)::int as n from ledger_entries
      where workspace_id = ${p.workspace.workspaceId} and kind = 'order_conversion' and reference = any(${ids})
      group by reference`;
    expect(Object.fromEntries(conversions.map((r) => [r.reference, r.n]))).toEqual(
      Object.fromEntries(ids.map((id) => [id, 1])),
    );
    // Every event of these orders is written once: no leg ran twice.
    const duplicates = await sql<{ event_id: string; type: string; status: string | null; n: number }[]>`
      select event_id, type, data->>'status' as status, count(*)::int as n from outbox_events
      where workspace_id = ${p.workspace.workspaceId} and event_id = any(${ids})
      group by event_id, type, data->>'status' having count(*) > 1`;
    expect(duplicates).toEqual([]);
    // No due job of these orders is left behind on either runner (each still has its far-off expiry job).
    const pending = await sql<{ id: string; kind: string; last_error: string | null }[]>`
      select id::text, kind, last_error from jobs
      where payload->>'orderId' = any(${ids}) and done_at_ms is null and run_at_ms <= ${Date.now()}`;
    expect(pending).toEqual([]);
    // Each leg was claimed by exactly one runner, once: nothing failed and was retried, nothing was run twice.
    const reclaimed = await sql<{ id: string; kind: string; attempts: number; last_error: string | null }[]>`
      select id::text, kind, attempts, last_error from jobs
      where payload->>'orderId' = any(${ids}) and done_at_ms is not null and attempts <> 1`;
    expect(reclaimed).toEqual([]);
  }, 60_000);

  it('both processes stop cleanly on SIGTERM', async () => {
    for (const server of [a, b]) server.child.kill('SIGTERM');
    const results = await Promise.all([a, b].map((server) => exited(server.child, 15_000)));
    for (const [i, result] of results.entries()) {
      const server = [a, b][i] as Server;
      expect(result, `${server.name}: ${server.stderr}\n${server.stdout}`).toEqual({ code: 0, signal: null });
    }
  }, 20_000);
});
