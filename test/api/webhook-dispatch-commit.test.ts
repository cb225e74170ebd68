import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookDispatcher } from '../../src/events/dispatcher.js';
import { systemClock } from '../../src/platform/clock.js';
import type { Db, Queryable } from '../../src/storage/db.js';
import { aPartner } from '../support/builders.js';
import { buildTestApp, type TestApp } from '../support/harness.js';
import { aReceiver } from '../support/receiver.js';
import { aWebhookEndpoint } from '../support/webhook-endpoints.js';

// Goal (issue #32, item 4): between an event's commit and its send, the dispatcher waits for no WAL flush of its
// own. A round's fan-out and claim are one transaction that commits with synchronous_commit off (losing it in a
// crash loses only work done again: the event is fanned out and sent again, at least once); the attempt's record,
// after the send, is an ordinary write.
// Method: a dispatcher over a database that records each statement, whether it ran in a transaction, and the
// synchronous_commit in force when the claim ran; one event, delivered to a loopback receiver.

let t: TestApp;
let receiver: Awaited<ReturnType<typeof aReceiver>>;

beforeAll(async () => {
  t = await buildTestApp({ env: { WEBHOOK_ALLOW_INSECURE: '1' } });
  receiver = await aReceiver(() => 0);
});
afterAll(async () => {
  await receiver.close();
});

interface Ran {
  readonly text: string;
  /** Which transaction it ran in (1, 2, …), or 0 for a statement of its own. */
  readonly transaction: number;
  /** synchronous_commit as the claim saw it. */
  readonly synchronousCommit?: string | undefined;
}

/** The same database, each statement recorded. */
function recorded(db: Db, ran: Ran[]): Db {
  let transactions = 0;
  const recording = (q: Queryable, transaction: number): Queryable => ({
    async query(text, params) {
      const claims = text.includes(`set state = 'sending'`);
      const [setting] = claims
        ? await q.query<{ s: string }>(`select current_setting('synchronous_commit') as s`)
        : [undefined];
      ran.push({ text, transaction, synchronousCommit: setting?.s });
      return q.query(text, params);
    },
    exec: (script) => q.exec(script),
  });
  return {
    kind: db.kind,
    ...recording(db, 0),
    transaction: (fn) => db.transaction((tx) => fn(recording(tx, ++transactions))),
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    ping: () => db.ping(),
    close: () => db.close(),
  };
}

describe("the dispatcher's round before a send", () => {
  it('fans out and claims in one transaction committed without a flush; records the attempt on its own', async () => {
    const partner = await aPartner(t.app);
    await aWebhookEndpoint(t.app, partner, `${receiver.url}/commit`, { name: 'commit', secret: 'commit-secret' });
    await t.ctx.db.query(
      `insert into outbox_events (workspace_id, type, event_id, data, occurred_at_ms)
       values ($1, 'balance_updated', 'commit-1', '{}'::jsonb, 0)`,
      [partner.credentials.workspaceId],
    );

    const ran: Ran[] = [];
    const dispatcher = new WebhookDispatcher(
      recorded(t.ctx.db, ran),
      systemClock,
      t.ctx.secretsKeyring,
      pino({ level: 'silent' }),
      {
        allowInsecure: true,
        pollIntervalMs: 60_000,
        leaseMs: 30_000,
        timeoutMs: 5_000,
        batchSize: 10,
        maxInFlight: 4,
        disableAfterMs: 3_600_000,
      },
    );
    expect(await dispatcher.runDue()).toBeGreaterThanOrEqual(1);
    expect(receiver.received.map((r) => r.body.id)).toContain('commit-1');

    const fanOut = ran.find((r) => r.text.includes('insert into webhook_deliveries'));
    const claim = ran.find((r) => r.text.includes(`set state = 'sending'`));
    const record = ran.find((r) => r.text.includes('update webhook_deliveries set state = $2'));
    expect(fanOut?.transaction, 'the fan-out runs in a transaction').toBeGreaterThan(0);
    expect(claim?.transaction, 'the claim runs in the same transaction').toBe(fanOut?.transaction);
    const first = ran.find((r) => r.transaction === fanOut?.transaction);
    expect(first?.text).toBe('set local synchronous_commit = off');
    expect(claim?.synchronousCommit).toBe('off');
    expect(record, 'the attempt is recorded').toBeDefined();
    expect(record?.transaction, 'outside the round that claimed it').not.toBe(claim?.transaction);
  }, 20_000);
});
