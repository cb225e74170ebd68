import { limits } from '../limits.js';
import type { Queryable } from '../storage/db.js';

// What a record's timeline reads of the ledger (operator console issue, item 3; issue 30, "Objects"): the entries
// posted for it (ledger_entries.reference is the resource's id) with their postings. Read by the console's record
// and ledger pages and the partner dashboard's object pages. Read-only; each list is bounded.

export interface EntryPostingRow {
  entry_id: bigint;
  workspace_id: string;
  kind: string;
  reference: string;
  created_at_ms: bigint;
  account_id: string;
  currency: string;
  bucket: string;
  amount: bigint;
  [column: string]: unknown;
}

/** The ledger entries posted for these references, each with its postings (one row per posting), oldest first. */
export function entriesFor(db: Queryable, references: readonly string[]) {
  return db.query<EntryPostingRow>(
    `select e.id as entry_id, e.workspace_id, e.kind, e.reference, e.created_at_ms,
            p.account_id, p.currency, p.bucket, p.amount
     from ledger_entries e join ledger_postings p on p.entry_id = e.id
     where e.reference = any($1::text[]) order by e.id, p.account_id, p.currency, p.bucket limit ${limits.consoleTimelineRowsMax}`,
    [[...references]],
  );
}

/** The newest ledger entries with a posting to this account, each with all its postings, oldest first. */
export function entriesOfAccount(db: Queryable, accountId: string) {
  return db.query<EntryPostingRow>(
    `with touched as (
       select distinct entry_id from ledger_postings where account_id = $1 order by entry_id desc limit 100
     )
     select e.id as entry_id, e.workspace_id, e.kind, e.reference, e.created_at_ms,
            p.account_id, p.currency, p.bucket, p.amount
     from touched t join ledger_entries e on e.id = t.entry_id join ledger_postings p on p.entry_id = e.id
     order by e.id, p.account_id, p.currency, p.bucket limit ${limits.consoleTimelineRowsMax}`,
    [accountId],
  );
}

/** One ledger entry with its postings. */
export interface LedgerEntryOf {
  readonly id: bigint;
  readonly workspaceId: string;
  readonly kind: string;
  readonly reference: string;
  readonly createdAtMs: bigint;
  readonly postings: EntryPostingRow[];
}

/** The rows of entriesFor or entriesOfAccount, one per entry, in their order. */
export function groupEntries(rows: readonly EntryPostingRow[]): LedgerEntryOf[] {
  const entries = new Map<string, LedgerEntryOf>();
  for (const row of rows) {
    const key = String(row.entry_id);
    const entry = entries.get(key) ?? {
      id: row.entry_id,
      workspaceId: row.workspace_id,
      kind: row.kind,
      reference: row.reference,
      createdAtMs: row.created_at_ms,
      postings: [],
    };
    entry.postings.push(row);
    entries.set(key, entry);
  }
  return [...entries.values()];
}
