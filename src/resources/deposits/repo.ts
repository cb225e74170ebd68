import type { DepositStatus } from '../../domain/states/deposit-status.js';
import {
  countMatching,
  type FilterColumns,
  type ListFilters,
  type ListSource,
  listPage,
} from '../../platform/list-query.js';
import type { Queryable } from '../../storage/db.js';

export interface DepositRow {
  id: string;
  workspace_id: string;
  account_id: string;
  payer_email: string;
  user_data: Record<string, string>;
  currency: string;
  rail: string;
  expected_amount: bigint | null;
  amount: bigint;
  held_amount: bigint;
  fee: bigint;
  expected_fee: bigint;
  status: DepositStatus;
  deposit_info: Record<string, unknown>;
  deposit_info_pending: boolean;
  /** Only on reads (findDeposit, lists): the newest open banking session's summary. */
  openbanking?: { sessionId: string; status: string; reason?: string; updatedAt: number } | null;
  reference_code: string;
  created_at_ms: bigint;
  received_at_ms: bigint | null;
  updated_at_ms: bigint;
  [column: string]: unknown;
}

export interface NewDeposit {
  id: string;
  workspaceId: string;
  accountId: string;
  payerEmail: string;
  userData: Record<string, string>;
  currency: string;
  rail: string;
  expectedAmount: bigint | undefined;
  /** The expected amount in major units (exact decimal), for amount filters across currencies. */
  amountMajor: string | undefined;
  depositInfo: Record<string, unknown>;
  referenceCode: string;
  nowMs: number;
}

export async function insertDeposit(tx: Queryable, d: NewDeposit): Promise<DepositRow> {
  const rows = await tx.query<DepositRow>(
    `insert into deposits (id, workspace_id, account_id, payer_email, user_data, currency, rail, expected_amount,
       status, deposit_info, reference_code, created_at_ms, updated_at_ms, amount_major)
     values ($1, $2, $3, $4, $5::text::jsonb, $6, $7, $8, 'Pending', $9::text::jsonb, $10, $11, $11, $12::numeric) returning *`,
    [
      d.id,
      d.workspaceId,
      d.accountId,
      d.payerEmail,
      JSON.stringify(d.userData),
      d.currency,
      d.rail,
      d.expectedAmount ?? null,
      JSON.stringify(d.depositInfo),
      d.referenceCode,
      d.nowMs,
      d.amountMajor ?? null,
    ],
  );
  return rows[0] as DepositRow;
}

/**
 * The deposit's newest open banking session, read with it (spec: Deposit.openbanking, fields not shown): a summary;
 * GET /v1/openbanking/{id}/status has the whole session.
 */
const openBankingSummary = `(select jsonb_strip_nulls(jsonb_build_object('sessionId', s.id, 'status', s.status,
    'reason', s.reason, 'updatedAt', s.updated_at_ms / 1000))
   from openbanking_sessions s where s.entity_id = deposits.id order by s.created_at_ms desc limit 1) as openbanking`;

/** A deposit of this workspace; `forUpdate` locks it for a state change. */
export async function findDeposit(
  db: Queryable,
  workspaceId: string,
  id: string,
  forUpdate = false,
): Promise<DepositRow | undefined> {
  const rows = await db.query<DepositRow>(
    `select *, ${openBankingSummary} from deposits where id = $1 and workspace_id = $2${forUpdate ? ' for update' : ''}`,
    [id, workspaceId],
  );
  return rows[0];
}

export async function updateDepositState(
  tx: Queryable,
  id: string,
  change: { status: DepositStatus; amount: bigint; heldAmount: bigint; receivedAtMs: number | null; nowMs: number },
): Promise<DepositRow> {
  const rows = await tx.query<DepositRow>(
    `update deposits set status = $2, amount = $3, held_amount = $4, received_at_ms = coalesce(received_at_ms, $5),
       updated_at_ms = $6 where id = $1 returning *`,
    [id, change.status, change.amount, change.heldAmount, change.receivedAtMs, change.nowMs],
  );
  return rows[0] as DepositRow;
}

const depositFilterColumns: FilterColumns = {
  currency: 'currency',
  amountMajor: 'amount_major',
  createdAtMs: 'created_at_ms',
  email: 'payer_email',
  status: 'status',
  searchable: ['id', 'reference_code', 'payer_email'],
};

const source: ListSource = {
  select: `*, ${openBankingSummary}`,
  from: 'deposits',
  prefix: '',
  columns: depositFilterColumns,
};

export const listDeposits = (db: Queryable, workspaceId: string, filters: ListFilters) =>
  listPage<DepositRow>(db, source, workspaceId, filters);

export const countDeposits = (db: Queryable, workspaceId: string, filters: ListFilters) =>
  countMatching(db, source, workspaceId, filters);
