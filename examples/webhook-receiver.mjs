// A webhook receiver that verifies every delivery with the SDK, over the raw body bytes.
//
//   WEBHOOK_SECRET=<the endpoint's secret> RECEIVER_PORT=4000 node examples/webhook-receiver.mjs
//
// Listens on 127.0.0.1:RECEIVER_PORT (4000 when unset), accepts POST /hooks, answers 204 to an authentic delivery (401 otherwise) and prints
// one line per verified event: `verified <type> <eventId>`.

import { createServer } from 'node:http';
import { verifyWebhook, WebhookVerificationError } from '@brokerage/partner-sdk';

const secret = process.env.WEBHOOK_SECRET;
if (!secret) {
  console.error('WEBHOOK_SECRET is required: the secret you registered the endpoint with');
  process.exit(1);
}
// RECEIVER_PORT, not PORT: PORT is the server's (3000), and a shell that set it for the server would hand it on.
const port = Number(process.env.RECEIVER_PORT ?? 4000);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`RECEIVER_PORT must be a port number from 1 to 65535, got "${process.env.RECEIVER_PORT}"`);
  process.exit(1);
}

const server = createServer((request, response) => {
  if (request.method !== 'POST' || new URL(request.url ?? '/', 'http://receiver').pathname !== '/hooks') {
    response.writeHead(404).end();
    return;
  }
  // The signature covers the exact bytes sent: keep them, never a re-serialised object.
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const rawBody = Buffer.concat(chunks);
    let event;
    try {
      event = verifyWebhook(rawBody, request.headers, secret);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      console.error(`refused a delivery: ${error.reason}`);
      response.writeHead(401).end();
      return;
    }
    // Answer fast; do the work after. Deduplicate on eventId (the same on every retry and re-send).
    response.writeHead(204).end();
    console.log(`verified ${event.type} ${event.eventId ?? request.headers['webhook-id']}`);
  });
});

server.listen(port, '127.0.0.1', () => {
  console.error(`listening on http://127.0.0.1:${port}/hooks`);
});

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
