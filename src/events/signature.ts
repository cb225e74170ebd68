import { createHmac } from 'node:crypto';

/** The spec's `X-Service-Signature-256` value: `sha256=` and the lowercase hex HMAC-SHA256 of the exact body bytes. */
export function signatureOf(secret: string, body: Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export const signatureHeader = 'x-service-signature-256';
