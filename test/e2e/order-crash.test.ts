// Black-box crash tests of an order's legs: the real process (`node dist/main.js`) is killed with SIGKILL while an
// order is in flight, restarted on the same store, and must finish the order exactly once. Runs on the embedded
// store, or on the PostgreSQL server of DATABASE_URL when it is set (scripts/with-postgres.sh).

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openStore } from '../../src/storage/open-store.js';
import { freePort } from '../support/net.js';
import { beneficiary, destinations, payer, payerFields } from '../support/orders.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Every variable loadConfig reads: the child gets none of the parent's, only what a test sets.
const configVariables =
  'PORT HOST DATA_DIR DATABASE_URL DATABASE_POOL_SIZE BROKERAGE_ENV ADMIN_TOKEN SECRETS_KEY QUOTE_TTL_SECONDS ORDER_PAYMENT_WINDOW_SECONDS WRITE_RATE_LIMIT_PER_MINUTE WEBHOOK_ALLOW_INSECURE PUBLIC_BASE_URL LOG_LEVEL SANDBOX_SETTLE_DELAY_MS READ_THROTTLE_PER_SECOND'.split(
    ' ',
  );
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
const adminToken = 'e2e-order-crash-operator-token';
/** Where the order is between its inbound transfer and Success: a kill here leaves a leg to finish after restart. */
const midOrder = new Set(['Received', 'Exchanging', 'Withdrawn']);
/** The outbox of one clean run of a SEPA-funded PIX_BR order, as test/api/orders.test.ts records it. */
const cleanRunEvents = [
  'order_status_updated:Received',
  'order_status_updated:Exchanging',
  'trade_completed',
  'order_status_updated:Withdrawn',
  'order_status_updated:Success',
  'order_completed',
];

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

/** The store every process of a test shares: DATA_DIR, plus the PostgreSQL server when the run has one. */
const storeEnv = (dataDir: string): Record<string, string> => ({
  DATA_DIR: dataDir,
  ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
});

async function spawnServer(dataDir: string, extra: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const env = childEnv({
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ADMIN_TOKEN: adminToken,
    ...storeEnv(dataDir),
    ...extra,
  });
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

async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  intervalMs = 200,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

async function startHealthy(dataDir: string, extra: Record<string, string>, intervalMs = 200): Promise<Server> {
  const server = await spawnServer(dataDir, extra);
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
    intervalMs,
  );
  return server;
}

/** kill -9: no shutdown hook runs, in-flight transactions are lost, claimed jobs keep their lease. */
async function kill9(server: Server): Promise<void> {
  server.child.kill('SIGKILL');
  expect((await exited(server.child, 10_000)).signal).toBe('SIGKILL');
}

const adminHeaders = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };

interface Workspace {
  workspaceId: string;
  clientId: string;
  username: string;
  password: string;
}

async function createWorkspace(server: Server, name: string): Promise<Workspace> {
  const response = await fetch(`${server.url}/admin/v1/workspaces`, {
    method: 'POST',
    headers: adminHeaders,
    body: JSON.stringify({ name, simulation: true }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Workspace;
}

async function partnerToken(server: Server, workspace: Workspace): Promise<string> {
  const response = await fetch(`${server.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: workspace.clientId,
      username: workspace.username,
      password: workspace.password,
    }).toString(),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A partner's call: JSON in and out, the status and the raw text kept for byte-for-byte comparisons. */
async function call(server: Server, token: string, method: string, path: string, body?: object, key?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) };
}

async function orderStatus(server: Server, token: string, orderId: string): Promise<string> {
  const response = await call(server, token, 'GET', `/v1/orders/${orderId}`);
  expect(response.status, response.text).toBe(200);
  return response.json().status;
}

/** Polls the order until `done` says so; returns the status that stopped it and every status seen on the way. */
async function pollOrder(
  server: Server,
  token: string,
  orderId: string,
  done: (status: string) => boolean,
  timeoutMs: number,
  intervalMs = 25,
): Promise<{ status: string; seen: string[] }> {
  const seen: string[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await orderStatus(server, token, orderId);
    if (seen.at(-1) !== status) seen.push(status);
    if (done(status)) return { status, seen };
    if (Date.now() > deadline) {
      throw new Error(`order ${orderId} still ${status} after ${timeoutMs} ms (seen: ${seen.join(' → ')})`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

interface Partner {
  readonly workspace: Workspace;
  readonly token: string;
}

/** A sandbox workspace with a token, and its payer approved. */
async function aPartner(server: Server, name: string): Promise<Partner> {
  const workspace = await createWorkspace(server, name);
  const token = await partnerToken(server, workspace);
  const kyc = await call(server, token, 'POST', '/v1/simulate/kyc', { userEmail: payer.userEmail, status: 'APPROVED' });
  expect(kyc.status, kyc.text).toBeLessThan(300);
  return { workspace, token };
}

interface PlacedOrder {
  readonly partner: Partner;
  readonly orderId: string;
  readonly originAmount: number;
  readonly key: string;
  readonly body: object;
  readonly created: { status: number; text: string };
}

/** A EUR→BRL quote of 100 and a keyed order on it, paying out over PIX. */
async function placeOrder(server: Server, partner: Partner, reference: string): Promise<PlacedOrder> {
  const quote = await call(server, partner.token, 'POST', '/v1/quotes', {
    originCurrency: 'EUR',
    destinationCurrency: 'BRL',
    originAmount: 100,
  });
  expect(quote.status, quote.text).toBe(201);
  const { quoteId, originAmount } = quote.json() as { quoteId: string; originAmount: number };
  const key = `e2e-${partner.workspace.workspaceId}-${reference}`;
  const body = {
    quoteId,
    userData: payer,
    destinationUserData: beneficiary,
    destinationTransferData: destinations.PIX_BR,
    externalReference: reference,
  };
  const created = await call(server, partner.token, 'POST', '/v1/orders', body, key);
  expect(created.status, created.text).toBe(201);
  const order = created.json() as { orderId: string; status: string };
  expect(order.status).toBe('Pending');
  return { partner, orderId: order.orderId, originAmount, key, body, created };
}

async function simulateInbound(server: Server, placed: PlacedOrder) {
  const simulated = await call(server, placed.partner.token, 'POST', '/v1/simulate/incoming-transfer/order', {
    orderId: placed.orderId,
    amount: placed.originAmount,
    ...payerFields.EUR,
  });
  expect(simulated.status, simulated.text).toBe(200);
}

/** The statuses of all of a partner's orders, by orderId, in one read. */
async function statuses(server: Server, partner: Partner): Promise<Map<string, string>> {
  const list = await call(server, partner.token, 'GET', '/v1/orders?limit=500');
  expect(list.status, list.text).toBe(200);
  return new Map(list.json().map((o: { orderId: string; status: string }) => [o.orderId, o.status]));
}

/**
 * What a restarted server must show for one partner's orders: Success, one order per key however the key is
 * retried, and a balanced ledger.
 */
async function expectCompletedOnce(server: Server, placed: readonly PlacedOrder[]) {
  const partner = placed[0]?.partner as Partner;
  for (const order of placed) {
    // The partner retries its keyed create after the crash: the committed answer replays, or the key is refused.
    const retried = await call(server, partner.token, 'POST', '/v1/orders', order.body, order.key);
    expect([201, 409], retried.text).toContain(retried.status);
    if (retried.status === 201) expect(retried.text).toBe(order.created.text);
    else expect(retried.json()).toMatchObject({ success: false, error: 'DuplicityError' });
  }
  const listed = await statuses(server, partner);
  expect([...listed.keys()].sort()).toEqual(placed.map((o) => o.orderId).sort());
  expect(new Set(listed.values())).toEqual(new Set(['Success']));

  const verification = await fetch(`${server.url}/admin/v1/ledger/verification`, { headers: adminHeaders });
  expect(verification.status, await verification.clone().text()).toBe(200);
  expect(await verification.json()).toMatchObject({ consistent: true, problems: [] });
}

interface Effects {
  readonly events: string[];
  readonly entries: string[];
  readonly jobs: string[];
  /** Order jobs claimed more than once: a claim lost with a killed process and taken again after its lease. */
  readonly reclaimed: string[];
}

/**
 * The store as the server left it, read after the server is gone (PGlite serves one process: its DATA_DIR is locked
 * while a server runs). Opened the way main.ts opens it, which also takes over the stale pid file of a killed server.
 */
async function storedEffects(dataDir: string, placed: readonly PlacedOrder[]): Promise<Map<string, Effects>> {
  const store = await openStore(loadConfig(storeEnv(dataDir)));
  try {
    const effects = new Map<string, Effects>();
    for (const order of placed) {
      const events = await store.db.query<{ type: string; status: string | null }>(
        `select type, data->>'status' as status from outbox_events where workspace_id = $1 and event_id = $2
         order by id`,
        [order.partner.workspace.workspaceId, order.orderId],
      );
      const entries = await store.db.query<{ kind: string }>(
        'select kind from ledger_entries where reference = $1 order by id',
        [order.orderId],
      );
      const jobs = await store.db.query<{ kind: string; done: boolean; attempts: number }>(
        `select kind, done_at_ms is not null as done, attempts from jobs
         where payload->>'orderId' = $1 and kind <> 'order.expire' order by id`,
        [order.orderId],
      );
      effects.set(order.orderId, {
        events: events.map((e) => (e.type === 'order_status_updated' ? `${e.type}:${e.status}` : e.type)),
        entries: entries.map((e) => e.kind),
        jobs: jobs.map((j) => `${j.kind}${j.done ? '' : ' (not done)'}`),
        reclaimed: jobs.filter((j) => Number(j.attempts) > 1).map((j) => j.kind),
      });
    }
    return effects;
  } finally {
    await store.close();
  }
}

/** Exactly one run of every leg: one event per step, one order_completed, one ledger entry per leg, one job each. */
function expectOneRun(effects: Effects | undefined) {
  expect(effects?.events).toEqual(cleanRunEvents);
  expect(effects?.events.filter((type) => type === 'order_completed')).toHaveLength(1);
  expect(effects?.entries).toEqual(['order_inbound', 'order_conversion', 'order_payout']);
  expect(effects?.jobs).toEqual(['order.inbound', 'order.trade', 'order.payout', 'order.confirm']);
}

/** Whether the port takes a connection: true from listen() on, even while the server's event loop is busy. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let dataDir: string;

beforeAll(() => {
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'pipe', timeout: 120_000 });
  dataDir = freshDir();
}, 130_000);

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child, 10_000).catch(() => undefined);
    }
  }
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe(`an order survives kill -9 of the server (${databaseUrl === undefined ? 'embedded store' : 'PostgreSQL'})`, () => {
  it('killed right after the inbound transfer is accepted, and again once Withdrawn: completes once', async () => {
    const delay = { SANDBOX_SETTLE_DELAY_MS: '1500' };
    const first = await startHealthy(dataDir, delay);
    const partner = await aPartner(first, 'e2e crash after simulate');
    const placed = await placeOrder(first, partner, 'INV-after-simulate');
    await simulateInbound(first, placed);
    await kill9(first);

    // The inbound leg was queued but had not settled: the restarted server runs it, then the next legs, and is
    // killed in its turn once the payout has left and its confirmation is queued.
    const second = await startHealthy(dataDir, delay);
    const midway = await pollOrder(
      second,
      partner.token,
      placed.orderId,
      (s) => s === 'Withdrawn' || s === 'Success',
      20_000,
    );
    expect(
      midway.seen.every((s) => s === 'Pending' || midOrder.has(s)),
      midway.seen.join(' → '),
    ).toBe(true);
    expect(midway.status, `the second kill came too late: ${midway.seen.join(' → ')}`).toBe('Withdrawn');
    await kill9(second);

    // Kills land between jobs here; one that took a claimed job with it would cost up to a lease (30 s) more.
    const third = await startHealthy(dataDir, delay);
    const finished = await pollOrder(third, partner.token, placed.orderId, (s) => s === 'Success', 45_000, 100);
    expect(
      finished.seen.every((s) => midOrder.has(s) || s === 'Success'),
      finished.seen.join(' → '),
    ).toBe(true);
    await expectCompletedOnce(third, [placed]);

    await kill9(third);
    expectOneRun((await storedEffects(dataDir, [placed])).get(placed.orderId));
  }, 120_000);

  it('killed while the order is Withdrawn (the payout left, its confirmation queued): completes once', async () => {
    const delay = { SANDBOX_SETTLE_DELAY_MS: '3000' };
    const first = await startHealthy(dataDir, delay);
    const partner = await aPartner(first, 'e2e crash while withdrawn');
    const placed = await placeOrder(first, partner, 'INV-while-withdrawn');
    await simulateInbound(first, placed);
    // Killed while the payout has left and the rail's confirmation is 3 s away. (Exchanging lasts only from the
    // conversion's commit to the payout's, the same drain: a kill there is the claimed-batch case below.)
    const midway = await pollOrder(
      first,
      partner.token,
      placed.orderId,
      (s) => s === 'Withdrawn' || s === 'Success',
      20_000,
    );
    expect(midway.status, `the kill came too late: ${midway.seen.join(' → ')}`).toBe('Withdrawn');
    await kill9(first);

    const second = await startHealthy(dataDir, delay);
    const finished = await pollOrder(second, partner.token, placed.orderId, (s) => s === 'Success', 45_000, 100);
    expect(
      finished.seen.every((s) => midOrder.has(s) || s === 'Success'),
      finished.seen.join(' → '),
    ).toBe(true);
    await expectCompletedOnce(second, [placed]);

    await kill9(second);
    expectOneRun((await storedEffects(dataDir, [placed])).get(placed.orderId));
  }, 120_000);

  it('killed while a batch of legs is claimed: the lost claims are taken again after their lease, each once', async () => {
    // Twenty inbound transfers are queued on a server that dies before any settles. The next server finds them all
    // due as it starts and claims them in one batch (batchSize 20), then works through its batches one transaction
    // at a time: from just after listen() until the drain ends, a batch is always claimed and partly done. It is
    // killed inside that drain, timed from the moment its port accepts connections: on PGlite the drain holds the
    // event loop, so no HTTP answer could time it. The claims it took with it keep their 30 s lease (JobRunner's
    // default; neither createContext nor the configuration can change it), and a third server runs those legs once
    // the lease has run out.
    const first = await startHealthy(dataDir, { SANDBOX_SETTLE_DELAY_MS: '3000' });
    const partner = await aPartner(first, 'e2e crash inside a claimed batch');
    const placed: PlacedOrder[] = [];
    for (let i = 0; i < 20; i++) placed.push(await placeOrder(first, partner, `INV-batch-${i}`));
    const simulating = Date.now();
    for (const order of placed) await simulateInbound(first, order);
    const allDue = Date.now() + 3_000;
    expect(
      new Set((await statuses(first, partner)).values()),
      `an inbound transfer settled before the kill (simulating took ${Date.now() - simulating} ms)`,
    ).toEqual(new Set(['Pending']));
    await kill9(first);
    await sleep(Math.max(0, allDue + 250 - Date.now()));

    // 60 legs take about 1.5 s on PGlite and 0.4 s on PostgreSQL; the claim of the first batch takes a few ms.
    const second = await spawnServer(dataDir, { SANDBOX_SETTLE_DELAY_MS: '2000' });
    await waitFor(`a TCP listener on ${second.port}`, () => accepts(second.port), 60_000, 2);
    await sleep(databaseUrl === undefined ? 400 : 150);
    await kill9(second);

    const restarted = Date.now();
    const third = await startHealthy(dataDir, { SANDBOX_SETTLE_DELAY_MS: '2000' });
    await waitFor(
      'every order of the batch to reach Success',
      async () => [...(await statuses(third, partner)).values()].every((s) => s === 'Success'),
      60_000,
      250,
    );
    const tookMs = Date.now() - restarted;
    await expectCompletedOnce(third, placed);

    await kill9(third);
    const effects = await storedEffects(dataDir, placed);
    for (const order of placed) expectOneRun(effects.get(order.orderId));
    const reclaimed = [...effects.values()].flatMap((e) => e.reclaimed);
    expect(reclaimed.length, `the kill lost no claim (all Success ${tookMs} ms after the restart)`).toBeGreaterThan(0);
  }, 150_000);
});
