import type { Queryable } from '../../storage/db.js';
import type { EntryPostingRow } from './timeline-repo.js';

// The ledger page's reads (operator console issue, item 3): balances per account and currency, and the journal
// (entries with their postings) filtered by workspace, account, currency, time and entry id, newest first, paged by
// entry id. Read-only; the ledger's writes stay in ledger/ledger.ts.

export interface LedgerFilter {
  readonly workspaceId?: string | undefined;
  readonly accountId?: string | undefined;
  readonly currency?: string | undefined;
  /** Unix milliseconds, inclusive. */
  readonly fromMs?: number | undefined;
  /** Unix milliseconds, exclusive. */
  readonly untilMs?: number | undefined;
  readonly entryId?: bigint | undefined;
}

export interface BalanceListRow {
  account_id: string;
  workspace_id: string;
  kind: string;
  email: string | null;
  currency: string;
  available: bigint;
  pending: bigint;
  updated_at_ms: bigint;
  [column: string]: unknown;
}

/** Balance rows (customer and workspace accounts; the system accounts keep none), `limit` from `offset`. */
export function listBalances(db: Queryable, filter: LedgerFilter, limit: number, offset: number) {
  return db.query<BalanceListRow>(
    `select b.account_id, a.workspace_id, a.kind, a.email, b.currency, b.available, b.pending, b.updated_at_ms
     from balances b join accounts a on a.id = b.account_id
     where ($1::text is null or a.workspace_id = $1) and ($2::text is null or b.account_id = $2)
       and ($3::text is null or b.currency = $3)
     order by a.workspace_id, b.account_id, b.currency limit $4 offset $5`,
    [filter.workspaceId ?? null, filter.accountId ?? null, filter.currency ?? null, limit, offset],
  );
}

/**
 * A page of the journal: the entries matching the filter with an id below `beforeId` (all when absent), newest
 * first, `limit` at most, each with all its postings (one row per posting). An account or currency filter keeps the
 * entries with a posting to it (read from the postings' (account, currency) index).
 */
export async function journalPage(
  db: Queryable,
  filter: LedgerFilter,
  beforeId: bigint | undefined,
  limit: number,
): Promise<{ entryIds: bigint[]; postings: EntryPostingRow[] }> {
  const ids = await db.query<{ id: bigint }>(
    `select e.id from ledger_entries e
     where ($1::text is null or e.workspace_id = $1)
       and ($2::text is null or e.id in (select entry_id from ledger_postings
             where account_id = $2 and ($3::text is null or currency = $3)))
       and ($3::text is null or e.id in (select entry_id from ledger_postings where currency = $3))
       and ($4::bigint is null or e.created_at_ms >= $4) and ($5::bigint is null or e.created_at_ms < $5)
       and ($6::bigint is null or e.id = $6) and ($7::bigint is null or e.id < $7)
     order by e.id desc limit $8`,
    [
      filter.workspaceId ?? null,
      filter.accountId ?? null,
      filter.currency ?? null,
      filter.fromMs ?? null,
      filter.untilMs ?? null,
      filter.entryId === undefined ? null : String(filter.entryId),
      beforeId === undefined ? null : String(beforeId),
      limit,
    ],
  );
  const entryIds = ids.map((r) => r.id);
  if (entryIds.length === 0) return { entryIds, postings: [] };
  const postings = await db.query<EntryPostingRow>(
    `select e.id as entry_id, e.workspace_id, e.kind, e.reference, e.created_at_ms,
            p.account_id, p.currency, p.bucket, p.amount
     from ledger_entries e join ledger_postings p on p.entry_id = e.id
     where e.id = any($1::bigint[]) order by e.id desc, p.account_id, p.currency, p.bucket`,
    [entryIds.map(String)],
  );
  return { entryIds, postings };
}
