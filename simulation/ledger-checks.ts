import type { Db } from '../src/storage/db.js';

// The ledger's three invariants, read from its tables with SQL: every journal entry nets to zero, every balance equals
// its postings, no balance is below zero. After a step they look at what the step can have touched, found by index
// whatever the database holds; at the end of a run, at everything.

/**
 * The workspace's accounts ($1), one branch per kind: each kind has its own partial index on workspace_id
 * (migrations 0003 and later), and none covers them all.
 */
export const workspaceAccounts = (columns: string) =>
  ['workspace', 'customer', 'organisation']
    .map((kind) => `select ${columns} from accounts where workspace_id = $1 and kind = '${kind}'`)
    .join(' union all ');

/** Where the ledger checks look: the journal entries written since `entriesAfter`, and the workspace's balances. */
export interface LedgerScope {
  readonly workspaceId: string;
  readonly entriesAfter: bigint;
}

export interface LedgerCheck {
  readonly problems: string[];
  /** The newest entry checked: the next check starts after it. */
  readonly lastEntryId: bigint;
}

/**
 * The ledger's three invariants: over the entries written since the last check and the workspace's accounts (after a
 * step: both found by index, whatever the database holds), or over the whole database (no scope).
 */
export async function ledgerProblems(db: Db, scope?: LedgerScope): Promise<LedgerCheck> {
  const [newest] = await db.query<{ id: bigint }>('select coalesce(max(id), 0)::int8 as id from ledger_entries');
  const lastEntryId = newest?.id ?? 0n;
  const unbalanced = await db.query<{ entry: string; currency: string; total: string }>(
    `select p.entry_id::text as entry, p.currency, sum(p.amount)::text as total from ledger_postings p
     where p.entry_id > $1 and p.entry_id <= $2
     group by p.entry_id, p.currency having sum(p.amount) <> 0 order by p.entry_id limit 20`,
    [scope?.entriesAfter ?? 0n, lastEntryId],
  );
  const accounts = scope ? workspaceAccounts('id') : 'select id from accounts';
  const params = scope ? [scope.workspaceId] : [];
  const mismatched = await db.query<{ account_id: string; currency: string; stored: string; posted: string }>(
    `with posted as (
       select account_id, currency,
              coalesce(sum(amount) filter (where bucket = 'available'), 0) as available,
              coalesce(sum(amount) filter (where bucket = 'pending'), 0) as pending
       from ledger_postings where account_id in (${accounts}) group by account_id, currency),
     stored as (select * from balances where account_id in (${accounts}))
     select coalesce(b.account_id, p.account_id) as account_id, coalesce(b.currency, p.currency) as currency,
            coalesce(b.available, 0) || '/' || coalesce(b.pending, 0) as stored,
            coalesce(p.available, 0) || '/' || coalesce(p.pending, 0) as posted
     from stored b full join posted p on p.account_id = b.account_id and p.currency = b.currency
     where coalesce(b.available, 0) <> coalesce(p.available, 0) or coalesce(b.pending, 0) <> coalesce(p.pending, 0)
     limit 20`,
    params,
  );
  const negative = await db.query<{ account_id: string; currency: string; available: string; pending: string }>(
    `select account_id, currency, available::text as available, pending::text as pending from balances
     where account_id in (${accounts}) and (available < 0 or pending < 0) limit 20`,
    params,
  );
  const problems = [
    ...unbalanced.map((r) => `journal nets to zero: entry ${r.entry} nets ${r.total} ${r.currency}`),
    ...mismatched.map(
      (r) => `balance equals postings: ${r.account_id} ${r.currency} stored ${r.stored}, postings ${r.posted}`,
    ),
    ...negative.map((r) => `no balance below zero: ${r.account_id} ${r.currency} ${r.available}/${r.pending}`),
  ];
  return { problems, lastEntryId };
}
