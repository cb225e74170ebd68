import { createHmac } from 'node:crypto';

/** The spec's `X-Service-Signature-256` value: `sha256=` and the lowercase hex HMAC-SHA256 of the exact body bytes. */
export function signatureOf(secret: string, body: Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export const signatureHeader = 'x-service-signature-256';

// Standard Webhooks (https://www.standardwebhooks.com, "Signature scheme"): webhook-id, webhook-timestamp (Unix
// seconds) and webhook-signature, a space-separated list of `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`.

export const standardHeaders = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

const whsec = /^whsec_([A-Za-z0-9+/]+={0,2})$/;

/**
 * The Standard Webhooks key of a partner's secret. The standard's secrets are `whsec_` and base64 key bytes, and
 * its reference library keys the HMAC with the decoded bytes: a secret of that form (canonical base64) is read the
 * same way, so `new Webhook(secret)` verifies. Any other secret, which the spec lets a partner choose freely, keys
 * it with its own UTF-8 bytes, as X-Service-Signature-256 does: the library takes it with `{ format: 'raw' }`.
 */
export function standardKeyOf(secret: string): Buffer {
  const encoded = whsec.exec(secret)?.[1];
  if (encoded !== undefined) {
    const key = Buffer.from(encoded, 'base64');
    if (key.length > 0 && key.toString('base64') === encoded) return key;
  }
  return Buffer.from(secret, 'utf8');
}

/** One `v1,` signature of the message `id.timestamp.body` under a secret. */
export function standardSignatureOf(secret: string, webhookId: string, timestampSeconds: number, body: Buffer): string {
  const mac = createHmac('sha256', standardKeyOf(secret))
    .update(`${webhookId}.${timestampSeconds}.`)
    .update(body)
    .digest('base64');
  return `v1,${mac}`;
}

export interface SigningSecrets {
  /** Signs both schemes. */
  readonly current: string;
  /** A replaced secret still in its grace period: signs webhook-signature only (the spec's header uses the new). */
  readonly previous: string | undefined;
}

/** Every signature header of a signed delivery of `body`, sent at `sentAtMs`. */
export function signedHeaders(
  secrets: SigningSecrets,
  webhookId: string,
  sentAtMs: number,
  body: Buffer,
): Record<string, string> {
  const timestamp = Math.floor(sentAtMs / 1000);
  const signatures = [secrets.current, ...(secrets.previous === undefined ? [] : [secrets.previous])].map((secret) =>
    standardSignatureOf(secret, webhookId, timestamp, body),
  );
  return {
    [signatureHeader]: signatureOf(secrets.current, body),
    [standardHeaders.id]: webhookId,
    [standardHeaders.timestamp]: String(timestamp),
    [standardHeaders.signature]: signatures.join(' '),
  };
}
