// The partner's side of the soak's webhooks: one HTTP server on loopback that takes every delivery to the soak's
// endpoints (/hooks/<endpoint name>), checks its X-Service-Signature-256 against the endpoint's secret over the exact
// bytes (src/events/signature.ts), answers 200, and counts what arrived per sampling interval and per endpoint. An
// event delivered twice to one endpoint is counted apart (delivery is at least once, so that is allowed); a bad
// signature is an error of the run.

import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import { freePort } from '../lib/processes.mjs';

export async function webhookReceiver({ secret }) {
  // Until align() names the load's start and intervals, every arrival counts in the first interval.
  let timing = { startAtMs: Date.now(), intervalMs: Number.POSITIVE_INFINITY, count: 1 };
  let perInterval = [0];
  const endpoints = {};
  let badSignatures = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const name = /^\/hooks\/([a-z-]+)$/.exec(req.url ?? '')?.[1] ?? 'unknown';
      endpoints[name] ??= { received: 0, duplicates: 0, events: new Set() };
      const endpoint = endpoints[name];
      const expected = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
      if (req.headers['x-service-signature-256'] !== expected) badSignatures += 1;
      let eventId;
      try {
        eventId = JSON.parse(raw.toString('utf8')).eventId;
      } catch {
        eventId = undefined;
      }
      if (endpoint.events.has(eventId)) endpoint.duplicates += 1;
      else {
        endpoint.events.add(eventId);
        endpoint.received += 1;
      }
      const { startAtMs, intervalMs, count } = timing;
      const index = Math.min(count - 1, Math.max(0, Math.floor((Date.now() - startAtMs) / intervalMs)));
      perInterval[index] += 1;
      res.writeHead(200).end();
    });
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    /** The load's start and intervals; what arrived before counts in the first interval. */
    align(next) {
      const before = perInterval.reduce((sum, n) => sum + n, 0);
      timing = next;
      perInterval = Array.from({ length: next.count }, (_, i) => (i === 0 ? before : 0));
    },
    urlOf: (name) => `http://127.0.0.1:${port}/hooks/${name}`,
    /** Deliveries that arrived in interval `index`, duplicates included. */
    arrivedIn: (index) => perInterval[index] ?? 0,
    summary: () => ({
      badSignatures,
      endpoints: Object.fromEntries(
        Object.entries(endpoints).map(([name, e]) => [name, { received: e.received, duplicates: e.duplicates }]),
      ),
    }),
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
