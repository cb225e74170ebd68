import { createHash } from 'node:crypto';
import { limits } from '../../limits.js';

/**
 * The sign-in throttles of the console and of the token endpoint (issue #28, item 2; docs/decisions/security-and-secrets.md, "Sign-in
 * throttles that do not lock the owner out"). Each is a set of buckets, one row each (an address, an account, ...):
 * a checked failure adds one to its buckets, and past the free ones each failure holds the bucket for twice as long
 * as the one before, up to the cap of its kind. An attempt a bucket holds is answered without checking anything and
 * writes nothing. A bucket forgets its failures `signInFailuresForgetMs` after the last one.
 *
 * What a hold may never do is keep the owner out:
 * - console: the password step is held per account and per address; the owner's path, the password and a valid
 *   second-factor code sent together, meets neither hold, only its address's second-factor hold, which never
 *   exceeds `signInOwnerWaitMaxMs`. The code is checked first (an HMAC), the password only for a valid code, so a
 *   flood of such attempts costs no password hashing.
 * - token endpoint: a source address is held by its own failures; the client's hold applies only to addresses that
 *   have failed for that client, so a correct grant from a source that has not been failing is never held.
 */

export interface BackoffPolicy {
  readonly freeFailures: number;
  readonly baseMs: number;
  readonly capMs: number;
}

const backoff = (capMs: number, freeFailures: number = limits.signInFreeFailureCount): BackoffPolicy => ({
  freeFailures,
  baseMs: limits.signInBackoffBaseMs,
  capMs,
});

/** Every bucket kind: its scope (the column) and its policy. */
export const throttleScopes = {
  /** The console's password step, per account (a bucket of the typed email, known account or not). */
  consoleAccount: { scope: 'console-account', policy: backoff(limits.signInAccountHoldMaxMs) },
  /** The console's password step, per source address, whatever accounts it named. */
  consoleAddress: { scope: 'console-address', policy: backoff(limits.signInAddressHoldMaxMs) },
  /** Every second-factor check (the code step, or password and code together), per source address. */
  consoleSecondFactor: { scope: 'console-code', policy: backoff(limits.signInOwnerWaitMaxMs, 0) },
  /** The token endpoint, per client (workspace), for sources that have failed for it. */
  tokenClient: { scope: 'token-client', policy: backoff(limits.signInAccountHoldMaxMs) },
  /** The token endpoint, per source address, whatever clients it named. */
  tokenAddress: { scope: 'token-address', policy: backoff(limits.signInAddressHoldMaxMs) },
  /** A source's failures for one client: marks the source as failing for it; never holds by itself. */
  tokenSource: { scope: 'token-source', policy: backoff(0) },
} as const satisfies Record<string, { scope: string; policy: BackoffPolicy }>;

export type ThrottleScope = (typeof throttleScopes)[keyof typeof throttleScopes];

/** A bucket as stored: a missing or forgotten one reads as `freshBucket`. */
export interface Bucket {
  readonly failures: number;
  readonly heldUntilMs: number;
}

export const freshBucket: Bucket = { failures: 0, heldUntilMs: 0 };

/** How long the n-th failure holds its bucket: 0 for the free ones, then base, 2 base, 4 base ... up to the cap. */
export function holdMs(failures: number, policy: BackoffPolicy): number {
  const over = failures - policy.freeFailures;
  if (over <= 0) return 0;
  return Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(over - 1, 40));
}

/** The bucket after one more failure at `nowMs` (what the store computes in SQL, atomically). */
export function afterFailure(bucket: Bucket, nowMs: number, policy: BackoffPolicy): Bucket {
  const failures = bucket.failures + 1;
  return { failures, heldUntilMs: Math.max(bucket.heldUntilMs, nowMs + holdMs(failures, policy)) };
}

export type Gate = { readonly locked: false } | { readonly locked: true; readonly retryAtMs: number };

/** Locked while one of the buckets holds, until the last of them lets go. */
function gate(buckets: readonly Bucket[], nowMs: number): Gate {
  const retryAtMs = Math.max(0, ...buckets.map((b) => b.heldUntilMs));
  return retryAtMs > nowMs ? { locked: true, retryAtMs } : { locked: false };
}

/** The console's password step (email and password alone). */
export const consolePasswordGate = (b: { account: Bucket; address: Bucket }, nowMs: number): Gate =>
  gate([b.account, b.address], nowMs);

/** A console second-factor check: the owner's path, held at most signInOwnerWaitMaxMs after a failure. */
export const consoleSecondFactorGate = (b: { secondFactor: Bucket }, nowMs: number): Gate =>
  gate([b.secondFactor], nowMs);

/**
 * A password grant is held only at a source (address) that has been failing for this client, past its free failures:
 * there, by the address's hold and the client's. A grant from a source that has not been failing for this client is
 * never held (issue #28: "a correct password grant from a source that has not been failing is not blocked"): neither
 * another client's failures at a shared address (a partner's egress, a cloud NAT), nor a flood aimed at the client
 * from elsewhere, nor the owner's own slip (the old password once, after a rotation) keeps its owner out. A source
 * spraying many clients gets the free failures of each before the address's hold applies to it; partner passwords
 * are generated secrets (workspaces/password.ts), which a guess at that rate does not reach.
 */
export function tokenGate(b: { address: Bucket; client: Bucket; source: Bucket }, nowMs: number): Gate {
  return gate(b.source.failures > limits.signInFreeFailureCount ? [b.address, b.client] : [], nowMs);
}

/**
 * The console account bucket of a typed email: a hash, so that the rows stay bounded (`signInAccountBucketCount`)
 * whatever emails are typed, and an unknown email is throttled exactly like a known one (nothing tells them apart).
 * Anyone can compute it; that gives nothing, since anyone can already name the account itself.
 */
export function accountBucketOf(normalisedEmail: string): string {
  const digest = createHash('sha256').update(normalisedEmail).digest();
  return String(digest.readUInt32BE(0) % limits.signInAccountBucketCount);
}

/**
 * The source of an address, as the throttles count it: an IPv4 address itself (an IPv4-mapped IPv6 one read as
 * IPv4), an IPv6 address by its /64 (one host is usually given a whole /64, so counting single addresses would let
 * it change address at every attempt).
 */
export function sourceOf(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.toLowerCase().split('%')[0]?.split('::') ?? [];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, '') || '0')
    .join(':')}::/64`;
}
