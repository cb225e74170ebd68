import type { Queryable } from '../../storage/db.js';
import { SqlParams } from '../../storage/sql-params.js';
import type { BankEntryRow, BankFileRow, BankFileStatus } from '../bank-files/repo.js';
import { type QueueName, queueRows } from '../overview/queues.js';

// The bank files page's reads (issue #27): the files by status, newest first, paged; the statement lines that wait
// for a person (status 'reversal'); and the page's two counts, by the overview's definitions of those queues (the
// console's home and queues read the same counts from the overview itself). Never a held file's sealed text: the
// page shows what became of a file, not its content.

const fileColumns = `id, format, sha256, imported_at_ms, summary, status, reasons, accounts, null as content_sealed,
  decided_at_ms, decision_note`;

/**
 * A page of files, newest first (as GET /admin/v1/bank-files lists them): of one status, or of every status but
 * `except` (the page lists held files in a section of their own above the others).
 */
export function bankFilesPage(
  db: Queryable,
  filter: { status?: BankFileStatus | undefined; except?: BankFileStatus | undefined; limit: number; offset: number },
): Promise<BankFileRow[]> {
  return db.query<BankFileRow>(
    `select ${fileColumns} from bank_files
     where ($1::text is null or status = $1) and ($2::text is null or status <> $2)
     order by imported_at_ms desc, id limit $3 offset $4`,
    [filter.status ?? null, filter.except ?? null, filter.limit, filter.offset],
  );
}

/** Booked reversals that wait for an operator (a credit already applied, or an original not found), oldest first. */
export function waitingReversals(db: Queryable, limit: number): Promise<BankEntryRow[]> {
  return db.query<BankEntryRow>(
    `select * from bank_entries where status = 'reversal' order by created_at_ms, id limit $1`,
    [limit],
  );
}

export interface BankAttention {
  /** Files held: a statement that does not follow its account's previous one, waiting for an accept or a reject. */
  readonly heldFiles: number;
  /** Statement lines with status 'reversal'. */
  readonly reversals: number;
}

/** The overview's queue of each count (operator/overview/queues.ts): the one definition of what needs a person. */
export const bankAttentionQueues: Readonly<Record<keyof BankAttention, QueueName>> = {
  heldFiles: 'heldBankFiles',
  reversals: 'bankReversals',
};

/**
 * What of the bank files needs a person now, counted by the overview's own rows of the two queues (the counts the
 * console's home and queues read from GET /admin/v1/overview's service): one statement, one snapshot.
 */
export async function bankAttention(db: Queryable): Promise<BankAttention> {
  const p = new SqlParams();
  const count = (key: keyof BankAttention) =>
    `(select count(*) from (${queueRows[bankAttentionQueues[key]](p, undefined)}) q) as "${key}"`;
  const [row] = await db.query<Record<keyof BankAttention, bigint | number>>(
    `select ${count('heldFiles')}, ${count('reversals')}`,
    p.values,
  );
  return { heldFiles: Number(row?.heldFiles ?? 0), reversals: Number(row?.reversals ?? 0) };
}
