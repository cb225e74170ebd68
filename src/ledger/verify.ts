import { limits } from '../limits.js';
import type { Db, Queryable } from '../storage/db.js';

export interface LedgerProblem {
  readonly kind: 'unbalanced_entry' | 'balance_mismatch';
  readonly detail: string;
}

export interface LedgerReport {
  readonly ok: boolean;
  readonly entriesChecked: number;
  readonly balancesChecked: number;
  readonly problems: readonly LedgerProblem[];
}

/**
 * The operator's check of the whole ledger: every entry nets to zero per currency, and every stored balance equals
 * the sum of its account's postings, bucket by bucket (including postings whose balance row is missing). It reads
 * every posting, so it runs in a transaction of its own with a statement bound of its own, not a request's.
 */
export function verifyLedger(db: Db): Promise<LedgerReport> {
  return db.transaction(async (tx) => {
    await tx.exec(`set local statement_timeout = ${limits.ledgerVerificationTimeoutMs}`);
    return checkLedger(tx);
  });
}

async function checkLedger(db: Queryable): Promise<LedgerReport> {
  const unbalanced = await db.query<{ entry_id: bigint; currency: string; total: string }>(
    `select entry_id, currency, sum(amount)::text as total from ledger_postings
     group by entry_id, currency having sum(amount) <> 0 order by entry_id limit $1`,
    [limits.ledgerProblemsShownMax],
  );
  const mismatched = await db.query<{ account_id: string; currency: string; stored: string; posted: string }>(
    `with posted as (
       select account_id, currency,
              coalesce(sum(amount) filter (where bucket = 'available'), 0) as available,
              coalesce(sum(amount) filter (where bucket = 'pending'), 0) as pending
       from ledger_postings where account_id not like 'system:%' group by account_id, currency
     )
     select coalesce(b.account_id, p.account_id) as account_id, coalesce(b.currency, p.currency) as currency,
            coalesce(b.available, 0) || '/' || coalesce(b.pending, 0) as stored,
            coalesce(p.available, 0) || '/' || coalesce(p.pending, 0) as posted
     from balances b full join posted p on p.account_id = b.account_id and p.currency = b.currency
     where coalesce(b.available, 0) <> coalesce(p.available, 0) or coalesce(b.pending, 0) <> coalesce(p.pending, 0)
     order by 1, 2 limit $1`,
    [limits.ledgerProblemsShownMax],
  );
  const [counts] = await db.query<{ entries: bigint; balances: bigint }>(
    'select (select count(*) from ledger_entries) as entries, (select count(*) from balances) as balances',
  );
  const problems: LedgerProblem[] = [
    ...unbalanced.map((r) => ({
      kind: 'unbalanced_entry' as const,
      detail: `entry ${r.entry_id} nets ${r.total} in ${r.currency}`,
    })),
    ...mismatched.map((r) => ({
      kind: 'balance_mismatch' as const,
      detail: `account ${r.account_id} ${r.currency}: stored available/pending ${r.stored}, postings ${r.posted}`,
    })),
  ];
  return {
    ok: problems.length === 0,
    entriesChecked: Number(counts?.entries ?? 0),
    balancesChecked: Number(counts?.balances ?? 0),
    problems,
  };
}
