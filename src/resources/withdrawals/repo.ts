import { ensureWorkspaceAccountSql } from '../../accounts/accounts.js';
import type { WithdrawalStatus } from '../../domain/states/withdrawal-status.js';
import { enqueueJobSql, type NewJob } from '../../jobs/queue.js';
import { entryCtes, type NewEntry, takenRowsExistSql } from '../../ledger/ledger.js';
import type { KeyHold } from '../../platform/idempotency-retention.js';
import type { ListFilters } from '../../platform/list-filters.js';
import { type ListSource, listPage } from '../../platform/list-query.js';
import type { Queryable } from '../../storage/db.js';
import { SqlParams } from '../../storage/sql-params.js';
import { column, insertRowSql, jsonColumn, type RowOf } from '../../storage/table-columns.js';

/** The columns of `withdrawals` (migration 0008), in the insert's order. */
export const withdrawalColumns = {
  id: column<string>('uuid'),
  workspace_id: column<string>(),
  account_id: column<string>(),
  currency: column<string>(),
  rail: column<string>(),
  amount: column<bigint>('bigint'),
  fee: column<bigint>('bigint'),
  amount_major: column<string>('numeric'),
  destination: jsonColumn<Record<string, string>>(),
  beneficiary: jsonColumn<Record<string, string> | null>(),
  status: column<WithdrawalStatus>(),
  failure_reason: column<string | null>('text'),
  created_at_ms: column<bigint>('bigint'),
  updated_at_ms: column<bigint>('bigint'),
  completed_at_ms: column<bigint | null>('bigint'),
  /** The banking account it was paid to (LINKED_BANK_ACCOUNT, migration 0018); destination holds its instrument. */
  banking_account_id: column<string | null>('uuid'),
  /** The Idempotency-Key that created the withdrawal (migration 0022): a failed payout consumes it. */
  idempotency_key: column<string | null>('text'),
  idempotency_scope: column<string | null>('text'),
};

export type WithdrawalRow = RowOf<typeof withdrawalColumns>;

/** What every withdrawal starts with; its other columns are given (NewWithdrawal). */
const newWithdrawalStart = {
  status: 'Pending',
  failure_reason: null,
  completed_at_ms: null,
} as const satisfies Partial<WithdrawalRow>;

/** A new withdrawal's given columns; it was last updated when created. */
export type NewWithdrawal = Omit<WithdrawalRow, keyof typeof newWithdrawalStart | 'updated_at_ms'>;

/**
 * The row of a new withdrawal, built here rather than returned by its insert: the answer made from it is stored
 * with the idempotency key in the same statement. placeWithdrawal writes every column, so the stored row is this one.
 */
export const pendingWithdrawalRow = (w: NewWithdrawal): WithdrawalRow => ({
  ...newWithdrawalStart,
  ...w,
  updated_at_ms: w.created_at_ms,
});

/**
 * Places a withdrawal in one statement, so one round trip and atomic without a transaction: the claim of the
 * idempotency key with the answer (`claim`, a StatementClaim's CTE), the workspace's account, the withdrawal, its
 * payout job, and the hold of amount plus fee with its balance_updated (`hold`, see entryCtes). Nothing is written
 * unless the balance row exists (`funded`) and the claim took the key. The claim runs before the debit, which locks
 * the workspace's balance row: a duplicate request waits on the key, not while holding the balance. The lock is
 * then held to the statement's commit, on the server, never across a round trip to this process. A hold beyond the
 * available funds fails the statement with a check violation (the caller maps it with fundsErrorOf).
 */
export async function placeWithdrawal(
  db: Queryable,
  row: WithdrawalRow,
  payout: NewJob,
  hold: NewEntry,
  claim: (p: SqlParams, when: string) => string,
): Promise<{ funded: boolean; claimed: boolean; taken: number }> {
  const p = new SqlParams();
  const nowMs = Number(row.created_at_ms);
  const claimed = 'exists (select 1 from claimed)';
  const [result] = await db.query<{ funded: boolean; claimed: boolean; taken: bigint }>(
    `with funded as (select ${takenRowsExistSql(p, hold)} as ok),
     claimed as (${claim(p, '(select ok from funded)')}),
     account as (${ensureWorkspaceAccountSql(p, row.workspace_id, nowMs, claimed)}),
     withdrawal as (${insertRowSql(p, 'withdrawals', withdrawalColumns, row, claimed)}),
     job as (${enqueueJobSql(p, payout, nowMs, claimed)}),
     ${entryCtes(p, hold, claimed)}
     select (select ok from funded) as funded, ${claimed} as claimed, (select count(*) from ledger_taken) as taken`,
    p.values,
  );
  return { funded: result?.funded === true, claimed: result?.claimed === true, taken: Number(result?.taken ?? 0) };
}

export async function findWithdrawal(db: Queryable, id: string, forUpdate = false): Promise<WithdrawalRow | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const rows = await db.query<WithdrawalRow>(
    `select * from withdrawals where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0];
}

export async function setWithdrawalStatus(
  tx: Queryable,
  id: string,
  status: WithdrawalStatus,
  nowMs: number,
  failureReason?: string,
): Promise<WithdrawalRow> {
  const rows = await tx.query<WithdrawalRow>(
    `update withdrawals set status = $2, updated_at_ms = $3, failure_reason = coalesce($4, failure_reason),
       completed_at_ms = case when $2 in ('Success', 'Failed', 'Returned') then $3 else completed_at_ms end
     where id = $1 returning *`,
    [id, status, nowMs, failureReason ?? null],
  );
  return rows[0] as WithdrawalRow;
}

const source: ListSource = {
  select: '*',
  from: 'withdrawals',
  prefix: '',
  columns: {
    currency: 'currency',
    amountMajor: 'amount_major',
    createdAtMs: 'created_at_ms',
    // Withdrawals debit the workspace's own account: there is no payer email; userEmail matches the beneficiary's
    // email when the destination carries one.
    email: "lower(destination->>'email')",
    status: 'status',
    searchable: ['id::text'],
  },
  statusIndexed: true,
};

export const listWithdrawals = (db: Queryable, workspaceId: string, filters: ListFilters) =>
  listPage<WithdrawalRow>(db, source, workspaceId, filters);

/**
 * A withdrawal's Idempotency-Key is held past its replay window while the withdrawal is pending, or paid so
 * recently (after `paidBeforeMs`, the return window) that it may still be returned and consume the key
 * (transitions.ts). Handed to platform/idempotency-retention.ts by the composition root.
 */
export const withdrawalKeyHold: KeyHold<{ readonly paidBeforeMs: number }> = {
  endpoint: 'POST /v1/withdrawals',
  answerField: 'withdrawalId',
  params: [(h) => h.paidBeforeMs],
  held: (id, [paidBefore]) => `exists (select 1 from withdrawals w
          where w.id = (${id})::uuid
            and (w.status = 'Pending' or (w.status = 'Success' and w.completed_at_ms >= ${paidBefore})))`,
};
