// A receiver's two checks of a delivery: the spec's X-Service-Signature-256 and Standard Webhooks through the
// standard's reference library (npm standardwebhooks), as docs/webhooks.md tells partners to do it.

import { createHmac, timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { Received } from './receiver.js';

/** The spec's check: recompute over the exact bytes and compare the whole header in constant time. */
export function verifiesServiceSignature(arrival: Received, secret: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(arrival.raw).digest('hex')}`);
  const header = Buffer.from(String(arrival.headers['x-service-signature-256'] ?? ''));
  return header.length === expected.length && timingSafeEqual(header, expected);
}

/** The library's verifier of a partner's secret: a whsec_ secret as it is, any other as its UTF-8 bytes, raw. */
export const standardVerifier = (secret: string) =>
  secret.startsWith('whsec_') ? new Webhook(secret) : new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' });

/**
 * Verifies webhook-id, webhook-timestamp and webhook-signature with the library, as a receiver whose clock reads
 * `receiverNowMs` (a test's clock may run days ahead; the library checks the timestamp against Date.now within
 * five minutes). Answers the parsed body; throws the library's WebhookVerificationError.
 */
export function verifyStandard(arrival: Received, secret: string, receiverNowMs = Date.now()): unknown {
  const headers = Object.fromEntries(
    Object.entries(arrival.headers).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const realNow = Date.now;
  Date.now = () => receiverNowMs;
  try {
    return standardVerifier(secret).verify(arrival.raw.toString('utf8'), headers);
  } finally {
    Date.now = realNow;
  }
}

/** Both schemes verify: the spec's header, and Standard Webhooks with the same body as its answer. */
export function verifiesBoth(arrival: Received, secret: string, receiverNowMs = Date.now()): boolean {
  if (!verifiesServiceSignature(arrival, secret)) return false;
  try {
    return JSON.stringify(verifyStandard(arrival, secret, receiverNowMs)) === JSON.stringify(arrival.body);
  } catch {
    return false;
  }
}
