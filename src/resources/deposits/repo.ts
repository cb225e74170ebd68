import { ensureWorkspaceAccountSql, holderStatusSql } from '../../accounts/accounts.js';
import type { DepositStatus } from '../../domain/states/deposit-status.js';
import {
  countMatching,
  type FilterColumns,
  type ListFilters,
  type ListSource,
  listPage,
} from '../../platform/list-query.js';
import type { Queryable } from '../../storage/db.js';
import { SqlParams } from '../../storage/sql-params.js';

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
  /** The expected amount in major units (exact decimal), for amount filters across currencies. */
  amount_major: string | null;
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

/**
 * The row of a new deposit, built here rather than returned by its insert: the answer made from it is stored with
 * the idempotency key in the same statement. The insert gives every column, so the stored row is this one.
 */
export function newDepositRow(d: NewDeposit): DepositRow {
  return {
    id: d.id,
    workspace_id: d.workspaceId,
    account_id: d.accountId,
    payer_email: d.payerEmail,
    user_data: d.userData,
    currency: d.currency,
    rail: d.rail,
    expected_amount: d.expectedAmount ?? null,
    amount: 0n,
    held_amount: 0n,
    fee: 0n,
    expected_fee: 0n,
    status: 'Pending',
    deposit_info: d.depositInfo,
    deposit_info_pending: false,
    reference_code: d.referenceCode,
    created_at_ms: BigInt(d.nowMs),
    received_at_ms: null,
    updated_at_ms: BigInt(d.nowMs),
    amount_major: d.amountMajor ?? null,
  };
}

/**
 * Creates a deposit in one statement, so one round trip and atomic without a transaction: the payer's verification
 * gate, the claim of the idempotency key with the answer (`claim`, a StatementClaim's CTE), the workspace's account
 * and the deposit. Nothing is written unless the payer is APPROVED and the claim took the key.
 */
export async function placeDeposit(
  db: Queryable,
  row: DepositRow,
  claim: (p: SqlParams, when: string) => string,
): Promise<{ payerStatus: string; claimed: boolean }> {
  const p = new SqlParams();
  const claimed = 'exists (select 1 from claimed)';
  const [result] = await db.query<{ payer_status: string; claimed: boolean }>(
    `with payer as (select ${holderStatusSql(p, row.workspace_id, row.payer_email)} as status),
     claimed as (${claim(p, `(select status from payer) = 'APPROVED'`)}),
     account as (${ensureWorkspaceAccountSql(p, row.workspace_id, Number(row.created_at_ms), claimed)}),
     deposit as (
       insert into deposits (id, workspace_id, account_id, payer_email, user_data, currency, rail, expected_amount,
         amount, held_amount, fee, expected_fee, status, deposit_info, deposit_info_pending, reference_code,
         created_at_ms, received_at_ms, updated_at_ms, amount_major)
       select ${p.add(row.id)}, ${p.add(row.workspace_id)}, ${p.add(row.account_id)}, ${p.add(row.payer_email)},
         ${p.add(JSON.stringify(row.user_data), 'text')}::jsonb, ${p.add(row.currency)}, ${p.add(row.rail)},
         ${p.add(row.expected_amount, 'bigint')}, ${p.add(row.amount, 'bigint')}, ${p.add(row.held_amount, 'bigint')},
         ${p.add(row.fee, 'bigint')}, ${p.add(row.expected_fee, 'bigint')}, ${p.add(row.status)},
         ${p.add(JSON.stringify(row.deposit_info), 'text')}::jsonb, ${p.add(row.deposit_info_pending, 'boolean')},
         ${p.add(row.reference_code)}, ${p.add(row.created_at_ms, 'bigint')}, ${p.add(row.received_at_ms, 'bigint')},
         ${p.add(row.updated_at_ms, 'bigint')}, ${p.add(row.amount_major, 'numeric')}
       where ${claimed})
     select (select status from payer) as payer_status, ${claimed} as claimed`,
    p.values,
  );
  return { payerStatus: String(result?.payer_status), claimed: result?.claimed === true };
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
  statusIndexed: true,
};

export const listDeposits = (db: Queryable, workspaceId: string, filters: ListFilters) =>
  listPage<DepositRow>(db, source, workspaceId, filters);

export const countDeposits = (db: Queryable, workspaceId: string, filters: ListFilters) =>
  countMatching(db, source, workspaceId, filters);
