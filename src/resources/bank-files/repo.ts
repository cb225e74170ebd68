import type { Queryable } from '../../storage/db.js';
import type { ClosingBalance, StatementLine } from './lines.js';

export type BankEntryStatus = 'credited' | 'unmatched' | 'to_return' | 'payout' | 'other';

export interface BankEntryRow {
  readonly id: string;
  readonly account: string;
  readonly bank_reference: string;
  readonly file_id: string;
  readonly direction: 'credit' | 'debit';
  readonly currency: string;
  readonly amount_minor: bigint;
  readonly booking_date: string | null;
  readonly reference: string | null;
  readonly counterparty: Record<string, string>;
  readonly status: BankEntryStatus;
  readonly matched_kind: 'deposit' | 'order' | null;
  readonly matched_id: string | null;
  readonly note: string | null;
  readonly created_at_ms: bigint;
  readonly updated_at_ms: bigint;
  readonly [column: string]: unknown;
}

export async function insertBankFile(
  tx: Queryable,
  file: { id: string; format: string; sha256: string; nowMs: number },
): Promise<void> {
  await tx.query(
    `insert into bank_files (id, format, sha256, imported_at_ms, summary) values ($1, $2, $3, $4, '{}'::jsonb)`,
    [file.id, file.format, file.sha256, file.nowMs],
  );
}

export async function setBankFileSummary(tx: Queryable, id: string, summary: object): Promise<void> {
  await tx.query(`update bank_files set summary = $2::text::jsonb where id = $1`, [id, JSON.stringify(summary)]);
}

/**
 * Records a statement line once under (account, bank reference): true when this call recorded it, false when an
 * earlier import did (the same file again, or the day's camt.053 after its camt.054). A concurrent import of the
 * same line waits on the unique index and then finds it recorded.
 */
export async function recordBankEntry(
  tx: Queryable,
  entry: { id: string; fileId: string; line: StatementLine; status: BankEntryStatus; nowMs: number },
  match?: { kind: 'deposit' | 'order'; id: string },
): Promise<boolean> {
  const { line } = entry;
  const rows = await tx.query(
    `insert into bank_entries (id, account, bank_reference, file_id, direction, currency, amount_minor, booking_date,
       reference, counterparty, end_to_end_id, status, matched_kind, matched_id, created_at_ms, updated_at_ms)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::text::jsonb, $11, $12, $13, $14, $15, $15)
     on conflict (account, bank_reference) do nothing
     returning id`,
    [
      entry.id,
      line.account,
      line.bankReference,
      entry.fileId,
      line.direction,
      line.currency,
      line.amountMinor,
      line.bookingDate ?? null,
      line.references[0] ?? null,
      JSON.stringify(line.counterparty),
      line.endToEndId ?? null,
      entry.status,
      match?.kind ?? null,
      match?.id ?? null,
      entry.nowMs,
    ],
  );
  return rows.length === 1;
}

export async function bankEntryRecorded(db: Queryable, account: string, bankReference: string): Promise<boolean> {
  const rows = await db.query(`select 1 from bank_entries where account = $1 and bank_reference = $2`, [
    account,
    bankReference,
  ]);
  return rows.length > 0;
}

export async function recordClosingBalance(tx: Queryable, balance: ClosingBalance, fileId: string): Promise<void> {
  await tx.query(
    `insert into bank_balances (account, currency, balance_date, closing_minor, file_id) values ($1, $2, $3, $4, $5)
     on conflict (account, balance_date) do update set closing_minor = excluded.closing_minor, file_id = excluded.file_id`,
    [balance.account, balance.currency, balance.date, balance.amountMinor, fileId],
  );
}

export async function findBankEntry(db: Queryable, id: string, forUpdate = false): Promise<BankEntryRow | undefined> {
  const rows = await db.query<BankEntryRow>(
    `select * from bank_entries where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0];
}

export async function listBankEntries(
  db: Queryable,
  filter: { status: BankEntryStatus | undefined; currency: string | undefined; limit: number },
): Promise<BankEntryRow[]> {
  return db.query<BankEntryRow>(
    `select * from bank_entries
     where ($1::text is null or status = $1) and ($2::text is null or currency = $2)
     order by created_at_ms, id limit $3`,
    [filter.status ?? null, filter.currency ?? null, filter.limit],
  );
}

export async function settleBankEntry(
  tx: Queryable,
  id: string,
  change: { status: BankEntryStatus; match?: { kind: 'deposit' | 'order'; id: string }; note?: string },
  nowMs: number,
): Promise<void> {
  await tx.query(
    `update bank_entries set status = $2, matched_kind = coalesce($3, matched_kind), matched_id = coalesce($4, matched_id),
       note = coalesce($5, note), updated_at_ms = $6 where id = $1`,
    [id, change.status, change.match?.kind ?? null, change.match?.id ?? null, change.note ?? null, nowMs],
  );
}
