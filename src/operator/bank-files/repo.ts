import type { SecretsKeyring } from '../../platform/secrets/keyring.js';
import { sealSensitive } from '../../platform/secrets/sensitive.js';
import type { Queryable } from '../../storage/db.js';
import type { ClosingBalance, StatementLine } from './lines.js';

export type BankEntryStatus = 'credited' | 'unmatched' | 'to_return' | 'payout' | 'other' | 'reversal' | 'reversed';

/** What became of an imported file (migrations/0039_bank_file_verification.sql). */
export type BankFileStatus = 'imported' | 'refused' | 'held';

export interface BankFileRow {
  readonly id: string;
  readonly format: string;
  readonly sha256: string;
  readonly imported_at_ms: bigint;
  readonly summary: Record<string, unknown>;
  readonly status: BankFileStatus;
  readonly reasons: string[];
  readonly accounts: string[];
  readonly content_sealed: string | null;
  readonly decided_at_ms: bigint | null;
  readonly decision_note: string | null;
  readonly [column: string]: unknown;
}

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
  /**
   * The payer's or payee's name and account, the account sealed (platform/secrets/sensitive.ts): opened at an edge
   * (the operator API's answer by the root hook), and passed on sealed to the credit a line makes.
   */
  readonly counterparty: Record<string, string>;
  readonly status: BankEntryStatus;
  readonly matched_kind: 'deposit' | 'order' | null;
  readonly matched_id: string | null;
  readonly note: string | null;
  readonly reverses_entry_id: string | null;
  readonly created_at_ms: bigint;
  readonly updated_at_ms: bigint;
  readonly [column: string]: unknown;
}

export async function insertBankFile(
  tx: Queryable,
  file: {
    id: string;
    format: string;
    sha256: string;
    nowMs: number;
    status: BankFileStatus;
    reasons: readonly string[];
    accounts: readonly string[];
    contentSealed?: string | undefined;
  },
): Promise<boolean> {
  const rows = await tx.query(
    `insert into bank_files (id, format, sha256, imported_at_ms, summary, status, reasons, accounts, content_sealed)
     values ($1, $2, $3, $4, '{}'::jsonb, $5, $6::text::jsonb, $7::text::jsonb, $8)
     on conflict (sha256) where status = 'held' do nothing
     returning id`,
    [
      file.id,
      file.format,
      file.sha256,
      file.nowMs,
      file.status,
      JSON.stringify(file.reasons),
      JSON.stringify(file.accounts),
      file.contentSealed ?? null,
    ],
  );
  return rows.length === 1;
}

export async function findBankFile(db: Queryable, id: string, forUpdate = false): Promise<BankFileRow | undefined> {
  const rows = await db.query<BankFileRow>(`select * from bank_files where id = $1${forUpdate ? ' for update' : ''}`, [
    id,
  ]);
  return rows[0];
}

/** The file held under this digest, if any: importing a held file again answers the same hold. */
export async function heldFileWithDigest(db: Queryable, sha256: string): Promise<BankFileRow | undefined> {
  const rows = await db.query<BankFileRow>(
    `select * from bank_files where sha256 = $1 and status = 'held' order by imported_at_ms limit 1`,
    [sha256],
  );
  return rows[0];
}

export async function listBankFiles(
  db: Queryable,
  filter: { status: BankFileStatus | undefined; limit: number },
): Promise<BankFileRow[]> {
  return db.query<BankFileRow>(
    `select id, format, sha256, imported_at_ms, summary, status, reasons, accounts, null as content_sealed,
       decided_at_ms, decision_note
     from bank_files where ($1::text is null or status = $1) order by imported_at_ms desc, id limit $2`,
    [filter.status ?? null, filter.limit],
  );
}

/** An operator's decision on a held file: applied (imported) or rejected (refused); its sealed text is dropped. */
export async function decideBankFile(
  tx: Queryable,
  id: string,
  decision: { status: 'imported' | 'refused'; note: string; nowMs: number },
): Promise<void> {
  await tx.query(
    `update bank_files set status = $2, content_sealed = null, decided_at_ms = $3, decision_note = $4 where id = $1`,
    [id, decision.status, decision.nowMs, decision.note],
  );
}

export async function setBankFileSummary(tx: Queryable, id: string, summary: object): Promise<void> {
  await tx.query(`update bank_files set summary = $2::text::jsonb where id = $1`, [id, JSON.stringify(summary)]);
}

/**
 * Records a statement line once under (account, bank reference): true when this call recorded it, false when an
 * earlier import did (the same file again, or the day's camt.053 after its camt.054). A concurrent import of the
 * same line waits on the unique index and then finds it recorded. The counterparty's account is sealed as it is
 * written (issue #28; a field sealed already is kept).
 */
export async function recordBankEntry(
  tx: Queryable,
  keyring: SecretsKeyring,
  entry: {
    id: string;
    fileId: string;
    line: StatementLine;
    status: BankEntryStatus;
    nowMs: number;
    reversesEntryId?: string | undefined;
    note?: string | undefined;
  },
  match?: { kind: 'deposit' | 'order'; id: string },
): Promise<boolean> {
  const { line } = entry;
  const rows = await tx.query(
    `insert into bank_entries (id, account, bank_reference, file_id, direction, currency, amount_minor, booking_date,
       reference, counterparty, end_to_end_id, status, matched_kind, matched_id, created_at_ms, updated_at_ms,
       reverses_entry_id, note)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::text::jsonb, $11, $12, $13, $14, $15, $15, $16, $17)
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
      JSON.stringify(sealSensitive(keyring, line.counterparty)),
      line.endToEndId ?? null,
      entry.status,
      match?.kind ?? null,
      match?.id ?? null,
      entry.nowMs,
      entry.reversesEntryId ?? null,
      entry.note ?? null,
    ],
  );
  return rows.length === 1;
}

/**
 * The credit a booked reversal takes back: on the same account, of the same amount, under the same reference (or
 * end-to-end id) when the reversal quotes one, not reversed already; the oldest such.
 */
export async function creditReversedBy(tx: Queryable, line: StatementLine): Promise<BankEntryRow | undefined> {
  const rows = await tx.query<BankEntryRow>(
    `select * from bank_entries e
     where e.account = $1 and e.direction = 'credit' and e.amount_minor = $2 and e.currency = $3
       and e.status in ('credited', 'unmatched', 'to_return')
       and ($4::text is null or e.reference = $4 or e.end_to_end_id = $4)
       and not exists (select 1 from bank_entries r where r.reverses_entry_id = e.id)
     order by e.created_at_ms, e.id limit 1 for update`,
    [line.account, line.amountMinor, line.currency, line.references[0] ?? line.endToEndId ?? null],
  );
  return rows[0];
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
  filter: {
    status: BankEntryStatus | undefined;
    currency: string | undefined;
    fileId: string | undefined;
    limit: number;
  },
): Promise<BankEntryRow[]> {
  return db.query<BankEntryRow>(
    `select * from bank_entries
     where ($1::text is null or status = $1) and ($2::text is null or currency = $2)
       and ($4::text is null or file_id = $4)
     order by created_at_ms, id limit $3`,
    [filter.status ?? null, filter.currency ?? null, filter.limit, filter.fileId ?? null],
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

/** A statement applied to an account's chain (migrations/0039_bank_file_verification.sql, bank_statements). */
export interface ChainLink {
  readonly account: string;
  readonly position: number;
  readonly currency: string;
  readonly statementId: string | null;
  readonly sequenceNumber: string | null;
  readonly page: string | null;
  readonly openingMinor: bigint;
  readonly closingMinor: bigint;
  readonly openingDate: string | null;
  readonly closingDate: string | null;
  readonly contentDigest: string;
  readonly fileId: string;
}

interface ChainRow {
  account: string;
  position: number;
  currency: string;
  statement_id: string | null;
  sequence_number: string | null;
  page: string | null;
  opening_minor: bigint;
  closing_minor: bigint;
  opening_date: string | null;
  closing_date: string | null;
  content_digest: string;
  file_id: string;
  [column: string]: unknown;
}

const linkOfRow = (row: ChainRow): ChainLink => ({
  account: row.account,
  position: Number(row.position),
  currency: row.currency,
  statementId: row.statement_id,
  sequenceNumber: row.sequence_number,
  page: row.page,
  openingMinor: BigInt(row.opening_minor),
  closingMinor: BigInt(row.closing_minor),
  openingDate: row.opening_date,
  closingDate: row.closing_date,
  contentDigest: row.content_digest,
  fileId: row.file_id,
});

/** Serialises the imports of one account's statements until the transaction ends. */
export async function lockStatementChain(tx: Queryable, account: string): Promise<void> {
  await tx.query(`select pg_advisory_xact_lock(hashtextextended($1, 0))`, [`bank_statements:${account}`]);
}

export async function latestStatement(tx: Queryable, account: string): Promise<ChainLink | undefined> {
  const rows = await tx.query<ChainRow>(
    `select * from bank_statements where account = $1 order by position desc limit 1`,
    [account],
  );
  return rows[0] && linkOfRow(rows[0]);
}

/**
 * The applied statement `link` is again, if any: the same sequence number and page when either side has one, else
 * the same statement id and closing date.
 */
export async function recordedStatement(
  tx: Queryable,
  link: Omit<ChainLink, 'position' | 'fileId'>,
): Promise<ChainLink | undefined> {
  const rows = await tx.query<ChainRow>(
    `select * from bank_statements where account = $1
       and (case when $2::text is not null or sequence_number is not null
              then sequence_number is not distinct from $2 and page is not distinct from $3
              else statement_id is not distinct from $4 and closing_date is not distinct from $5 end)
     order by position limit 1`,
    [link.account, link.sequenceNumber, link.page, link.statementId, link.closingDate],
  );
  return rows[0] && linkOfRow(rows[0]);
}

/** Appends a statement to its account's chain; the caller holds the account's lock. */
export async function appendStatement(tx: Queryable, link: Omit<ChainLink, 'position'>, nowMs: number): Promise<void> {
  await tx.query(
    `insert into bank_statements (account, position, currency, statement_id, sequence_number, page, opening_minor,
       closing_minor, opening_date, closing_date, content_digest, file_id, recorded_at_ms)
     select $1, coalesce(max(position), 0) + 1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12
     from bank_statements where account = $1`,
    [
      link.account,
      link.currency,
      link.statementId,
      link.sequenceNumber,
      link.page,
      link.openingMinor,
      link.closingMinor,
      link.openingDate,
      link.closingDate,
      link.contentDigest,
      link.fileId,
      nowMs,
    ],
  );
}
