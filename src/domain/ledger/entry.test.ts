import { describe, expect, it } from 'vitest';
import { balanceDeltas, imbalances, movements, type Posting, systemAccounts } from './entry.js';

describe('imbalances', () => {
  it.each([
    ['a balanced credit', movements.credit('a', 'EUR', 100n), {}],
    ['a hold', movements.hold('a', 'EUR', 5n), {}],
    ['a release', movements.release('a', 'EUR', 5n), {}],
    ['a settled hold', movements.settleHold('a', 'EUR', 5n), {}],
    [
      'one leg missing',
      [{ accountId: 'a', currency: 'EUR', bucket: 'available', amount: 10n }] as Posting[],
      { EUR: 10n },
    ],
    [
      'balanced in one currency, not the other',
      [
        ...movements.credit('a', 'EUR', 1n),
        { accountId: 'a', currency: 'USD', bucket: 'available', amount: -3n },
      ] as Posting[],
      { USD: -3n },
    ],
  ])('%s', (_case, postings, expected) => {
    expect(Object.fromEntries(imbalances(postings))).toEqual(expected);
  });
});

describe('balanceDeltas', () => {
  it('nets each account and currency, skips system accounts and sorts for a fixed lock order', () => {
    const deltas = balanceDeltas([
      ...movements.credit('b', 'EUR', 100n),
      ...movements.hold('b', 'EUR', 30n),
      ...movements.credit('a', 'USD', 7n),
      ...movements.credit('a', 'EUR', 1n),
    ]);
    expect(deltas).toEqual([
      { accountId: 'a', currency: 'EUR', available: 1n, pending: 0n },
      { accountId: 'a', currency: 'USD', available: 7n, pending: 0n },
      { accountId: 'b', currency: 'EUR', available: 70n, pending: 30n },
    ]);
    expect(deltas.some((d) => d.accountId === systemAccounts.clearingInbound)).toBe(false);
  });

  it('drops a delta that nets to nothing', () => {
    expect(balanceDeltas([...movements.hold('a', 'EUR', 5n), ...movements.release('a', 'EUR', 5n)])).toEqual([]);
  });
});
