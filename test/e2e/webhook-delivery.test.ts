// Black-box tests of webhook delivery through real processes (`node dist/main.js`): a committed change reaches a
// loopback receiver quickly and signed; a kill -9 between a change and its delivery loses no event (a delivery in
// flight is sent again after its lease, an event not yet fanned out is fanned out by the next process); and two
// processes on one PostgreSQL database attempt each event once per endpoint. Runs on the embedded store, or on the
// PostgreSQL server of DATABASE_URL when it is set (scripts/with-postgres.sh); the two-process case needs the latter.

import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openStore, type Store } from '../../src/storage/open-store.js';
import { freePort } from '../support/net.js';
import { beneficiary, destinations, payer, payerFields } from '../support/orders.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
// Every variable loadConfig reads: the child gets none of the parent's, only what a test sets.
const configVariables =
  'PORT HOST DATA_DIR DATABASE_URL DATABASE_POOL_SIZE BROKERAGE_ENV ADMIN_TOKEN SECRETS_KEY QUOTE_TTL_SECONDS ORDER_PAYMENT_WINDOW_SECONDS WRITE_RATE_LIMIT_PER_MINUTE WEBHOOK_ALLOW_INSECURE PUBLIC_BASE_URL LOG_LEVEL SANDBOX_SETTLE_DELAY_MS READ_THROTTLE_PER_SECOND'.split(
    ' ',
  );
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
const storeName = databaseUrl === undefined ? 'embedded store' : 'PostgreSQL';
const adminToken = 'e2e-webhook-delivery-operator-token';
// Shared by every process, as replicas of one deployment would share it: each unseals the endpoints' secrets.
const secretsKey = randomBytes(32).toString('hex');
/** What the dispatcher waits for an answer (limits.webhookTimeoutMs): a hold must end before it. */
const webhookTimeoutMs = 5_000;
/** How long a claimed delivery stays claimed (limits.webhookLeaseMs): a killed process's claim is taken after it. */
const webhookLeaseMs = 30_000;

interface Server {
  readonly child: ChildProcess;
  readonly port: number;
  readonly url: string;
  stdout: string;
  stderr: string;
}

const children = new Set<ChildProcess>();
const tempDirs: string[] = [];
const receivers: Receiver[] = [];

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'brokerage-e2e-hooks-'));
  tempDirs.push(dir);
  return dir;
}

/** The parent's environment without DATABASE_URL, ADMIN_TOKEN, SECRETS_KEY or any other server variable. */
function childEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of configVariables) delete env[name];
  return { ...env, ...overrides };
}

/** The store of a process: its DATA_DIR, plus the PostgreSQL server when the run has one. */
const storeEnv = (dataDir: string): Record<string, string> => ({
  DATA_DIR: dataDir,
  ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
});

async function spawnServer(dataDir: string, extra: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const env = childEnv({
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_TOKEN: adminToken,
    SECRETS_KEY: secretsKey,
    // Loopback http receivers are allowed; nothing here may be slowed or refused by the request limits.
    WEBHOOK_ALLOW_INSECURE: '1',
    WRITE_RATE_LIMIT_PER_MINUTE: '100000',
    READ_THROTTLE_PER_SECOND: '100000',
    SANDBOX_SETTLE_DELAY_MS: '0',
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
  intervalMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

async function startHealthy(dataDir: string, extra: Record<string, string> = {}): Promise<Server> {
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
  );
  return server;
}

/** kill -9: no shutdown hook runs; a claimed delivery keeps its lease, an event not fanned out stays so. */
async function kill9(server: Server): Promise<void> {
  server.child.kill('SIGKILL');
  expect((await exited(server.child, 10_000)).signal).toBe('SIGKILL');
}

/** A clean stop: in-flight requests finish, the job runner and the dispatcher stop, the store closes. */
async function stop(server: Server): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await exited(server.child, 15_000), `${server.stderr}\n${server.stdout}`).toEqual({ code: 0, signal: null });
}

const adminHeaders = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };

interface Workspace {
  workspaceId: string;
  clientId: string;
  username: string;
  password: string;
}

interface Partner {
  readonly workspace: Workspace;
  readonly token: string;
}

/** A partner's call: JSON in and out, the status and the raw text kept for the messages. */
async function call(server: Server, token: string, method: string, path: string, body?: object) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) };
}

/** A sandbox workspace created through one process, its token issued by another (or the same) one. */
async function aPartner(server: Server, name: string, tokenServer = server): Promise<Partner> {
  const created = await fetch(`${server.url}/admin/v1/workspaces`, {
    method: 'POST',
    headers: adminHeaders,
    body: JSON.stringify({ name, simulation: true }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const workspace = (await created.json()) as Workspace;
  const response = await fetch(`${tokenServer.url}/oauth/token`, {
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
  return { workspace, token: ((await response.json()) as { access_token: string }).access_token };
}

async function registerEndpoint(server: Server, p: Partner, url: string, secret: string): Promise<string> {
  const created = await call(server, p.token, 'POST', '/v1/webhooks', { name: 'e2e receiver', url, secret });
  expect(created.status, created.text).toBe(200);
  return created.json().id as string;
}

async function approvePayer(server: Server, p: Partner): Promise<void> {
  const kyc = await call(server, p.token, 'POST', '/v1/simulate/kyc', {
    userEmail: payer.userEmail,
    status: 'APPROVED',
  });
  expect(kyc.status, kyc.text).toBeLessThan(300);
}

/** A EUR deposit and its simulated inbound transfer, possibly through two processes. */
async function depositAndSimulate(server: Server, p: Partner, amount: number, simulateOn = server): Promise<string> {
  const deposit = await call(server, p.token, 'POST', '/v1/deposits', { userData: payer, currency: 'EUR', amount });
  expect(deposit.status, deposit.text).toBe(201);
  const depositId = deposit.json().depositId as string;
  const simulated = await call(simulateOn, p.token, 'POST', '/v1/simulate/incoming-transfer/deposit', {
    depositId,
    amount,
    ...payerFields.EUR,
  });
  expect(simulated.status, simulated.text).toBe(200);
  return depositId;
}

interface Delivery {
  eventId: string;
  eventType: string;
  state: string;
  statusCode?: number;
}

async function deliveryLog(server: Server, p: Partner, endpointId: string): Promise<Delivery[]> {
  const log = await call(server, p.token, 'GET', `/v1/webhooks/${endpointId}/deliveries?limit=500`);
  expect(log.status, log.text).toBe(200);
  return log.json() as Delivery[];
}

interface Arrival {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The exact bytes, as a signature must be computed over them. */
  readonly raw: Buffer;
  readonly body: { id: string; type: string; api_version: string; data: Record<string, unknown> };
  /** When the whole body had arrived (this process's clock, the servers' too: one machine). */
  readonly at: number;
  /** Answered 200 while the sender was still connected: a complete delivery. */
  answered: boolean;
  /** The sender went away before the answer: a delivery cut short. */
  aborted: boolean;
}

interface Receiver {
  readonly url: string;
  readonly received: Arrival[];
  close(): Promise<void>;
}

/**
 * A webhook receiver on loopback that records every POST with its arrival time and answers 200, after `holdMs`
 * for the deliveries it picks (0: at once). A held request whose sender dies is recorded as aborted.
 */
async function aReceiver(holdMs: (body: Arrival['body'], received: readonly Arrival[]) => number = () => 0) {
  const received: Arrival[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = JSON.parse(raw.toString('utf8')) as Arrival['body'];
      const hold = holdMs(body, received);
      const arrival: Arrival = {
        path: req.url ?? '',
        headers: req.headers,
        raw,
        body,
        at: Date.now(),
        answered: false,
        aborted: false,
      };
      received.push(arrival);
      // The response closes when it is finished or when the connection under it goes first.
      res.once('finish', () => {
        arrival.answered = true;
      });
      res.once('close', () => {
        if (!res.writableFinished) arrival.aborted = true;
      });
      const answer = () => {
        if (!res.destroyed) res.writeHead(200).end();
      };
      if (hold === 0) answer();
      else {
        const timer = setTimeout(() => {
          timers.delete(timer);
          answer();
        }, hold);
        timers.add(timer);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiver: Receiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  receivers.push(receiver);
  return receiver;
}

/** The spec's receiver check: `sha256=` and the lowercase hex HMAC-SHA256 of the exact body bytes. */
const signatureOf = (secret: string, raw: Buffer) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

/** Signed over its exact bytes, with the envelope { id, type, api_version: '1.0', data } in that order. */
function expectSignedEnvelope(arrival: Arrival, secret: string) {
  expect(arrival.headers['x-service-signature-256'], arrival.raw.toString()).toBe(signatureOf(secret, arrival.raw));
  expect(arrival.headers['content-type']).toBe('application/json');
  expect(Object.keys(arrival.body)).toEqual(['id', 'type', 'api_version', 'data']);
  expect(arrival.body.api_version).toBe('1.0');
  expect(typeof arrival.body.id).toBe('string');
  expect(typeof arrival.body.data).toBe('object');
}

/** An event as the receiver reads it: what must arrive, whatever the order. */
const eventKey = (id: string, type: string, data: unknown) => JSON.stringify([id, type, data]);
const arrivalKey = (a: Arrival) => eventKey(a.body.id, a.body.type, a.body.data);

interface StoredEvent {
  readonly outboxId: string;
  readonly eventId: string;
  readonly type: string;
  readonly data: unknown;
  readonly occurredAtMs: number;
  readonly fannedOut: boolean;
  readonly key: string;
}

interface StoredDelivery {
  readonly outboxId: string;
  readonly state: string;
  readonly statusCode: number | null;
  readonly createdAtMs: number;
}

/**
 * The store as the processes left it: opened the way main.ts opens it (on PGlite only once the server is gone,
 * which also takes over a killed server's stale pid file).
 */
async function withStore<T>(dataDir: string, read: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(loadConfig(storeEnv(dataDir)));
  try {
    return await read(store);
  } finally {
    await store.close();
  }
}

async function storedEvents(store: Store, workspaceId: string): Promise<StoredEvent[]> {
  const rows = await store.db.query<{
    id: string;
    event_id: string;
    type: string;
    data: string;
    occurred_at_ms: string;
    fanned: boolean;
  }>(
    `select id::text as id, event_id, type, data::text as data, occurred_at_ms::text as occurred_at_ms,
       fanned_out_at_ms is not null as fanned
     from outbox_events where workspace_id = $1 order by outbox_events.id`,
    [workspaceId],
  );
  return rows.map((r) => {
    const data = JSON.parse(r.data) as unknown;
    return {
      outboxId: r.id,
      eventId: r.event_id,
      type: r.type,
      data,
      occurredAtMs: Number(r.occurred_at_ms),
      fannedOut: r.fanned,
      key: eventKey(r.event_id, r.type, data),
    };
  });
}

async function storedDeliveries(store: Store, endpointId: string): Promise<StoredDelivery[]> {
  const rows = await store.db.query<{ outbox_id: string; state: string; status_code: number | null; created: string }>(
    `select outbox_id::text as outbox_id, state, status_code, created_at_ms::text as created
     from webhook_deliveries where endpoint_id = $1 order by id`,
    [endpointId],
  );
  return rows.map((r) => ({
    outboxId: r.outbox_id,
    state: r.state,
    statusCode: r.status_code === null ? null : Number(r.status_code),
    createdAtMs: Number(r.created),
  }));
}

/** How many times each value occurs. */
function tally(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(() => {
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'pipe', timeout: 120_000 });
}, 130_000);

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child, 10_000).catch(() => undefined);
    }
  }
  for (const receiver of receivers) await receiver.close();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe(`webhook delivery through a real process (${storeName})`, () => {
  it('a settled deposit reaches the endpoint within milliseconds of its commit, signed over the exact bytes', async () => {
    const receiver = await aReceiver();
    const dataDir = freshDir();
    const server = await startHealthy(dataDir);
    const p = await aPartner(server, 'e2e webhook lag');
    const secret = 'e2e-lag-secret';
    const endpointId = await registerEndpoint(server, p, `${receiver.url}/lag`, secret);
    await approvePayer(server, p);

    const deposits: { depositId: string; amount: number }[] = [];
    for (let i = 0; i < 5; i++) {
      const amount = 100 + i;
      const depositId = await depositAndSimulate(server, p, amount);
      await waitFor(
        `deposit_completed of ${depositId} at the receiver`,
        () => receiver.received.some((r) => r.body.type === 'deposit_completed' && r.body.id === depositId),
        10_000,
        20,
      );
      deposits.push({ depositId, amount });
    }
    // Nothing more is on its way (a late duplicate would show here).
    await sleep(1_500);

    for (const arrival of receiver.received) {
      expect(arrival.path).toBe('/lag');
      expectSignedEnvelope(arrival, secret);
      expect(arrival.answered).toBe(true);
    }
    for (const { depositId, amount } of deposits) {
      const completed = receiver.received.filter((r) => r.body.type === 'deposit_completed' && r.body.id === depositId);
      expect(completed).toHaveLength(1);
      expect(completed[0]?.body.data).toMatchObject({ depositId, status: 'Received', amount, currency: 'EUR' });
    }
    const types = new Set(receiver.received.map((r) => r.body.type));
    expect([...types].sort()).toEqual([
      'balance_updated',
      'deposit_completed',
      'kyc_completed',
      'verification_status_updated',
    ]);

    const log = await deliveryLog(server, p, endpointId);
    expect(log).toHaveLength(receiver.received.length);
    for (const entry of log) expect(entry).toMatchObject({ state: 'delivered', statusCode: 200 });
    await stop(server);

    // Every committed event arrived once; the lag is measured from the event's time (taken in its transaction,
    // before the commit) to its arrival.
    const { events, rows } = await withStore(dataDir, async (store) => ({
      events: await storedEvents(store, p.workspace.workspaceId),
      rows: await storedDeliveries(store, endpointId),
    }));
    expect(tally(receiver.received.map(arrivalKey))).toEqual(tally(events.map((e) => e.key)));
    expect(rows.map((r) => r.outboxId)).toEqual(events.map((e) => e.outboxId));
    const lags = deposits.map(({ depositId }) => {
      const event = events.find((e) => e.type === 'deposit_completed' && e.eventId === depositId) as StoredEvent;
      const arrival = receiver.received.find((r) => r.body.type === 'deposit_completed' && r.body.id === depositId);
      return (arrival?.at ?? Number.NaN) - event.occurredAtMs;
    });
    const summary = `deposit_completed lags (ms): ${lags.join(', ')}`;
    console.info(`[${storeName}] ${summary}`);
    for (const lag of lags) expect(lag, summary).toBeGreaterThanOrEqual(0);
    // Woken by NOTIFY at the commit, not by the 1 s poll: every lag well under the poll interval.
    for (const lag of lags) expect(lag, summary).toBeLessThan(500);
  }, 60_000);

  it('kill -9 with one delivery in flight and three committed events not yet fanned out: no event is lost', async () => {
    // The first deposit_completed is held for 4 s (under the dispatcher's 5 s timeout). While it is held the
    // dispatcher's drain waits on it, so the events committed meanwhile (the withdrawal's) are not fanned out.
    const holdMs = 4_000;
    expect(holdMs).toBeLessThan(webhookTimeoutMs - 500);
    const receiver = await aReceiver((body, received) =>
      body.type === 'deposit_completed' && !received.some((r) => r.body.type === 'deposit_completed') ? holdMs : 0,
    );
    const dataDir = freshDir();
    const settle = { SANDBOX_SETTLE_DELAY_MS: '1500' };
    const first = await startHealthy(dataDir, settle);
    const p = await aPartner(first, 'e2e webhook kill -9');
    const secret = 'e2e-crash-secret';
    const endpointId = await registerEndpoint(first, p, `${receiver.url}/crash`, secret);
    await approvePayer(first, p);
    const depositId = await depositAndSimulate(first, p, 100);
    await waitFor(
      'the deposit_completed delivery to reach the receiver (and be held)',
      () => receiver.received.some((r) => r.body.type === 'deposit_completed'),
      10_000,
      10,
    );
    const held = receiver.received.find((r) => r.body.type === 'deposit_completed') as Arrival;
    expect(held.body.id).toBe(depositId);

    // The deposit has committed, so its funds are there: the withdrawal is held, then paid out 1.5 s later by a job.
    const created = await call(first, p.token, 'POST', '/v1/withdrawals', {
      currency: 'EUR',
      amount: 40,
      destinationTransferData: destinations.SEPA,
    });
    expect(created.status, created.text).toBe(201);
    const withdrawalId = created.json().withdrawalId as string;
    const seen: string[] = [];
    await waitFor(
      `withdrawal ${withdrawalId} to reach Success`,
      async () => {
        const read = await call(first, p.token, 'GET', `/v1/withdrawals/${withdrawalId}`);
        expect(read.status, read.text).toBe(200);
        const status = read.json().status as string;
        if (seen.at(-1) !== status) seen.push(status);
        expect(['Pending', 'Success'], seen.join(' → ')).toContain(status);
        return status === 'Success';
      },
      10_000,
      20,
    );
    // At once: the payout's commit is behind us, the held delivery not yet answered.
    await kill9(first);
    const killedAt = Date.now();
    expect(held.answered, `the kill came ${killedAt - held.at} ms after the hold began: too late`).toBe(false);
    await waitFor('the receiver to see the held request cut short', () => held.aborted, 5_000, 10);
    expect(receiver.received.filter((r) => r.body.type === 'withdrawal_completed')).toEqual([]);

    // Where the kill landed: the held delivery claimed ('sending', under its lease), the withdrawal's events
    // committed but not fanned out to any endpoint.
    const atKill = await withStore(dataDir, async (store) => ({
      events: await storedEvents(store, p.workspace.workspaceId),
      rows: await storedDeliveries(store, endpointId),
    }));
    const heldEvent = atKill.events.find((e) => e.type === 'deposit_completed') as StoredEvent;
    expect(atKill.rows.filter((r) => r.state === 'sending').map((r) => r.outboxId)).toEqual([heldEvent.outboxId]);
    const notFanned = atKill.events.filter((e) => !e.fannedOut);
    expect(notFanned.map((e) => e.type)).toEqual(['balance_updated', 'balance_updated', 'withdrawal_completed']);
    expect(notFanned.at(-1)?.eventId).toBe(withdrawalId);
    expect(notFanned.every((e) => Number(e.outboxId) > Number(heldEvent.outboxId))).toBe(true);

    // The next process fans out the waiting events as it starts, and takes the held delivery again once its lease
    // has run out: the spec's allowed duplicate, never a loss.
    const restartedAt = Date.now();
    const second = await startHealthy(dataDir, settle);
    await waitFor(
      'withdrawal_completed at the receiver after the restart',
      () => receiver.received.some((r) => r.body.type === 'withdrawal_completed' && r.answered),
      10_000,
      20,
    );
    const withdrawalLag = Date.now() - restartedAt;
    await waitFor(
      'the held deposit_completed to be delivered again after its lease',
      () => receiver.received.some((r) => r !== held && r.body.type === 'deposit_completed' && r.answered),
      webhookLeaseMs + 15_000,
      100,
    );
    const resentAfterMs =
      (receiver.received.find((r) => r !== held && r.body.type === 'deposit_completed')?.at ?? 0) - held.at;
    console.info(
      `[${storeName}] killed ${killedAt - held.at} ms into the ${holdMs} ms hold; withdrawal_completed ${withdrawalLag} ms after the restart began; the held deposit_completed again ${resentAfterMs} ms after its first send`,
    );
    expect(resentAfterMs).toBeGreaterThanOrEqual(webhookLeaseMs - 1_000);
    await sleep(1_500);

    const log = await deliveryLog(second, p, endpointId);
    for (const entry of log)
      expect(entry, JSON.stringify(entry)).toMatchObject({ state: 'delivered', statusCode: 200 });
    expect(log.filter((d) => d.eventType === 'withdrawal_completed').map((d) => d.eventId)).toEqual([withdrawalId]);
    expect(log.filter((d) => d.eventType === 'deposit_completed').map((d) => d.eventId)).toEqual([depositId]);
    await stop(second);

    const after = await withStore(dataDir, async (store) => ({
      events: await storedEvents(store, p.workspace.workspaceId),
      rows: await storedDeliveries(store, endpointId),
    }));
    // The restart committed no new event; one delivery row per event, every one delivered.
    expect(after.events.map((e) => e.outboxId)).toEqual(atKill.events.map((e) => e.outboxId));
    expect(after.events.every((e) => e.fannedOut)).toBe(true);
    expect(after.rows.map((r) => r.outboxId)).toEqual(after.events.map((e) => e.outboxId));
    expect(new Set(after.rows.map((r) => `${r.state} ${r.statusCode}`))).toEqual(new Set(['delivered 200']));

    // At the receiver: every event complete at least once, signed; the only one that came twice is the held one.
    for (const arrival of receiver.received) expectSignedEnvelope(arrival, secret);
    const complete = tally(receiver.received.filter((r) => r.answered).map(arrivalKey));
    for (const event of after.events) expect(complete.get(event.key) ?? 0, event.key).toBeGreaterThanOrEqual(1);
    const sent = tally(receiver.received.map(arrivalKey));
    const twice = [...sent].filter(([, n]) => n > 1);
    expect(twice).toEqual([[heldEvent.key, 2]]);
    expect(receiver.received.filter((r) => r.aborted)).toEqual([held]);
    expect([...new Set(after.events.map((e) => e.type))].sort()).toEqual([
      'balance_updated',
      'deposit_completed',
      'kyc_completed',
      'verification_status_updated',
      'withdrawal_completed',
    ]);
  }, 90_000);
});

describe.skipIf(databaseUrl === undefined)('two processes on one PostgreSQL database, one dispatcher each', () => {
  it('each event is attempted once per endpoint: every body arrives exactly once, one delivered row each', async () => {
    const receiver = await aReceiver();
    const [a, b] = await Promise.all([startHealthy(freshDir()), startHealthy(freshDir())]);
    const pick = (i: number) => (i % 2 === 0 ? a : b);
    const p = await aPartner(a, 'e2e webhooks on two processes', b);
    const secret = 'e2e-two-dispatchers-secret';
    const endpointId = await registerEndpoint(b, p, `${receiver.url}/two`, secret);
    await approvePayer(a, p);

    // Deposits created through one process and simulated through the other; orders spread the same way. Every
    // commit wakes both dispatchers (NOTIFY reaches every listener), which race for the fan-out and the claims.
    const depositIds = await Promise.all(
      Array.from({ length: 8 }, (_, i) => depositAndSimulate(pick(i), p, 10 + i, pick(i + 1))),
    );
    const orderIds = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const quote = await call(pick(i), p.token, 'POST', '/v1/quotes', {
          originCurrency: 'EUR',
          destinationCurrency: 'BRL',
          originAmount: 100 + i,
        });
        expect(quote.status, quote.text).toBe(201);
        const order = await call(pick(i + 1), p.token, 'POST', '/v1/orders', {
          quoteId: quote.json().quoteId,
          userData: payer,
          destinationUserData: beneficiary,
          destinationTransferData: destinations.PIX_BR,
          externalReference: `HOOKS-TWO-${i}`,
        });
        expect(order.status, order.text).toBe(201);
        const orderId = order.json().orderId as string;
        const simulated = await call(pick(i), p.token, 'POST', '/v1/simulate/incoming-transfer/order', {
          orderId,
          amount: quote.json().originAmount,
          ...payerFields.EUR,
        });
        expect(simulated.status, simulated.text).toBe(200);
        return orderId;
      }),
    );
    const statusOf = async (i: number, path: string) => {
      const read = await call(pick(i), p.token, 'GET', path);
      expect(read.status, read.text).toBe(200);
      return read.json().status as string;
    };
    await waitFor(
      'every deposit Received and every order Success',
      async () => {
        const deposits = await Promise.all(depositIds.map((id, i) => statusOf(i, `/v1/deposits/${id}`)));
        const orders = await Promise.all(orderIds.map((id, i) => statusOf(i, `/v1/orders/${id}`)));
        return deposits.every((s) => s === 'Received') && orders.every((s) => s === 'Success');
      },
      30_000,
      200,
    );

    const store = await openStore(loadConfig(storeEnv(freshDir())));
    try {
      // Quiet: as many arrivals as events, none still on its way, and nothing new for a while.
      let events: StoredEvent[] = [];
      let lastCount = -1;
      let stableSince = Date.now();
      await waitFor(
        'the receiver to quiesce',
        async () => {
          events = await storedEvents(store, p.workspace.workspaceId);
          if (receiver.received.length !== lastCount) {
            lastCount = receiver.received.length;
            stableSince = Date.now();
          }
          return receiver.received.length >= events.length && Date.now() - stableSince >= 1_500;
        },
        30_000,
        100,
      );
      events = await storedEvents(store, p.workspace.workspaceId);
      const rows = await storedDeliveries(store, endpointId);

      // Each (id, type, data) exactly as often as it was committed, and each exact body once per commit: no kill
      // here, so no duplicate is allowed.
      expect(receiver.received.length).toBe(events.length);
      expect(tally(receiver.received.map(arrivalKey))).toEqual(tally(events.map((e) => e.key)));
      const committed = tally(events.map((e) => e.key));
      for (const [raw, n] of tally(receiver.received.map((r) => r.raw.toString('utf8')))) {
        const { id, type, data } = JSON.parse(raw) as Arrival['body'];
        expect(n, raw).toBe(committed.get(eventKey(id, type, data)));
      }
      for (const arrival of receiver.received) {
        expectSignedEnvelope(arrival, secret);
        expect(arrival.answered).toBe(true);
      }
      for (const id of depositIds) {
        expect(receiver.received.filter((r) => r.body.type === 'deposit_completed' && r.body.id === id)).toHaveLength(
          1,
        );
      }
      for (const id of orderIds) {
        expect(receiver.received.filter((r) => r.body.type === 'order_completed' && r.body.id === id)).toHaveLength(1);
      }
      // One delivery row per outbox event for this endpoint, every one delivered.
      expect(events.every((e) => e.fannedOut)).toBe(true);
      expect(rows.map((r) => r.outboxId).sort()).toEqual(events.map((e) => e.outboxId).sort());
      expect(new Set(rows.map((r) => `${r.state} ${r.statusCode}`))).toEqual(new Set(['delivered 200']));
      console.info(`[${storeName}] two dispatchers: ${events.length} events, ${receiver.received.length} arrivals`);
    } finally {
      await store.close();
    }
    await Promise.all([stop(a), stop(b)]);
  }, 90_000);
});
