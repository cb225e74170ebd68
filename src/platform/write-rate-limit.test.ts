import { describe, expect, it } from 'vitest';
import { leaseSize, writesWithinLimit } from './write-rate-limit.js';

describe('leaseSize: writes claimed per round trip', () => {
  it.each([
    [1, 1],
    [6, 1],
    [199, 1],
    [200, 2],
    [300, 3],
    [1_000_000, 10_000],
  ])('a limit of %i a minute leases %i at a time', (limit, size) => {
    expect(leaseSize(limit)).toBe(size);
  });
});

describe('writesWithinLimit: how much of a lease may be spent', () => {
  it.each([
    // countAfter, lease, limit, spendable
    [3, 3, 300, 3], // the first lease of the window
    [300, 3, 300, 3], // the last one that fits
    [301, 3, 300, 2], // straddles the limit: only the numbers up to it
    [303, 3, 300, 0], // wholly beyond
    [400, 3, 300, 0],
    [6, 1, 6, 1],
    [7, 1, 6, 0],
  ])('count %i after a lease of %i under a limit of %i: %i', (countAfter, lease, limit, spendable) => {
    expect(writesWithinLimit(countAfter, lease, limit)).toBe(spendable);
  });
});
