// Goal: a change committed by a real process (`node dist/main.js`) reaches a loopback webhook receiver once, signed
// over its exact bytes, within milliseconds of its commit: the dispatcher is woken by NOTIFY, not by its 1 s poll.
// Method: five deposits settled one after another through the API, each awaited at the receiver; then the
// receiver's arrivals, the delivery log and the store's outbox compared, and each deposit_completed's lag measured
// from the event's time to its arrival. Runs on the embedded store, or on the PostgreSQL server of DATABASE_URL
// when it is set (scripts/with-postgres.sh).

import { describe, expect, it } from 'vitest';
import { aPartner, approvePayer, depositAndSimulate } from '../support/e2e-api.js';
import {
  arrivalKey,
  deliveryLog,
  expectSignedEnvelope,
  registerEndpoint,
  type StoredEvent,
  storedOutbox,
  tally,
  webhookProcesses,
} from '../support/e2e-webhooks.js';
import { aReceiver } from '../support/receiver.js';
import { sleep, stop, storeName, waitFor } from '../support/server-process.js';

const processes = webhookProcesses();

describe(`webhook delivery through a real process (${storeName})`, () => {
  it('a settled deposit reaches the endpoint within milliseconds of its commit, signed over the exact bytes', async () => {
    const receiver = processes.closeAfterAll(await aReceiver());
    const dataDir = processes.freshDir();
    const server = await processes.startHealthy(dataDir);
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
    const { events, rows } = await storedOutbox(dataDir, p.workspace.workspaceId, endpointId);
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
});
