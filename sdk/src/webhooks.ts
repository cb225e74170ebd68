// Verifying a webhook delivery over its raw body bytes (docs/webhooks.md, "Verifying a delivery"): the spec's
// X-Service-Signature-256 (Authentication 5: `sha256=` and the lowercase hex HMAC-SHA256 of the body, keyed with
// the secret's UTF-8 bytes, the whole header compared) and the Standard Webhooks headers (webhook-id,
// webhook-timestamp, webhook-signature: `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`, space-separated
// when several secrets sign). Constant-time comparisons; the signed timestamp within a tolerance.
//
// The server sends both on every delivery to an endpoint with a secret (src/events/signature.ts, signedHeaders), so
// the default requires the stronger one, Standard Webhooks: its timestamp is signed, so a captured delivery cannot
// be replayed later. A default that fell back to X-Service-Signature-256 when the webhook-* headers were missing
// would let anyone who captured a delivery strip them and replay it forever (that signature has no timestamp):
// accepting the contract's signature alone is an explicit choice (`scheme: 'service'`).

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookEvent } from './types.js';

export type RawBody = Uint8Array | string;
/** Node's IncomingHttpHeaders, a plain record, or fetch's Headers. */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

export type WebhookFailure =
  | 'missing_signature'
  | 'signature_mismatch'
  | 'timestamp_outside_tolerance'
  | 'invalid_body';

export class WebhookVerificationError extends Error {
  constructor(
    readonly reason: WebhookFailure,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

export interface VerifyOptions {
  /** How far webhook-timestamp may be from now, in seconds: 300 (five minutes, as the Standard Webhooks libraries). */
  readonly toleranceSeconds?: number;
  /**
   * Which signature to check. 'standard' (the default): webhook-id, webhook-timestamp and webhook-signature, which
   * every signed delivery carries; a delivery without them is refused (`missing_signature`), and a replayed one is
   * refused by its signed timestamp. 'service': X-Service-Signature-256 alone, the API contract's signature, for a
   * receiver whose proxy drops the webhook-* headers: it has no timestamp, so it does not refuse a replayed delivery
   * (de-duplicate on the envelope's eventId).
   */
  readonly scheme?: 'standard' | 'service';
  /** The clock, Unix milliseconds: Date.now unless given. */
  readonly now?: () => number;
}

const bytesOf = (body: RawBody): Buffer =>
  typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength);

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return typeof value === 'string' ? value : value?.[0];
}

const sameBytes = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

const whsec = /^whsec_([A-Za-z0-9+/]+={0,2})$/;

/**
 * The Standard Webhooks key of a secret: a `whsec_` secret's decoded bytes (canonical base64), any other secret's
 * UTF-8 bytes (the server's events/signature.ts keys it the same way).
 */
export function standardKeyOf(secret: string): Buffer {
  const encoded = whsec.exec(secret)?.[1];
  if (encoded !== undefined) {
    const key = Buffer.from(encoded, 'base64');
    if (key.length > 0 && key.toString('base64') === encoded) return key;
  }
  return Buffer.from(secret, 'utf8');
}

/** Whether X-Service-Signature-256 is `sha256=` and the hex HMAC of the body under one of the secrets. */
export function verifyServiceSignature(
  rawBody: RawBody,
  signature: string | undefined,
  secrets: string | readonly string[],
): boolean {
  if (signature === undefined) return false;
  const given = Buffer.from(signature, 'utf8');
  return [secrets].flat().some((secret) => {
    const expected = `sha256=${createHmac('sha256', secret).update(bytesOf(rawBody)).digest('hex')}`;
    return sameBytes(given, Buffer.from(expected, 'utf8'));
  });
}

/** Whether one of webhook-signature's `v1,` signatures of `id.timestamp.body` matches one of the secrets. */
export function verifyStandardSignature(
  rawBody: RawBody,
  webhookId: string,
  timestamp: string,
  signatures: string,
  secrets: string | readonly string[],
): boolean {
  const given = signatures
    .split(' ')
    .map((entry) => entry.split(','))
    .filter(([version, value]) => version === 'v1' && value !== undefined && value !== '')
    .map(([, value]) => Buffer.from(value as string, 'base64'));
  return [secrets].flat().some((secret) => {
    const expected = createHmac('sha256', standardKeyOf(secret))
      .update(`${webhookId}.${timestamp}.`)
      .update(bytesOf(rawBody))
      .digest();
    // Every candidate is compared (no early exit on the first mismatch), each in constant time.
    return given.map((candidate) => sameBytes(candidate, expected)).includes(true);
  });
}

/**
 * The delivery's event when it is authentic, typed by its `type` from the document's webhooks; throws
 * WebhookVerificationError otherwise. `secrets`: the endpoint's secret, or several while you roll a new one out.
 */
export function verifyWebhook(
  rawBody: RawBody,
  headers: WebhookHeaders,
  secrets: string | readonly string[],
  options: VerifyOptions = {},
): WebhookEvent {
  const { toleranceSeconds = 300, scheme = 'standard', now = Date.now } = options;
  // Only 'service' weakens the check: any other value, such as the 'auto' of earlier versions, gets the default.
  if (scheme !== 'service') {
    const id = header(headers, 'webhook-id');
    const timestamp = header(headers, 'webhook-timestamp');
    const signatures = header(headers, 'webhook-signature');
    if (id === undefined || timestamp === undefined || signatures === undefined) {
      throw new WebhookVerificationError(
        'missing_signature',
        "webhook-id, webhook-timestamp or webhook-signature is missing (X-Service-Signature-256 alone is accepted only with { scheme: 'service' })",
      );
    }
    if (!/^\d+$/.test(timestamp) || Math.abs(now() / 1000 - Number(timestamp)) > toleranceSeconds) {
      throw new WebhookVerificationError(
        'timestamp_outside_tolerance',
        `webhook-timestamp ${timestamp} is not within ${toleranceSeconds} s of now`,
      );
    }
    if (!verifyStandardSignature(rawBody, id, timestamp, signatures, secrets)) {
      throw new WebhookVerificationError(
        'signature_mismatch',
        'no webhook-signature matches the body under the secret',
      );
    }
  } else {
    const signature = header(headers, 'x-service-signature-256');
    if (signature === undefined) {
      throw new WebhookVerificationError('missing_signature', 'X-Service-Signature-256 is missing');
    }
    if (!verifyServiceSignature(rawBody, signature, secrets)) {
      throw new WebhookVerificationError(
        'signature_mismatch',
        'X-Service-Signature-256 does not match the body under the secret',
      );
    }
  }
  try {
    const event = JSON.parse(bytesOf(rawBody).toString('utf8')) as unknown;
    if (typeof event !== 'object' || event === null || typeof (event as { type?: unknown }).type !== 'string') {
      throw new Error('not an event envelope');
    }
    return event as WebhookEvent;
  } catch (error) {
    throw new WebhookVerificationError('invalid_body', `the signed body is not an event: ${(error as Error).message}`);
  }
}
