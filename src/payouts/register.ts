import { resourceId } from '../domain/ids.js';
import type { PayoutOutcome } from '../domain/states/withdrawal-status.js';
import type { PayoutChannelKind, PayoutRequest } from '../providers/rails/rail-provider.js';
import type { Queryable } from '../storage/db.js';

// The register of payouts submitted to real rails (migrations/0025_payouts.sql): what a bank file or a provider
// service reports an outcome for is looked up here by payout id.

export type PayoutStatus = 'submitted' | 'batched' | PayoutOutcome;

export interface RegisteredPayout {
  readonly payout_id: string;
  /** 13 characters, P and a production resource id: fits a NACHA individual id (15) and a SEPA EndToEndId (35). */
  readonly reference: string;
  readonly subject: PayoutRequest['subject'];
  readonly workspace_id: string;
  readonly currency: string;
  readonly rail: string;
  readonly amount_minor: bigint;
  /**
   * As the subject's row holds it: its account numbers and tax ids sealed (platform/secrets/sensitive.ts), opened only
   * for the rail (jobs/rail-payout.ts) and a payout file (operator/payout-batches/service.ts).
   */
  readonly destination: Record<string, unknown>;
  readonly channel: PayoutChannelKind;
  readonly status: PayoutStatus;
  readonly batch_id: string | null;
  readonly reason: string | null;
  readonly unresolved: boolean;
  readonly created_at_ms: bigint;
  readonly updated_at_ms: bigint;
}

/** Registers a submitted payout inside the submitting job's transaction; a second call for the same id does nothing. */
export async function registerPayout(
  tx: Queryable,
  request: Omit<PayoutRequest, 'amount'> & { readonly amountMinor: bigint },
  channel: PayoutChannelKind,
  nowMs: number,
): Promise<void> {
  await tx.query(
    `insert into payouts (payout_id, reference, subject, workspace_id, currency, rail, amount_minor, destination,
       channel, status, created_at_ms, updated_at_ms)
     values ($1, $10, $2, $3, $4, $5, $6, $7::text::jsonb, $8, 'submitted', $9, $9)
     on conflict (payout_id) do nothing`,
    [
      request.payoutId,
      request.subject,
      request.workspaceId,
      request.currency,
      request.rail,
      request.amountMinor,
      JSON.stringify(request.destination),
      channel,
      nowMs,
      `P${resourceId(true)}`,
    ],
  );
}

/** A registered payout by its id or by the reference a bank file carries back. */
export async function findPayout(db: Queryable, payoutIdOrReference: string, forUpdate = false) {
  const rows = await db.query<RegisteredPayout & Record<string, unknown>>(
    `select * from payouts where payout_id = $1 or reference = $1${forUpdate ? ' for update' : ''}`,
    [payoutIdOrReference],
  );
  return rows[0];
}

export async function setPayoutStatus(
  tx: Queryable,
  payoutId: string,
  change: { status: PayoutStatus; reason?: string | null; unresolved?: boolean },
  nowMs: number,
): Promise<void> {
  await tx.query(
    `update payouts set status = $2, reason = coalesce($3, reason), unresolved = $4, updated_at_ms = $5
     where payout_id = $1`,
    [payoutId, change.status, change.reason ?? null, change.unresolved ?? false, nowMs],
  );
}

/** The payouts a batch file carried, by id. */
export async function payoutsOfBatch(db: Queryable, batchId: string): Promise<string[]> {
  const rows = await db.query<{ payout_id: string }>(
    `select payout_id from payouts where batch_id = $1 order by created_at_ms, payout_id`,
    [batchId],
  );
  return rows.map((row) => row.payout_id);
}

/** The payouts a batch file carried, with the reference each travelled under and its amount. */
export async function registeredPayoutsOfBatch(db: Queryable, batchId: string): Promise<RegisteredPayout[]> {
  return db.query<RegisteredPayout & Record<string, unknown>>(
    `select * from payouts where batch_id = $1 order by created_at_ms, payout_id`,
    [batchId],
  );
}

/**
 * Moves every bank-file payout of the rail that waits (status submitted) into the batch and answers them, oldest
 * first. SKIP LOCKED: rows another cut holds are left to it, so two cuts never share a payout and never wait. A cut
 * of a payout file (operator/payout-batches/) takes them.
 */
export async function takeWaitingPayouts(
  tx: Queryable,
  batch: { rail: string; currency: string; batchId: string; nowMs: number },
): Promise<(RegisteredPayout & Record<string, unknown>)[]> {
  const taken = await tx.query<RegisteredPayout & Record<string, unknown>>(
    `update payouts set status = 'batched', batch_id = $3, updated_at_ms = $4
     where payout_id in (
       select payout_id from payouts
       where channel = 'bank-file' and rail = $1 and currency = $2 and status = 'submitted'
       order by created_at_ms, payout_id
       for update skip locked)
     returning *`,
    [batch.rail, batch.currency, batch.batchId, batch.nowMs],
  );
  // RETURNING keeps no order: the file lists payouts oldest first, ties by id, so it is the same on every run.
  return taken.sort(
    (a, b) => Number(BigInt(a.created_at_ms) - BigInt(b.created_at_ms)) || (a.payout_id < b.payout_id ? -1 : 1),
  );
}
