// Goal: a kill -9 between a change and its delivery loses no webhook event: a delivery in flight is sent again once
// its lease has run out (the spec's allowed duplicate), and events committed but not yet fanned out are fanned out by
// the next process. Method: the receiver holds the first deposit_completed (under the dispatcher's timeout), so the
// dispatcher's drain waits on it while a withdrawal commits its events; the process is killed as soon as the
// withdrawal is paid out, the store read where the kill landed, a second process started on the same store, and the
// receiver's arrivals and the store's outbox and delivery rows compared. Runs on the embedded store, or on the
// PostgreSQL server of DATABASE_URL when it is set (scripts/with-postgres.sh).

import { describe, expect, it } from 'vitest';
import { aPartner, approvePayer, call, depositAndSimulate } from '../support/e2e-api.js';
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
import { destinations } from '../support/orders.js';
import { aReceiver, type Received } from '../support/receiver.js';
import { kill9, sleep, stop, storeName, waitFor } from '../support/server-process.js';

/** What the dispatcher waits for an answer (limits.webhookTimeoutMs): a hold must end before it. */
const webhookTimeoutMs = 5_000;
/** How long a claimed delivery stays claimed (limits.webhookLeaseMs): a killed process's claim is taken after it. */
const webhookLeaseMs = 30_000;

const processes = webhookProcesses();

describe(`webhook delivery through a real process (${storeName})`, () => {
  it('kill -9 with one delivery in flight and three committed events not yet fanned out: no event is lost', async () => {
    // The first deposit_completed is held for 4 s (under the dispatcher's 5 s timeout). While it is held the
    // dispatcher's drain waits on it, so the events committed meanwhile (the withdrawal's) are not fanned out.
    const holdMs = 4_000;
    expect(holdMs).toBeLessThan(webhookTimeoutMs - 500);
    const receiver = processes.closeAfterAll(
      await aReceiver((body, received) =>
        body.type === 'deposit_completed' && !received.some((r) => r.body.type === 'deposit_completed') ? holdMs : 0,
      ),
    );
    const dataDir = processes.freshDir();
    const settle = { SANDBOX_SETTLE_DELAY_MS: '1500' };
    const first = await processes.startHealthy(dataDir, settle);
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
    const held = receiver.received.find((r) => r.body.type === 'deposit_completed') as Received;
    expect(held.body.id).toBe(depositId);

    // The deposit has committed, so its funds are there: the withdrawal is held, then paid out 1.5 s later by a job.
    const created = await call(first, p.token, 'POST', '/v1/withdrawals', {
      currency: 'EUR',
      amount: 40,
      destinationTransferData: destinations.SEPA,
    });
    expect(created.status, created.text).toBe(201);
    const withdrawalId = created.body.withdrawalId as string;
    const seen: string[] = [];
    await waitFor(
      `withdrawal ${withdrawalId} to reach Success`,
      async () => {
        const read = await call(first, p.token, 'GET', `/v1/withdrawals/${withdrawalId}`);
        expect(read.status, read.text).toBe(200);
        const status = read.body.status as string;
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
    const atKill = await storedOutbox(dataDir, p.workspace.workspaceId, endpointId);
    const heldEvent = atKill.events.find((e) => e.type === 'deposit_completed') as StoredEvent;
    expect(atKill.rows.filter((r) => r.state === 'sending').map((r) => r.outboxId)).toEqual([heldEvent.outboxId]);
    const notFanned = atKill.events.filter((e) => !e.fannedOut);
    expect(notFanned.map((e) => e.type)).toEqual(['balance_updated', 'balance_updated', 'withdrawal_completed']);
    expect(notFanned.at(-1)?.eventId).toBe(withdrawalId);
    expect(notFanned.every((e) => Number(e.outboxId) > Number(heldEvent.outboxId))).toBe(true);

    // The next process fans out the waiting events as it starts, and takes the held delivery again once its lease
    // has run out: the spec's allowed duplicate, never a loss.
    const restartedAt = Date.now();
    const second = await processes.startHealthy(dataDir, settle);
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

    const after = await storedOutbox(dataDir, p.workspace.workspaceId, endpointId);
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
