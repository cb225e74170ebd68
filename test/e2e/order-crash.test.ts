// Goal: an order in flight survives kill -9 of the real process (`node dist/main.js`): restarted on the same store,
// the server finishes the order exactly once, whether the kill lands between its legs or inside a claimed batch of
// them. Method: orders placed and paid in through the sandbox, the process killed with SIGKILL at a chosen status
// (or, for a batch, while its drain runs), a new process started on the same store; then the partner's keyed
// retries, the order statuses and the ledger checked through the API, and the outbox events, ledger entries and jobs
// of each order read from the store. Runs on the embedded store, or on the PostgreSQL server of DATABASE_URL when it
// is set (scripts/with-postgres.sh).

import { beforeAll, describe, expect, it } from 'vitest';
import {
  aPartner,
  approvePayer,
  call,
  expectLedgerConsistent,
  type Partner,
  type PlacedOrder,
  placeOrder,
  simulateOrderPayment,
} from '../support/e2e-api.js';
import {
  accepts,
  kill9,
  type Server,
  serverProcesses,
  sleep,
  storeName,
  waitFor,
  withStore,
} from '../support/server-process.js';

const processes = serverProcesses({ env: { LOG_LEVEL: 'info', ADMIN_TOKEN: 'e2e-order-crash-operator-token' } });

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

/** A sandbox workspace with a token, and its payer approved. */
async function anApprovedPartner(server: Server, name: string): Promise<Partner> {
  const partner = await aPartner(server, name);
  await approvePayer(server, partner);
  return partner;
}

/** A EUR→BRL order of 100 paying out over PIX, created with an idempotency key a retry can send again. */
const placeKeyed = (server: Server, partner: Partner, reference: string) =>
  placeOrder(server, partner, {
    externalReference: reference,
    key: `e2e-${partner.workspace.workspaceId}-${reference}`,
  });

async function orderStatus(server: Server, token: string, orderId: string): Promise<string> {
  const response = await call(server, token, 'GET', `/v1/orders/${orderId}`);
  expect(response.status, response.text).toBe(200);
  return response.body.status;
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
    await sleep(intervalMs);
  }
}

/** The statuses of all of a partner's orders, by orderId, in one read. */
async function statuses(server: Server, partner: Partner): Promise<Map<string, string>> {
  const list = await call(server, partner.token, 'GET', '/v1/orders?limit=500');
  expect(list.status, list.text).toBe(200);
  return new Map(list.body.map((o: { orderId: string; status: string }) => [o.orderId, o.status]));
}

/**
 * What a restarted server must show for one partner's orders: Success, one order per key however the key is
 * retried, and a balanced ledger.
 */
async function expectCompletedOnce(server: Server, partner: Partner, placed: readonly PlacedOrder[]) {
  for (const order of placed) {
    // The partner retries its keyed create after the crash: the committed answer replays, or the key is refused.
    const retried = await call(server, partner.token, 'POST', '/v1/orders', order.body, order.key);
    expect([201, 409], retried.text).toContain(retried.status);
    if (retried.status === 201) expect(retried.text).toBe(order.created.text);
    else expect(retried.body).toMatchObject({ success: false, error: 'DuplicityError' });
  }
  const listed = await statuses(server, partner);
  expect([...listed.keys()].sort()).toEqual(placed.map((o) => o.orderId).sort());
  expect(new Set(listed.values())).toEqual(new Set(['Success']));
  await expectLedgerConsistent(server);
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
 * while a server runs).
 */
function storedEffects(dataDir: string, partner: Partner, placed: readonly PlacedOrder[]) {
  return withStore(dataDir, async (store) => {
    const effects = new Map<string, Effects>();
    for (const order of placed) {
      const events = await store.db.query<{ type: string; status: string | null }>(
        `select type, data->>'status' as status from outbox_events where workspace_id = $1 and event_id = $2
         order by id`,
        [partner.workspace.workspaceId, order.orderId],
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
  });
}

/** Exactly one run of every leg: one event per step, one order_completed, one ledger entry per leg, one job each. */
function expectOneRun(effects: Effects | undefined) {
  expect(effects?.events).toEqual(cleanRunEvents);
  expect(effects?.events.filter((type) => type === 'order_completed')).toHaveLength(1);
  expect(effects?.entries).toEqual(['order_inbound', 'order_conversion', 'order_payout']);
  expect(effects?.jobs).toEqual(['order.inbound', 'order.trade', 'order.payout', 'order.confirm']);
}

/** A keyed order of an approved partner, its inbound transfer simulated on `server` (it settles after the delay). */
async function aPaidOrder(server: Server, name: string, reference: string) {
  const partner = await anApprovedPartner(server, name);
  const placed = await placeKeyed(server, partner, reference);
  await simulateOrderPayment(server, partner, placed);
  return { partner, placed };
}

/** Polls until the payout has left and its confirmation is queued (Withdrawn), or it is too late (Success). */
const untilWithdrawn = (server: Server, partner: Partner, placed: PlacedOrder) =>
  pollOrder(server, partner.token, placed.orderId, (s) => s === 'Withdrawn' || s === 'Success', 20_000);

/**
 * A server restarted on the store finishes the order from where the kill left it, exactly once: Success through
 * mid-order statuses only, the partner's retry answered, and (once it too is killed) one run of every leg stored.
 */
async function expectFinishedOnceAfterRestart(env: Record<string, string>, partner: Partner, placed: PlacedOrder) {
  const server = await processes.startHealthy(dataDir, env);
  const finished = await pollOrder(server, partner.token, placed.orderId, (s) => s === 'Success', 45_000, 100);
  expect(
    finished.seen.every((s) => midOrder.has(s) || s === 'Success'),
    finished.seen.join(' → '),
  ).toBe(true);
  await expectCompletedOnce(server, partner, [placed]);

  await kill9(server);
  expectOneRun((await storedEffects(dataDir, partner, [placed])).get(placed.orderId));
}

let dataDir: string;

beforeAll(() => {
  dataDir = processes.freshDir();
});

describe(`an order survives kill -9 of the server (${storeName})`, () => {
  it('killed right after the inbound transfer is accepted, and again once Withdrawn: completes once', async () => {
    const delay = { SANDBOX_SETTLE_DELAY_MS: '1500' };
    const first = await processes.startHealthy(dataDir, delay);
    const { partner, placed } = await aPaidOrder(first, 'e2e crash after simulate', 'INV-after-simulate');
    await kill9(first);

    // The inbound leg was queued but had not settled: the restarted server runs it, then the next legs, and is
    // killed in its turn once the payout has left and its confirmation is queued.
    const second = await processes.startHealthy(dataDir, delay);
    const midway = await untilWithdrawn(second, partner, placed);
    expect(
      midway.seen.every((s) => s === 'Pending' || midOrder.has(s)),
      midway.seen.join(' → '),
    ).toBe(true);
    expect(midway.status, `the second kill came too late: ${midway.seen.join(' → ')}`).toBe('Withdrawn');
    await kill9(second);

    // Kills land between jobs here; one that took a claimed job with it would cost up to a lease (30 s) more.
    await expectFinishedOnceAfterRestart(delay, partner, placed);
  }, 120_000);

  it('killed while the order is Withdrawn (the payout left, its confirmation queued): completes once', async () => {
    const delay = { SANDBOX_SETTLE_DELAY_MS: '3000' };
    const first = await processes.startHealthy(dataDir, delay);
    const { partner, placed } = await aPaidOrder(first, 'e2e crash while withdrawn', 'INV-while-withdrawn');
    // Killed while the payout has left and the rail's confirmation is 3 s away. (Exchanging lasts only from the
    // conversion's commit to the payout's, the same drain: a kill there is the claimed-batch case below.)
    const midway = await untilWithdrawn(first, partner, placed);
    expect(midway.status, `the kill came too late: ${midway.seen.join(' → ')}`).toBe('Withdrawn');
    await kill9(first);

    await expectFinishedOnceAfterRestart(delay, partner, placed);
  }, 120_000);

  it('killed while a batch of legs is claimed: the lost claims are taken again after their lease, each once', async () => {
    // Twenty inbound transfers are queued on a server that dies before any settles. The next server finds them all
    // due as it starts and claims them in one batch (batchSize 20), then works through its batches one transaction
    // at a time, letting requests in between jobs: from its first claim until the payouts' batch ends, a batch is
    // always claimed and partly done. It is killed as soon as an order shows it has run a leg and before every order
    // has left: a condition, not a time after listen() (a fixed delay missed the drain once start-up grew). The claims
    // it took with it keep their 30 s lease (JobRunner's default; neither createContext nor the configuration can
    // change it), and a third server runs those legs once the lease has run out.
    const first = await processes.startHealthy(dataDir, { SANDBOX_SETTLE_DELAY_MS: '3000' });
    const partner = await anApprovedPartner(first, 'e2e crash inside a claimed batch');
    const placed: PlacedOrder[] = [];
    for (let i = 0; i < 20; i++) placed.push(await placeKeyed(first, partner, `INV-batch-${i}`));
    const simulating = Date.now();
    for (const order of placed) await simulateOrderPayment(first, partner, order);
    const allDue = Date.now() + 3_000;
    expect(
      new Set((await statuses(first, partner)).values()),
      `an inbound transfer settled before the kill (simulating took ${Date.now() - simulating} ms)`,
    ).toEqual(new Set(['Pending']));
    await kill9(first);
    await sleep(Math.max(0, allDue + 250 - Date.now()));

    // 60 legs take about 1.5 s on PGlite and 0.4 s on PostgreSQL; the claim of the first batch takes a few ms.
    const second = await processes.spawn(dataDir, { SANDBOX_SETTLE_DELAY_MS: '2000' });
    await waitFor(`a TCP listener on ${second.port}`, () => accepts(second.port), 60_000, 2);
    let atKill: string[] = [];
    await waitFor(
      'the second server to have run a leg of its claimed batch',
      async () => {
        atKill = [...(await statuses(second, partner)).values()];
        return atKill.some((s) => s !== 'Pending');
      },
      60_000,
      2,
    );
    await kill9(second);
    expect(
      atKill.some((s) => s === 'Pending' || s === 'Received' || s === 'Exchanging'),
      atKill.join(', '),
    ).toBe(true);

    const restarted = Date.now();
    const third = await processes.startHealthy(dataDir, { SANDBOX_SETTLE_DELAY_MS: '2000' });
    await waitFor(
      'every order of the batch to reach Success',
      async () => [...(await statuses(third, partner)).values()].every((s) => s === 'Success'),
      60_000,
      250,
    );
    const tookMs = Date.now() - restarted;
    await expectCompletedOnce(third, partner, placed);

    await kill9(third);
    const effects = await storedEffects(dataDir, partner, placed);
    for (const order of placed) expectOneRun(effects.get(order.orderId));
    const reclaimed = [...effects.values()].flatMap((e) => e.reclaimed);
    expect(reclaimed.length, `the kill lost no claim (all Success ${tookMs} ms after the restart)`).toBeGreaterThan(0);
  }, 150_000);
});
