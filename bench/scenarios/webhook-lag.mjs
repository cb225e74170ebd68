// Webhook dispatch lag at a steady event rate: a child process that is both the event source and the receiver.
// It commits outbox events straight into the server's database at `rate` events/s (one INSERT per event, each its
// own transaction, so each commit fires the NOTIFY that wakes the dispatcher, as a business transaction would),
// and receives the signed deliveries on loopback. Lag = arrival - occurred_at_ms (the event's time, taken just
// before its commit, as in test/e2e/webhook-delivery-lag.test.ts), on the same machine's clock. Producing the events
// directly isolates the dispatcher: what is measured is commit -> fan-out -> claim -> POST -> arrival.

import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDb } from '../ceilings/open-db.mjs';
import { answerOnce } from '../lib/answer-once.mjs';
import { percentile } from '../lib/stats.mjs';

const insertEvent = `insert into outbox_events (workspace_id, type, event_id, data, occurred_at_ms)
  values ($1, 'deposit_completed', $2, $3::text::jsonb, $4)`;

answerOnce(async ({ databaseUrl, workspaceId, port, rate, durationS, drainS = 10, tag }) => {
  const occurred = new Map();
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
        occurred.set(id, null);
      }
      res.writeHead(200).end();
    });
  });
  await new Promise((resolve) => receiver.listen(port, '127.0.0.1', resolve));
  const db = await openDb({ store: 'postgres', databaseUrl, maxConnections: 4 });
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
          () => inFlight.delete(p),
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
    };
  } finally {
    await db.close();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});
