import { ensureWorkspaceAccountSql, holderStatusSql } from '../../accounts/accounts.js';
import type { DepositStatus } from '../../domain/states/deposit-status.js';
import type { ListFilters } from '../../platform/list-filters.js';
import { countMatching, type ListSource, listPage } from '../../platform/list-query.js';
import type { Db, Queryable } from '../../storage/db.js';
import { GroupCommit, groupCommitOptions, groupOf } from '../../storage/group-commit.js';
import { SqlParams } from '../../storage/sql-params.js';
import { column, insertRowSql, jsonColumn, type RowOf } from '../../storage/table-columns.js';
import { confirmedMatchSql } from '../aml-screenings/gate.js';
import { newestSessionSummarySql } from '../openbanking/repo.js';

/** The columns of `deposits` (migrations 0005 and 0007), in the insert's order. */
export const depositColumns = {
  id: column<string>(),
  workspace_id: column<string>(),
  account_id: column<string>(),
  payer_email: column<string>(),
  user_data: jsonColumn<Record<string, string>>(),
  currency: column<string>(),
  rail: column<string>(),
  expected_amount: column<bigint | null>('bigint'),
  amount: column<bigint>('bigint'),
  held_amount: column<bigint>('bigint'),
  fee: column<bigint>('bigint'),
  expected_fee: column<bigint>('bigint'),
  status: column<DepositStatus>(),
  deposit_info: jsonColumn<Record<string, unknown>>(),
  deposit_info_pending: column<boolean>('boolean'),
  reference_code: column<string>(),
  created_at_ms: column<bigint>('bigint'),
  received_at_ms: column<bigint | null>('bigint'),
  updated_at_ms: column<bigint>('bigint'),
  /** The expected amount in major units (exact decimal), for amount filters across currencies. */
  amount_major: column<string | null>('numeric'),
};

export type DepositRow = RowOf<typeof depositColumns> & {
  /** Only on reads (findDeposit, lists): the newest open banking session's summary. */
  openbanking?: { sessionId: string; status: string; reason?: string; updatedAt: number } | null;
};

/** What every deposit starts with; its other columns are given (NewDeposit). */
const newDepositStart = {
  amount: 0n,
  held_amount: 0n,
  fee: 0n,
  expected_fee: 0n,
  status: 'Pending',
  deposit_info_pending: false,
  received_at_ms: null,
} as const satisfies Partial<DepositRow>;

/** A new deposit's given columns; it was last updated when created. */
export type NewDeposit = Omit<RowOf<typeof depositColumns>, keyof typeof newDepositStart | 'updated_at_ms'>;

/**
 * The row of a new deposit, built here rather than returned by its insert: the answer made from it is stored with
 * the idempotency key in the same statement. The insert gives every column, so the stored row is this one.
 */
export const newDepositRow = (d: NewDeposit): DepositRow => ({
  ...newDepositStart,
  ...d,
  updated_at_ms: d.created_at_ms,
});

/** What a deposit's statement decided for it: the gates as read, and whether its key (if any) was taken. */
export interface PlacedDeposit {
  readonly payerStatus: string;
  readonly amlHold: string | null;
  readonly claimed: boolean;
}

/** One deposit to place: its row, and the claim of its key with its answer (a StatementClaim's CTE). */
export interface DepositToPlace {
  readonly row: DepositRow;
  readonly claim: (p: SqlParams, when: string) => string;
  /** The idempotency key it claims, if any (workspace, account scope, key): two such never share a statement. */
  readonly key?: string | undefined;
}

/**
 * One deposit's part of a statement: the payer's verification gate and the AML gate, the claim of the idempotency
 * key with the answer, the workspace's account and the deposit, as CTEs named with `n` (so that several deposits'
 * parts make one statement), and the select of its outcome. Nothing is written unless the payer is APPROVED without
 * a confirmed sanctions match and the claim took the key.
 */
function depositPart(p: SqlParams, { row, claim }: DepositToPlace, n: number) {
  const claimed = `exists (select 1 from claimed_${n})`;
  const ctes = `payer_${n} as (select ${holderStatusSql(p, row.workspace_id, row.payer_email)} as status,
       ${confirmedMatchSql(p, row.workspace_id, row.payer_email)} as aml_hold),
     claimed_${n} as (${claim(p, `(select status from payer_${n}) = 'APPROVED' and (select aml_hold from payer_${n}) is null`)}),
     account_${n} as (${ensureWorkspaceAccountSql(p, row.workspace_id, Number(row.created_at_ms), claimed)}),
     deposit_${n} as (${insertRowSql(p, 'deposits', depositColumns, row, claimed)})`;
  const outcome = `select ${n} as part, (select status from payer_${n}) as payer_status,
       (select aml_hold from payer_${n}) as aml_hold, ${claimed} as claimed`;
  return { ctes, outcome };
}

/**
 * Places deposits in one statement, so one round trip and one commit, atomic without a transaction: each deposit's
 * part (depositPart) decides it alone, in its own CTEs, and answers its own outcome. One deposit is a statement of
 * one part; a group commit (storage/group-commit.ts, depositGroup below) sends several. Parts of one statement must
 * not claim the same idempotency key (one statement cannot take a key twice): the group keeps them apart.
 */
export async function placeDeposits(db: Queryable, deposits: readonly DepositToPlace[]): Promise<PlacedDeposit[]> {
  const p = new SqlParams();
  const parts = deposits.map((deposit, n) => depositPart(p, deposit, n));
  const rows = await db.query<{ part: number; payer_status: string; aml_hold: string | null; claimed: boolean }>(
    `with ${parts.map((part) => part.ctes).join(',\n     ')}
     ${parts.map((part) => part.outcome).join('\n     union all ')}`,
    p.values,
  );
  const outcomes: PlacedDeposit[] = [];
  for (const row of rows) {
    outcomes[Number(row.part)] = {
      payerStatus: String(row.payer_status),
      amlHold: row.aml_hold ?? null,
      claimed: row.claimed === true,
    };
  }
  return outcomes;
}

/** The group commit of deposits on this store (storage/group-commit.ts): deposits that come together, in one statement. */
export function depositGroup(db: Db): GroupCommit<DepositToPlace, PlacedDeposit> {
  return groupOf(
    db,
    'deposits',
    () =>
      new GroupCommit<DepositToPlace, PlacedDeposit>(
        (deposits) => placeDeposits(db, deposits),
        groupCommitOptions(db),
        (deposit) => (deposit.key === undefined ? [] : [deposit.key]),
      ),
  );
}

/** One deposit alone (in a transaction of its own: a wallet index's, resources/deposits/service.ts). */
export async function placeDeposit(db: Queryable, deposit: DepositToPlace): Promise<PlacedDeposit> {
  const [placed] = await placeDeposits(db, [deposit]);
  if (!placed) throw new Error('a deposit statement answered no outcome');
  return placed;
}

/**
 * The deposit's newest open banking session, read with it (spec: Deposit.openbanking, fields not shown): a summary;
 * GET /v1/openbanking/{id}/status has the whole session. The subquery is the open banking resource's.
 */
const openBankingSummary = `${newestSessionSummarySql('deposits.id')} as openbanking`;

/** A deposit with its open banking summary: every read for an answer (one, list) is of this. */
const source: ListSource = {
  select: `*, ${openBankingSummary}`,
  from: 'deposits',
  prefix: '',
  columns: {
    currency: 'currency',
    amountMajor: 'amount_major',
    createdAtMs: 'created_at_ms',
    email: 'payer_email',
    status: 'status',
    searchable: ['id', 'reference_code', 'payer_email'],
  },
  statusIndexed: true,
};

/** A deposit of this workspace; `forUpdate` locks it for a state change. */
export async function findDeposit(
  db: Queryable,
  workspaceId: string,
  id: string,
  forUpdate = false,
): Promise<DepositRow | undefined> {
  const rows = await db.query<DepositRow>(
    `select ${source.select} from ${source.from} where id = $1 and workspace_id = $2${forUpdate ? ' for update' : ''}`,
    [id, workspaceId],
  );
  return rows[0];
}

/** A deposit of any workspace (operators decide across them), locked for a state change; no open banking summary. */
export async function lockDeposit(tx: Queryable, id: string): Promise<DepositRow | undefined> {
  const [deposit] = await tx.query<DepositRow>('select * from deposits where id = $1 for update', [id]);
  return deposit;
}

/** Whether a deposit exists in any workspace: tells "not yours" from "no such deposit". */
export async function depositExists(db: Queryable, id: string): Promise<boolean> {
  const elsewhere = await db.query('select 1 from deposits where id = $1', [id]);
  return elsewhere.length > 0;
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

/** Cancels the workspace's deposit while its status is one of `from`; false when it is not (or no longer). */
export async function cancelDeposit(
  db: Queryable,
  workspaceId: string,
  id: string,
  from: Iterable<DepositStatus>,
  nowMs: number,
): Promise<boolean> {
  const cancelled = await db.query(
    `update deposits set status = 'Cancelled', updated_at_ms = $3 where id = $1 and workspace_id = $2 and status = any($4::text[]) returning id`,
    [id, workspaceId, nowMs, [...from]],
  );
  return cancelled.length > 0;
}

export const listDeposits = (db: Queryable, workspaceId: string, filters: ListFilters) =>
  listPage<DepositRow>(db, source, workspaceId, filters);

export const countDeposits = (db: Queryable, workspaceId: string, filters: ListFilters) =>
  countMatching(db, source, workspaceId, filters);

/** A deposit's workspace and status (any workspace, so that another's is told apart from none). */
export async function findDepositStatus(
  db: Queryable,
  id: string,
): Promise<{ workspace_id: string; status: string } | undefined> {
  const [deposit] = await db.query<{ workspace_id: string; status: string }>(
    'select workspace_id, status from deposits where id = $1',
    [id],
  );
  return deposit;
}

/**
 * The deposit whose `column` (its reference_code, unique, or its id) is `value`, in any workspace: what an inbound
 * credit pays (collections/credit.ts), with the payin rail its instructions were given for (provider-callbacks/repo.ts).
 */
export async function findDepositToCollect(
  db: Queryable,
  column: 'reference_code' | 'id',
  value: string,
): Promise<{ id: string; workspace_id: string; currency: string; rail: string } | undefined> {
  const rows = await db.query<{ id: string; workspace_id: string; currency: string; rail: string }>(
    `select id, workspace_id, currency, rail from deposits where ${column} = $1`,
    [value],
  );
  return rows[0];
}
