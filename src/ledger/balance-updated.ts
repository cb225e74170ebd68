import { currencyOf } from '../catalogue/index.js';
import { numberOfMinor } from '../domain/money/amount.js';
import { recordEvent } from '../events/outbox.js';
import type { Queryable } from '../storage/db.js';
import { balancesOf } from './ledger.js';

/** balance_updated carries the account's balance in that currency after the change. */
export async function recordBalanceUpdated(
  tx: Queryable,
  workspaceId: string,
  accountId: string,
  currency: string,
  nowMs: number,
  /** Set for a customer's account; the workspace's own account has no public id. */
  userEmail?: string,
): Promise<void> {
  const [balance] = await balancesOf(tx, accountId, currency);
  const precision = currencyOf(currency)?.precision ?? 0;
  await recordEvent(tx, {
    workspaceId,
    type: 'balance_updated',
    eventId: userEmail ?? workspaceId,
    data: {
      ...(userEmail === undefined ? {} : { userEmail }),
      currency,
      available: numberOfMinor(balance?.available ?? 0n, precision),
      pending: numberOfMinor(balance?.pending ?? 0n, precision),
    },
    occurredAtMs: nowMs,
  });
}
