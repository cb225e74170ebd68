// Goal: two processes on one PostgreSQL database, one webhook dispatcher each, attempt each event once per endpoint:
// every body arrives exactly once and each event has one delivered row. Method: deposits and orders spread over both
// processes (created through one, settled through the other), so that every commit wakes both dispatchers, which
// race for the fan-out and the claims; once the receiver is quiet its arrivals are compared with the outbox and the
// delivery rows. PGlite allows one process per data directory, so this runs only with DATABASE_URL
// (scripts/with-postgres.sh).

import { describe, expect, it } from 'vitest';
import {
  aPartner,
  approvePayer,
  call,
  depositAndSimulate,
  placeOrder,
  simulateOrderPayment,
} from '../support/e2e-api.js';
import {
  arrivalKey,
  eventKey,
  expectSignedEnvelope,
  registerEndpoint,
  type StoredEvent,
  storedDeliveries,
  storedEvents,
  tally,
  webhookProcesses,
} from '../support/e2e-webhooks.js';
import { aReceiver, type Received } from '../support/receiver.js';
import { databaseUrl, stop, storeName, waitFor, withStore } from '../support/server-process.js';

describe.skipIf(databaseUrl === undefined)('two processes on one PostgreSQL database, one dispatcher each', () => {
  const processes = webhookProcesses();

  it('each event is attempted once per endpoint: every body arrives exactly once, one delivered row each', async () => {
    const receiver = processes.closeAfterAll(await aReceiver());
    const [a, b] = await Promise.all([
      processes.startHealthy(processes.freshDir()),
      processes.startHealthy(processes.freshDir()),
    ]);
    const pick = (i: number) => (i % 2 === 0 ? a : b);
    const p = await aPartner(a, 'e2e webhooks on two processes', { tokenServer: b });
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
        const order = await placeOrder(pick(i), p, {
          originAmount: 100 + i,
          externalReference: `HOOKS-TWO-${i}`,
          orderServer: pick(i + 1),
        });
        await simulateOrderPayment(pick(i), p, order);
        return order.orderId;
      }),
    );
    const statusOf = async (i: number, path: string) => {
      const read = await call(pick(i), p.token, 'GET', path);
      expect(read.status, read.text).toBe(200);
      return read.body.status as string;
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

    await withStore(processes.freshDir(), async (store) => {
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
        const { id, type, data } = JSON.parse(raw) as Received['body'];
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
    });
    await Promise.all([stop(a), stop(b)]);
  }, 90_000);
});
