import type { Queryable } from '../../storage/db.js';

export interface BatchRow {
  readonly id: string;
  readonly rail: string;
  readonly currency: string;
  readonly payout_count: number;
  readonly total_minor: bigint;
  readonly file_name: string;
  readonly content_type: string;
  readonly created_at_ms: bigint;
  readonly [column: string]: unknown;
}

/** The batch's columns but its file: what lists, the answer and the bank-file checks read. */
const batchColumns = 'id, rail, currency, payout_count, total_minor, file_name, content_type, created_at_ms';

/** A batch's file as stored: sealed (platform/sealing.ts), or in the clear for a batch cut before migration 0042. */
export interface StoredBatchFile {
  readonly file_name: string;
  readonly content_type: string;
  readonly file_content_sealed: string | null;
  readonly file_content: string | null;
}

/**
 * Makes cuts of one rail take turns until commit (a transaction-scoped advisory lock), then answers how many batches
 * and payments the rail had before, from which the file's sequence numbers continue.
 */
export async function lockRailAndCount(
  tx: Queryable,
  rail: string,
): Promise<{ batchesBefore: number; paymentsBefore: number }> {
  await tx.query(`select pg_advisory_xact_lock(hashtext('payout-batch:' || $1::text))`, [rail]);
  const rows = await tx.query<{ batches: bigint; payments: bigint }>(
    `select count(*)::bigint as batches, coalesce(sum(payout_count), 0)::bigint as payments
     from payout_batches where rail = $1`,
    [rail],
  );
  return { batchesBefore: Number(rows[0]?.batches ?? 0n), paymentsBefore: Number(rows[0]?.payments ?? 0n) };
}

/** Stores the batch with its file, sealed by the caller (it names every beneficiary's account). */
export async function insertBatch(tx: Queryable, row: BatchRow, fileSealed: string): Promise<void> {
  await tx.query(
    `insert into payout_batches (id, rail, currency, payout_count, total_minor, file_name, content_type,
       file_content_sealed, created_at_ms)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      row.id,
      row.rail,
      row.currency,
      row.payout_count,
      row.total_minor,
      row.file_name,
      row.content_type,
      fileSealed,
      row.created_at_ms,
    ],
  );
}

export async function findBatch(db: Queryable, id: string): Promise<BatchRow | undefined> {
  const rows = await db.query<BatchRow>(`select ${batchColumns} from payout_batches where id = $1`, [id]);
  return rows[0];
}

/** The batch's file as stored, for its download; undefined when no such batch exists. */
export async function findBatchFile(db: Queryable, id: string): Promise<StoredBatchFile | undefined> {
  const rows = await db.query<StoredBatchFile & Record<string, unknown>>(
    `select file_name, content_type, file_content_sealed, file_content from payout_batches where id = $1`,
    [id],
  );
  return rows[0];
}

export async function listBatches(db: Queryable, limit: number): Promise<BatchRow[]> {
  return db.query<BatchRow>(`select ${batchColumns} from payout_batches order by created_at_ms desc, id limit $1`, [
    limit,
  ]);
}
