// Double entry, as data: an entry is a list of postings that must net to zero per currency. The two buckets of an
// account are distinct: `available` can be spent, `pending` is held (a withdrawal in flight, funds under review).
// Moving money between buckets of one account is itself a balanced entry (TigerBeetle's two-phase transfers).

export type Bucket = 'available' | 'pending';

export interface Posting {
  readonly accountId: string;
  readonly currency: string;
  readonly bucket: Bucket;
  /** Signed minor units: positive adds to the bucket, negative takes from it. */
  readonly amount: bigint;
}

/** The brokerage's own accounts. They carry no balance row: their balances are the sums of their postings. */
export const systemAccounts = {
  /** Money on its way in from a rail (the other side of a deposit credit). */
  clearingInbound: 'system:clearing:inbound',
  /** Money on its way out to a rail (the other side of a settled payout). */
  clearingOutbound: 'system:clearing:outbound',
  fees: 'system:fees',
  /** The brokerage's inventory, counterparty of every conversion. */
  liquidity: 'system:liquidity',
  /** Funds that arrived but match nothing yet (pending payments), until linked or refunded. */
  suspense: 'system:suspense',
  /** Funds of orders in flight: origin funds awaiting conversion, converted funds awaiting payout. */
  orders: 'system:orders',
  /** What conversions earned over the mid rate. */
  spread: 'system:spread',
} as const;

export const isSystemAccount = (accountId: string): boolean => accountId.startsWith('system:');

/** Per currency, the sum of an entry's postings that is not zero; empty when the entry balances. */
export function imbalances(postings: readonly Posting[]): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  for (const p of postings) sums.set(p.currency, (sums.get(p.currency) ?? 0n) + p.amount);
  for (const [currency, sum] of sums) if (sum === 0n) sums.delete(currency);
  return sums;
}

export interface BalanceDelta {
  readonly accountId: string;
  readonly currency: string;
  readonly available: bigint;
  readonly pending: bigint;
}

/**
 * The changes an entry makes to stored balances (system accounts excluded), one per account and currency, sorted
 * so that every transaction locks balance rows in the same order and two entries cannot deadlock.
 */
export function balanceDeltas(postings: readonly Posting[]): BalanceDelta[] {
  const byKey = new Map<string, { accountId: string; currency: string; available: bigint; pending: bigint }>();
  for (const p of postings) {
    if (isSystemAccount(p.accountId)) continue;
    const key = `${p.accountId}\u0000${p.currency}`;
    const delta = byKey.get(key) ?? { accountId: p.accountId, currency: p.currency, available: 0n, pending: 0n };
    delta[p.bucket] += p.amount;
    byKey.set(key, delta);
  }
  return [...byKey.values()]
    .filter((d) => d.available !== 0n || d.pending !== 0n)
    .sort((a, b) => (a.accountId === b.accountId ? cmp(a.currency, b.currency) : cmp(a.accountId, b.accountId)));
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Common movements, each balanced by construction. */
export const movements = {
  /** Inbound funds credited to an account's bucket. */
  credit(accountId: string, currency: string, amount: bigint, bucket: Bucket = 'available'): Posting[] {
    return [
      { accountId: systemAccounts.clearingInbound, currency, bucket: 'available', amount: -amount },
      { accountId, currency, bucket, amount },
    ];
  },
  /** Reserve available funds: available → pending on the same account. */
  hold(accountId: string, currency: string, amount: bigint): Posting[] {
    return [
      { accountId, currency, bucket: 'available', amount: -amount },
      { accountId, currency, bucket: 'pending', amount },
    ];
  },
  /** Give a hold back: pending → available. */
  release(accountId: string, currency: string, amount: bigint): Posting[] {
    return [
      { accountId, currency, bucket: 'pending', amount: -amount },
      { accountId, currency, bucket: 'available', amount },
    ];
  },
  /**
   * An order's conversion at its quoted rate, inside the orders account: the origin amount is taken, fees and gas
   * go to the fee account, the spread to the spread account, the rest to liquidity, which delivers the destination
   * amount back into the orders account. Zero parts are left out (a posting is never zero).
   */
  convert(c: {
    origin: string;
    originAmount: bigint;
    fees: bigint;
    spread: bigint;
    destination: string;
    destinationAmount: bigint;
  }): Posting[] {
    const liquidityIn = c.originAmount - c.fees - c.spread;
    const postings: Posting[] = [
      { accountId: systemAccounts.orders, currency: c.origin, bucket: 'available', amount: -c.originAmount },
      { accountId: systemAccounts.fees, currency: c.origin, bucket: 'available', amount: c.fees },
      { accountId: systemAccounts.spread, currency: c.origin, bucket: 'available', amount: c.spread },
      { accountId: systemAccounts.liquidity, currency: c.origin, bucket: 'available', amount: liquidityIn },
      {
        accountId: systemAccounts.liquidity,
        currency: c.destination,
        bucket: 'available',
        amount: -c.destinationAmount,
      },
      { accountId: systemAccounts.orders, currency: c.destination, bucket: 'available', amount: c.destinationAmount },
    ];
    return postings.filter((p) => p.amount !== 0n);
  },
  /** Moves an amount between two buckets of any accounts (the caller names both sides). */
  transfer(
    from: { accountId: string; bucket?: Bucket },
    to: { accountId: string; bucket?: Bucket },
    currency: string,
    amount: bigint,
  ): Posting[] {
    return [
      { accountId: from.accountId, currency, bucket: from.bucket ?? 'available', amount: -amount },
      { accountId: to.accountId, currency, bucket: to.bucket ?? 'available', amount },
    ];
  },
  /** The exact opposite of an entry: what undoes it. */
  reverse(postings: readonly Posting[]): Posting[] {
    return postings.map((p) => ({ ...p, amount: -p.amount }));
  },
  /** A held amount leaves for a rail. */
  settleHold(accountId: string, currency: string, amount: bigint): Posting[] {
    return [
      { accountId, currency, bucket: 'pending', amount: -amount },
      { accountId: systemAccounts.clearingOutbound, currency, bucket: 'available', amount },
    ];
  },
} as const;
