import { findDepositToCollect } from '../resources/deposits/repo.js';
import { findOrderToCollect } from '../resources/orders/repo.js';
import type { Queryable } from '../storage/db.js';

// The SQL of the provider callbacks: their record (migrations/0027_provider_callbacks.sql); and the payin rail an
// inbound credit needs beyond resources/collections/credit.ts, from the deposit's and the order's owners.

export type CallbackKind = 'inbound-credit' | 'payout-outcome';

export interface RecordedCallback {
  readonly kind: CallbackKind;
  readonly body_sha256: string;
  readonly result: string;
}

/**
 * Claims a callbackId in the caller's transaction, or answers the callback recorded under it. A concurrent claim of
 * the same id waits for the first transaction: it then finds the row (committed) or claims it (rolled back).
 */
export async function claimCallback(
  tx: Queryable,
  claim: { callbackId: string; kind: CallbackKind; bodySha256: string; subjectId: string; nowMs: number },
): Promise<RecordedCallback | undefined> {
  const inserted = await tx.query(
    `insert into provider_callbacks (callback_id, kind, body_sha256, result, subject_id, received_at_ms)
     values ($1, $2, $3, 'pending', $4, $5)
     on conflict (callback_id) do nothing
     returning callback_id`,
    [claim.callbackId, claim.kind, claim.bodySha256, claim.subjectId, claim.nowMs],
  );
  if (inserted.length > 0) return undefined;
  const rows = await tx.query<RecordedCallback & Record<string, unknown>>(
    'select kind, body_sha256, result from provider_callbacks where callback_id = $1',
    [claim.callbackId],
  );
  const recorded = rows[0];
  if (recorded === undefined) throw new Error(`provider callback ${claim.callbackId} neither claimed nor recorded`);
  return recorded;
}

export async function recordCallbackResult(tx: Queryable, callbackId: string, result: string): Promise<void> {
  await tx.query('update provider_callbacks set result = $2 where callback_id = $1', [callbackId, result]);
}

/** The payin rail a deposit, or an order's payment, was given instructions for under `depositId`. */
export async function collectionRailOf(db: Queryable, depositId: string): Promise<string | undefined> {
  const deposit = await findDepositToCollect(db, 'id', depositId);
  if (deposit !== undefined) return deposit.rail;
  return (await findOrderToCollect(db, 'deposit_id', depositId))?.rail;
}
