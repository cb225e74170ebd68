import { ensureWorkspaceAccountSql } from '../../accounts/accounts.js';
import type { WithdrawalStatus } from '../../domain/states/withdrawal-status.js';
import { enqueueJobSql, type NewJob } from '../../jobs/queue.js';
import { entryCtes, type NewEntry, takenRowsExistSql } from '../../ledger/ledger.js';
import { type FilterColumns, type ListFilters, type ListSource, listPage } from '../../platform/list-query.js';
import type { Queryable } from '../../storage/db.js';
import { SqlParams } from '../../storage/sql-params.js';

export interface WithdrawalRow {
  id: string;
  workspace_id: string;
  account_id: string;
  currency: string;
  rail: string;
  amount: bigint;
  fee: bigint;
  amount_major: string;
  destination: Record<string, string>;
  beneficiary: Record<string, string> | null;
  status: WithdrawalStatus;
  failure_reason: string | null;
  created_at_ms: bigint;
  updated_at_ms: bigint;
  completed_at_ms: bigint | null;
  [column: string]: unknown;
}

export interface NewWithdrawal {
  id: string;
  workspaceId: string;
  accountId: string;
  currency: string;
  rail: string;
  amount: bigint;
  fee: bigint;
  amountMajor: string;
  destination: Record<string, unknown>;
  beneficiary: Record<string, unknown> | undefined;
  nowMs: number;
}

/**
 * The row of a new withdrawal, built here rather than returned by its insert: the answer made from it is stored
 * with the idempotency key in the same statement. placeWithdrawal writes every column, so the stored row is this one.
 */
export function pendingWithdrawalRow(w: NewWithdrawal): WithdrawalRow {
  return {
    id: w.id,
    workspace_id: w.workspaceId,
    account_id: w.accountId,
    currency: w.currency,
    rail: w.rail,
    amount: w.amount,
    fee: w.fee,
    amount_major: w.amountMajor,
    destination: w.destination as Record<string, string>,
    beneficiary: (w.beneficiary as Record<string, string> | undefined) ?? null,
    status: 'Pending',
    failure_reason: null,
    created_at_ms: BigInt(w.nowMs),
    updated_at_ms: BigInt(w.nowMs),
    completed_at_ms: null,
  };
}

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
     withdrawal as (
       insert into withdrawals (id, workspace_id, account_id, currency, rail, amount, fee, amount_major, destination,
         beneficiary, status, failure_reason, created_at_ms, updated_at_ms, completed_at_ms)
       select ${p.add(row.id, 'uuid')}, ${p.add(row.workspace_id)}, ${p.add(row.account_id)}, ${p.add(row.currency)},
         ${p.add(row.rail)}, ${p.add(row.amount, 'bigint')}, ${p.add(row.fee, 'bigint')},
         ${p.add(row.amount_major, 'numeric')}, ${p.add(JSON.stringify(row.destination), 'text')}::jsonb,
         ${p.add(row.beneficiary === null ? null : JSON.stringify(row.beneficiary), 'text')}::jsonb,
         ${p.add(row.status)}, ${p.add(row.failure_reason, 'text')}, ${p.add(row.created_at_ms, 'bigint')},
         ${p.add(row.updated_at_ms, 'bigint')}, ${p.add(row.completed_at_ms, 'bigint')}
       where ${claimed}
     ),
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

const columns: FilterColumns = {
  currency: 'currency',
  amountMajor: 'amount_major',
  createdAtMs: 'created_at_ms',
  // Withdrawals debit the workspace's own account: there is no payer email; userEmail matches the beneficiary's
  // email when the destination carries one.
  email: "lower(destination->>'email')",
  status: 'status',
  searchable: ['id::text'],
};

const source: ListSource = { select: '*', from: 'withdrawals', prefix: '', columns, statusIndexed: true };

export const listWithdrawals = (db: Queryable, workspaceId: string, filters: ListFilters) =>
  listPage<WithdrawalRow>(db, source, workspaceId, filters);
