// Goal: a kill -9 between a change and its delivery loses no webhook event: a delivery in flight is sent again once
// its lease has run out (the spec's allowed duplicate), and events committed but not yet fanned out are fanned out by
// the next process. Method: from the first deposit_completed on, the receiver holds the first arrival of every event
// (under the dispatcher's timeout), so nothing of the withdrawal that follows is answered; the process is killed as
// soon as the withdrawal is paid out, the store read where the kill landed (each event in flight or not yet fanned
// out), a second process started on the same store, and the receiver's arrivals and the store's rows compared. Runs on the embedded store, or on the
// PostgreSQL server of DATABASE_URL when it is set (scripts/with-postgres.sh).

import { describe, expect, it } from 'vitest';
import { aPartner, approvePayer, call, depositAndSimulate } from '../support/e2e-api.js';
import {
  arrivalKey,
  deliveryLog,
  eventKey,
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
  it('kill -9 with deliveries in flight (and events perhaps not yet fanned out): no event is lost', async () => {
    // Held 4 s, under the dispatcher's 5 s timeout: the kill comes while they are held.
    const holdMs = 4_000;
    expect(holdMs).toBeLessThan(webhookTimeoutMs - 500);
    // Only the first process's deliveries are held; after the kill every arrival is answered at once.
    let beforeKill = true;
    const receiver = processes.closeAfterAll(
      await aReceiver((body, received) => {
        const holding =
          beforeKill &&
          (body.type === 'deposit_completed' || received.some((r) => r.body.type === 'deposit_completed'));
        const key = eventKey(body.id, body.type, body.data);
        return holding && !received.some((r) => arrivalKey(r) === key) ? holdMs : 0;
      }),
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
    beforeKill = false;
    const killedAt = Date.now();
    expect(held.answered, `the kill came ${killedAt - held.at} ms after the hold began: too late`).toBe(false);
    await waitFor('the receiver to see the held request cut short', () => held.aborted, 5_000, 10);
    expect(receiver.received.filter((r) => r.body.type === 'withdrawal_completed' && r.answered)).toEqual([]);

    // Where the kill landed: the held deposit_completed claimed ('sending', under its lease); each event of the
    // withdrawal either in flight the same way or committed and not yet fanned out; nothing recorded as failed.
    const atKill = await storedOutbox(dataDir, p.workspace.workspaceId, endpointId);
    const heldEvent = atKill.events.find((e) => e.type === 'deposit_completed') as StoredEvent;
    expect(atKill.rows.find((r) => r.outboxId === heldEvent.outboxId)?.state).toBe('sending');
    expect(atKill.rows.filter((r) => r.state === 'failed')).toEqual([]);
    const paidOut = atKill.events.find((e) => e.type === 'withdrawal_completed') as StoredEvent;
    expect(paidOut.eventId).toBe(withdrawalId);
    const paidOutRow = atKill.rows.find((r) => r.outboxId === paidOut.outboxId);
    expect(paidOutRow === undefined ? 'not fanned out' : paidOutRow.state).toMatch(
      /^(not fanned out|pending|sending)$/,
    );

    // The next process fans out the waiting events as it starts, and takes the held delivery again once its lease
    // has run out: the spec's allowed duplicate, never a loss.
    const restartedAt = Date.now();
    const second = await processes.startHealthy(dataDir, settle);
    await waitFor(
      'withdrawal_completed at the receiver after the restart (after the lease, if it was in flight)',
      () => receiver.received.some((r) => r.body.type === 'withdrawal_completed' && r.answered),
      webhookLeaseMs + 15_000,
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
    expect(log.filter((d) => d.eventType === 'withdrawal_completed').map((d) => d.id)).toEqual([withdrawalId]);
    expect(log.filter((d) => d.eventType === 'deposit_completed').map((d) => d.id)).toEqual([depositId]);
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
    // Sent twice: exactly the deliveries the kill cut short, each once more.
    const cutShort = receiver.received.filter((r) => r.aborted);
    expect(cutShort).toContain(held);
    const twice = [...sent].filter(([, n]) => n > 1);
    expect(twice.sort()).toEqual(cutShort.map((r) => [arrivalKey(r), 2] as [string, number]).sort());
    expect([...new Set(after.events.map((e) => e.type))].sort()).toEqual([
      'balance_updated',
      'deposit_completed',
      'kyc_completed',
      'verification_status_updated',
      'withdrawal_completed',
      'withdrawal_status_updated',
    ]);
  }, 90_000);
});
