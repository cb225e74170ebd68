import type { WithdrawalStatus } from '../../domain/states/withdrawal-status.js';
import { type FilterColumns, type ListFilters, type ListSource, listPage } from '../../platform/list-query.js';
import type { Queryable } from '../../storage/db.js';

export interface WithdrawalRow {
  id: string;
  workspace_id: string;
  account_id: string;
  currency: string;
  rail: string;
  amount: bigint;
  fee: bigint;
  destination: Record<string, string>;
  beneficiary: Record<string, string> | null;
  status: WithdrawalStatus;
  failure_reason: string | null;
  created_at_ms: bigint;
  updated_at_ms: bigint;
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

export async function insertWithdrawal(tx: Queryable, w: NewWithdrawal): Promise<WithdrawalRow> {
  const rows = await tx.query<WithdrawalRow>(
    `insert into withdrawals (id, workspace_id, account_id, currency, rail, amount, fee, amount_major, destination,
       beneficiary, status, created_at_ms, updated_at_ms)
     values ($1, $2, $3, $4, $5, $6, $7, $8::numeric, $9::text::jsonb, $10::text::jsonb, 'Pending', $11, $11) returning *`,
    [
      w.id,
      w.workspaceId,
      w.accountId,
      w.currency,
      w.rail,
      w.amount,
      w.fee,
      w.amountMajor,
      JSON.stringify(w.destination),
      w.beneficiary === undefined ? null : JSON.stringify(w.beneficiary),
      w.nowMs,
    ],
  );
  return rows[0] as WithdrawalRow;
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

const source: ListSource = { select: '*', from: 'withdrawals', prefix: '', columns };

export const listWithdrawals = (db: Queryable, workspaceId: string, filters: ListFilters) =>
  listPage<WithdrawalRow>(db, source, workspaceId, filters);
