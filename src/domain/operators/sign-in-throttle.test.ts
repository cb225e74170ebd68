import { describe, expect, it } from 'vitest';
import { limits } from '../../limits.js';
import {
  accountBucketOf,
  afterFailure,
  type Bucket,
  consolePasswordGate,
  consoleSecondFactorGate,
  freshBucket,
  holdMs,
  sourceOf,
  throttleScopes,
  tokenGate,
} from './sign-in-throttle.js';

const policy = { freeFailures: 3, baseMs: 1_000, capMs: 60_000 };
const now = 1_000_000;
const held = (untilMs: number, failures = 5): Bucket => ({ failures, heldUntilMs: untilMs });

describe('holdMs: free failures, then doubling up to the cap', () => {
  it.each([
    [0, 0],
    [3, 0],
    [4, 1_000],
    [5, 2_000],
    [6, 4_000],
    [9, 32_000],
    [10, 60_000],
    [1_000, 60_000],
  ])('failure %i holds %i ms', (failures, expected) => {
    expect(holdMs(failures, policy)).toBe(expected);
  });

  it.each(Object.entries(throttleScopes))('%s never holds longer than its cap', (_name, { policy: p }) => {
    for (let n = 0; n < 200; n += 1) expect(holdMs(n, p)).toBeLessThanOrEqual(p.capMs);
  });

  it('the owner path (second factor) never holds longer than signInOwnerWaitMaxMs; accounts no longer than theirs', () => {
    expect(throttleScopes.consoleSecondFactor.policy.capMs).toBe(limits.signInOwnerWaitMaxMs);
    expect(throttleScopes.consoleAccount.policy.capMs).toBe(limits.signInAccountHoldMaxMs);
    expect(throttleScopes.tokenClient.policy.capMs).toBe(limits.signInAccountHoldMaxMs);
    expect(limits.signInOwnerWaitMaxMs).toBeLessThanOrEqual(10_000);
  });
});

describe('afterFailure', () => {
  it.each([
    ['a fresh bucket, a free failure', freshBucket, { failures: 1, heldUntilMs: now }],
    ['the first held failure', { failures: 3, heldUntilMs: 0 }, { failures: 4, heldUntilMs: now + 1_000 }],
    [
      'a longer hold is never shortened',
      { failures: 3, heldUntilMs: now + 50_000 },
      { failures: 4, heldUntilMs: now + 50_000 },
    ],
  ])('%s', (_name, bucket, expected) => {
    expect(afterFailure(bucket, now, policy)).toEqual(expected);
  });
});

describe('the gates', () => {
  it.each([
    ['nothing held', freshBucket, freshBucket, { locked: false }],
    ['the account held', held(now + 4_000), freshBucket, { locked: true, retryAtMs: now + 4_000 }],
    ['the address held', freshBucket, held(now + 9_000), { locked: true, retryAtMs: now + 9_000 }],
    ['both: the later', held(now + 4_000), held(now + 9_000), { locked: true, retryAtMs: now + 9_000 }],
    ['a hold that has passed', held(now), held(now - 1), { locked: false }],
  ])('console password step: %s', (_name, account, address, expected) => {
    expect(consolePasswordGate({ account, address }, now)).toEqual(expected);
  });

  it.each([
    ['not held', freshBucket, { locked: false }],
    ['held', held(now + 2_000), { locked: true, retryAtMs: now + 2_000 }],
  ])('console second factor: %s', (_name, secondFactor, expected) => {
    expect(consoleSecondFactorGate({ secondFactor }, now)).toEqual(expected);
  });

  it.each([
    ['a clean source, the client held: not locked', freshBucket, held(now + 60_000), freshBucket, { locked: false }],
    [
      'a source failing for the client past its free failures, the client held',
      freshBucket,
      held(now + 60_000),
      { failures: 4, heldUntilMs: 0 },
      { locked: true, retryAtMs: now + 60_000 },
    ],
    [
      'the address held, for a client it has been failing for',
      held(now + 8_000),
      freshBucket,
      { failures: 4, heldUntilMs: 0 },
      { locked: true, retryAtMs: now + 8_000 },
    ],
    [
      'the address held, for a client it failed for within its free failures (the old password once): not held',
      held(now + 8_000),
      held(now + 60_000),
      { failures: 3, heldUntilMs: 0 },
      { locked: false },
    ],
    [
      'the address held, for a client it has not failed for: never held',
      held(now + 8_000),
      held(now + 60_000),
      freshBucket,
      { locked: false },
    ],
    ['nothing held', freshBucket, freshBucket, { failures: 2, heldUntilMs: 0 }, { locked: false }],
  ])('token endpoint: %s', (_name, address, client, source, expected) => {
    expect(tokenGate({ address, client, source }, now)).toEqual(expected);
  });
});

describe('keys', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('the source of %s is %s', (address, source) => {
    expect(sourceOf(address)).toBe(source);
  });

  it('an email falls in one of signInAccountBucketCount buckets, the same one every time', () => {
    const bucket = accountBucketOf('ana.costa@brokerage.example');
    expect(bucket).toBe(accountBucketOf('ana.costa@brokerage.example'));
    const buckets = new Set(Array.from({ length: 1_000 }, (_, i) => accountBucketOf(`guess-${i}@example.com`)));
    for (const b of buckets) expect(Number(b)).toBeLessThan(limits.signInAccountBucketCount);
    expect(buckets.size).toBeGreaterThan(950);
  });
});
