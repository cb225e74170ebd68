// Webhook dispatch lag at a steady event rate: a child process that is both the event source and the receiver.
// It commits outbox events straight into the server's database at `rate` events/s (one INSERT per event, each its
// own transaction, so each commit fires the NOTIFY that wakes the dispatcher, as a business transaction would),
// and receives the signed deliveries on loopback. Lag = arrival - occurred_at_ms (the event's time, taken just
// before its commit, as in test/e2e/webhook-delivery-lag.test.ts), on the same machine's clock. Producing the events
// directly isolates the dispatcher: what is measured is commit -> fan-out -> claim -> POST -> arrival, and each
// run says which of those stages the lag, and its slowest 1%, went to (lagStages).

import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDb } from '../ceilings/open-db.mjs';
import { answerOnce } from '../lib/answer-once.mjs';
import { percentile } from '../lib/stats.mjs';

const insertEvent = `insert into outbox_events (workspace_id, type, event_id, data, occurred_at_ms)
  values ($1, 'deposit_completed', $2, $3::text::jsonb, $4)`;

answerOnce(async ({ databaseUrl, workspaceId, port, rate, durationS, drainS = 10, tag }) => {
  const occurred = new Map();
  /** Arrival time by event id, for the lag's stages. */
  const arrived = new Map();
  const lags = [];
  let duplicates = 0;
  let unknown = 0;
  const receiver = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const { id } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const sent = occurred.get(id);
      if (sent === undefined) unknown += 1;
      else if (sent === null) duplicates += 1;
      else {
        lags.push(at - sent);
        arrived.set(id, at);
        occurred.set(id, null);
      }
      res.writeHead(200).end();
    });
  });
  await new Promise((resolve) => receiver.listen(port, '127.0.0.1', resolve));
  // As many connections as the server's business writes would use: with 4, on a disk whose flush is slow, the
  // source's own inserts queued for a connection, and that wait (before the event's commit) read as dispatch lag.
  const sourceConnections = 16;
  const db = await openDb({ store: 'postgres', databaseUrl, maxConnections: sourceConnections });
  // Every connection opened before the first event: one opened mid-run (TCP, authentication, the first statement)
  // would read as its event's commit time.
  await Promise.all(Array.from({ length: sourceConnections }, () => db.query('select pg_sleep(0.05)')));
  /** When each event's commit was acknowledged to the source. */
  const committed = new Map();
  let produced = 0;
  let failed = 0;
  const inFlight = new Set();
  try {
    const start = Date.now();
    const endAt = start + durationS * 1000;
    // A 5 ms tick sends whatever is due by then: a steady rate, not bursts of a second's worth.
    while (Date.now() < endAt) {
      const due = Math.floor(((Date.now() - start) * rate) / 1000) - produced;
      for (let k = 0; k < due; k++) {
        const eventId = `${tag}-${++produced}`;
        const data = JSON.stringify({ depositId: eventId, status: 'Received', amount: 100, currency: 'EUR' });
        const now = Date.now();
        occurred.set(eventId, now);
        const p = db.query(insertEvent, [workspaceId, eventId, data, now]).then(
          () => {
            committed.set(eventId, Date.now());
            inFlight.delete(p);
          },
          () => {
            failed += 1;
            occurred.delete(eventId);
            inFlight.delete(p);
          },
        );
        inFlight.add(p);
      }
      await sleep(5);
    }
    const producedS = (Date.now() - start) / 1000;
    await Promise.all(inFlight);
    const drainUntil = Date.now() + drainS * 1000;
    while (lags.length + duplicates < produced - failed && Date.now() < drainUntil) await sleep(20);
    lags.sort((a, b) => a - b);
    const missing = produced - failed - lags.length;
    const causes = await lagStages(db, workspaceId, tag, committed, arrived);
    return {
      connections: 1,
      durationS: producedS,
      produced,
      delivered: lags.length,
      rps: lags.length / producedS,
      p50: percentile(lags, 0.5),
      p99: percentile(lags, 0.99),
      max: lags.at(-1) ?? null,
      errors: failed + missing + duplicates + unknown,
      missing,
      duplicates,
      causes,
      note: causes.note,
    };
  } finally {
    await db.close();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});

/**
 * Where the lag went, event by event, from what the source saw and the dispatcher stored (issue #32, item 4):
 * - `commit`: the event's own insert and commit (its WAL flush), until the source has the acknowledgement;
 * - `wake`: from there, the NOTIFY and the dispatcher starting a round, up to the fan-out's time
 *   (outbox_events.fanned_out_at_ms; the NOTIFY is sent at the commit, before its acknowledgement, so this stage
 *   may read below zero);
 * - `claim`: the round's fan-out and claim and their commit, and signing, up to the POST's start (the delivery's
 *   attempted_at_ms less its latency_ms);
 * - `send`: the POST, up to its arrival here.
 * Each stage's p50 and p99, and its mean over the slowest 1% of events: what the tail is made of. The dispatcher's
 * times are whole milliseconds, so a stage may read one less or more than it took.
 */
async function lagStages(db, workspaceId, tag, committed, arrived) {
  const rows = await db.query(
    `select o.event_id, o.occurred_at_ms, o.fanned_out_at_ms, d.attempted_at_ms - d.latency_ms as sent_at_ms
       from outbox_events o join webhook_deliveries d on d.outbox_id = o.id
      where o.workspace_id = $1 and o.event_id like $2 and d.state = 'delivered'`,
    [workspaceId, `${tag}-%`],
  );
  const events = [];
  for (const row of rows) {
    const at = arrived.get(row.event_id);
    const acknowledged = committed.get(row.event_id);
    if (at === undefined || acknowledged === undefined || row.fanned_out_at_ms === null || row.sent_at_ms === null) {
      continue;
    }
    const [occurred, fanned, sent] = [row.occurred_at_ms, row.fanned_out_at_ms, row.sent_at_ms].map(Number);
    events.push({
      lag: at - occurred,
      commit: acknowledged - occurred,
      wake: fanned - acknowledged,
      claim: sent - fanned,
      send: at - sent,
    });
  }
  const stages = ['commit', 'wake', 'claim', 'send'];
  const sorted = (key) => events.map((e) => e[key]).sort((a, b) => a - b);
  const slowest = [...events].sort((a, b) => b.lag - a.lag).slice(0, Math.max(1, Math.ceil(events.length / 100)));
  const mean = (list, key) => (list.length === 0 ? null : list.reduce((sum, e) => sum + e[key], 0) / list.length);
  const byStage = Object.fromEntries(
    stages.map((key) => {
      const values = sorted(key);
      return [key, { p50: percentile(values, 0.5), p99: percentile(values, 0.99), slowestMean: mean(slowest, key) }];
    }),
  );
  const fmt = (v) => (v === null || v === undefined ? '-' : v.toFixed(1));
  const note =
    events.length === 0
      ? 'no stages: no delivery found'
      : `p99 by stage: ${stages.map((k) => `${k} ${fmt(byStage[k].p99)}`).join(', ')} ms; slowest 1%: ` +
        `${stages.map((k) => `${k} ${fmt(byStage[k].slowestMean)}`).join(' + ')} ms`;
  return { events: events.length, slowest: slowest.length, stages: byStage, note };
}
