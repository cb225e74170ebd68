import { createHmac, timingSafeEqual } from 'node:crypto';
import { limits } from '../../limits.js';

// The provider protocol's signature, the same in both directions (docs/decisions/providers-and-production-evidence.md, "The provider protocol"): HMAC-SHA256 with the
// shared secret over `<timestamp>.<body>`, the timestamp in Unix seconds and the body the exact bytes sent. Signing
// the timestamp with the body lets the receiver refuse an old message replayed, whatever its content.

export const providerHeaders = {
  timestamp: 'provider-timestamp',
  signature: 'provider-signature',
  idempotencyKey: 'idempotency-key',
} as const;

/** The Provider-Signature value: `v1=` and the lowercase hex HMAC-SHA256 of `<timestamp>.<body>`. */
export function providerSignature(secret: string, timestampSeconds: string, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex')}`;
}

/** The three headers of a signed message sent now. */
export function signedHeaders(secret: string, body: string, nowMs: number): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    [providerHeaders.timestamp]: timestamp,
    [providerHeaders.signature]: providerSignature(secret, timestamp, body),
  };
}

export type SignatureCheck = 'valid' | 'missing' | 'stale' | 'mismatch';

/**
 * Checks a received message: both headers present, the timestamp within the tolerance of `nowMs`, and one of the
 * signature's comma-separated `v1=` values equal, in constant time, to ours (several let a sender rotate secrets).
 */
export function checkProviderSignature(
  secret: string,
  headers: { readonly timestamp: unknown; readonly signature: unknown },
  body: string,
  nowMs: number,
): SignatureCheck {
  const { timestamp, signature } = headers;
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return 'missing';
  if (!/^[0-9]{1,12}$/.test(timestamp)) return 'missing';
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > limits.providerSignatureToleranceSeconds) return 'stale';
  const expected = Buffer.from(providerSignature(secret, timestamp, body));
  const matches = signature
    .split(',')
    .map((value) => Buffer.from(value.trim()))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
  return matches ? 'valid' : 'mismatch';
}
