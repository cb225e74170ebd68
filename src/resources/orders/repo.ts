import { finalOrderStatuses, type OrderStatus, orderStatuses } from '../../domain/states/order-status.js';
import type { KeyRef } from '../../platform/idempotency.js';
import type { KeyHold } from '../../platform/idempotency-retention.js';
import type { ListFilters } from '../../platform/list-filters.js';
import { countMatching, type ListSource, listPage } from '../../platform/list-query.js';
import type { Queryable } from '../../storage/db.js';
import { SqlParams } from '../../storage/sql-params.js';
import { column, insertRowSql, jsonColumn, listed, listedColumnsSql, type RowOf } from '../../storage/table-columns.js';

/**
 * The columns of `orders` (migration 0011), in the insert's order. `listed` marks what the order's view reads
 * (orderView, orderJson), and nothing more: decoding the other columns (ids, emails, counterparty, amounts in other
 * forms) was about a quarter of the server's time spent decoding a page of 50 orders.
 */
export const orderColumns = {
  id: listed(column<string>()),
  workspace_id: column<string>(),
  account_id: column<string>(),
  quote_id: listed(column<string>('uuid')),
  payer_email: column<string | null>(),
  customer_email: listed(column<string | null>()),
  user_data: listed(jsonColumn<Record<string, string> | null>()),
  destination_user_data: listed(jsonColumn<Record<string, string> | null>()),
  destination: listed(jsonColumn<Record<string, string>>()),
  external_reference: listed(column<string | null>()),
  origin_currency: listed(column<string>()),
  origin_rail: listed(column<string>()),
  destination_currency: listed(column<string>()),
  destination_rail: listed(column<string>()),
  origin_amount: listed(column<bigint>('bigint')),
  destination_amount: listed(column<bigint>('bigint')),
  fee: listed(column<bigint>('bigint')),
  gas_fee: listed(column<bigint>('bigint')),
  spread: column<bigint>('bigint'),
  conversion_rate: listed(column<string>('numeric')),
  /** The origin amount in major units (exact decimal), for amount filters across currencies. */
  amount_major: column<string>('numeric'),
  deposit_id: listed(column<string>()),
  received_amount: listed(column<bigint>('bigint')),
  deposit_info: listed(jsonColumn<Record<string, unknown>>()),
  reference_code: column<string>(),
  counterparty: jsonColumn<Record<string, string> | null>(),
  payin_reference: column<string | null>(),
  status: listed(column<OrderStatus>()),
  failure_reason: listed(column<string | null>()),
  created_at_ms: listed(column<bigint>('bigint')),
  updated_at_ms: listed(column<bigint>('bigint')),
  pay_by_ms: listed(column<bigint>('bigint')),
  received_at_ms: listed(column<bigint | null>('bigint')),
  traded_at_ms: listed(column<bigint | null>('bigint')),
  withdrawn_at_ms: listed(column<bigint | null>('bigint')),
  completed_at_ms: listed(column<bigint | null>('bigint')),
  /** The banking account it pays out to (LINKED_BANK_ACCOUNT, migration 0018); destination holds its instrument. */
  banking_account_id: listed(column<string | null>('uuid')),
  /** The Idempotency-Key that created the order (migration 0022): a failed payout consumes it. */
  idempotency_key: column<string | null>('text'),
  idempotency_scope: column<string | null>('text'),
};

export type OrderRow = RowOf<typeof orderColumns>;

/** What every order starts with; its other columns are given (NewOrder). */
const newOrderStart = {
  received_amount: 0n,
  payin_reference: null,
  status: 'Pending',
  failure_reason: null,
  received_at_ms: null,
  traded_at_ms: null,
  withdrawn_at_ms: null,
  completed_at_ms: null,
} as const satisfies Partial<OrderRow>;

/** A new order's given columns; it was last updated when created. */
export type NewOrder = Omit<
  OrderRow,
  keyof typeof newOrderStart | 'counterparty' | 'updated_at_ms' | 'idempotency_key' | 'idempotency_scope'
> & {
  /** Known at creation only when the funds already arrived (an order from a pending payment). */
  counterparty?: Record<string, string>;
  /** The key of a keyed POST /v1/orders. */
  key?: KeyRef | undefined;
};

/**
 * The row a new order is, built here rather than returned by its insert, so that an answer made from it can be
 * stored with the idempotency key in the insert's own statement. The insert gives every column: the stored row is
 * this one.
 */
export const newOrderRow = ({ key, ...o }: NewOrder): OrderRow => ({
  ...newOrderStart,
  ...o,
  counterparty: o.counterparty ?? null,
  updated_at_ms: o.created_at_ms,
  idempotency_key: key?.key ?? null,
  idempotency_scope: key?.accountScope ?? null,
});

/** The insert of a new order's row, alone or as one part of a write's single statement (only where `when` holds). */
export const insertOrderSql = (p: SqlParams, row: OrderRow, when?: string): string =>
  insertRowSql(p, 'orders', orderColumns, row, when);

/** Inserts a new order in the caller's transaction and answers its row. */
export async function insertOrder(tx: Queryable, o: NewOrder): Promise<OrderRow> {
  const row = newOrderRow(o);
  const p = new SqlParams();
  await tx.query(insertOrderSql(p, row), p.values);
  return row;
}

/** An order by id (any workspace); `forUpdate` locks it for a state change. */
export async function findOrder(db: Queryable, id: string, forUpdate = false): Promise<OrderRow | undefined> {
  const rows = await db.query<OrderRow>(`select * from orders where id = $1${forUpdate ? ' for update' : ''}`, [id]);
  return rows[0];
}

/**
 * GET /v1/orders/{id} (read.ts): the columns the public order shows, and its workspace, instead of the whole row:
 * the nine columns no view reads (account, payer email, spread, counterparty, references, idempotency) cost their
 * transfer and decoding on every read, as they did for the list page (`listed`). Any workspace.
 */
const shownOrderSql = `select ${listedColumnsSql(orderColumns)}, workspace_id from orders where id = $1`;

/** An order's listed columns and workspace_id, by id; orderJson reads no others. */
export async function findShownOrder(db: Queryable, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.query<OrderRow>(shownOrderSql, [id]);
  return row;
}

export interface OrderChange {
  status: OrderStatus;
  receivedAmount?: bigint;
  counterparty?: Record<string, string>;
  failureReason?: string;
  payinReference?: string;
  /** Which leg timestamps the change sets (each once). */
  stamps?: readonly ('received_at_ms' | 'traded_at_ms' | 'withdrawn_at_ms' | 'completed_at_ms')[];
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

export async function updateOrder(tx: Queryable, id: string, change: OrderChange, nowMs: number): Promise<OrderRow> {
  const stamp = (change.stamps ?? []).map((column) => `, ${column} = coalesce(${column}, $2)`).join('');
  const rows = await tx.query<OrderRow>(
    `update orders set status = $3, updated_at_ms = $2, received_amount = coalesce($4, received_amount),
       counterparty = coalesce($5::text::jsonb, counterparty), failure_reason = coalesce($6, failure_reason),
       payin_reference = coalesce($7, payin_reference)${stamp}
     where id = $1 returning *`,
    [
      id,
      nowMs,
      change.status,
      change.receivedAmount ?? null,
      json(change.counterparty),
      change.failureReason ?? null,
      change.payinReference ?? null,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error(`order ${id} vanished`);
  return row;
}

/**
 * The workspace's orders whose payment window has ended by `atMs` (its clock) and that the window ends (`statuses`),
 * locked in payBy order: what a test clock's advance expires at once.
 */
export async function lockOrdersPastPayBy(
  tx: Queryable,
  workspaceId: string,
  atMs: number,
  statuses: Iterable<string>,
): Promise<OrderRow[]> {
  return tx.query<OrderRow>(
    `select * from orders where workspace_id = $1 and status = any($2::text[]) and pay_by_ms <= $3
     order by pay_by_ms, id for update`,
    [workspaceId, [...statuses], atMs],
  );
}

/** The payer's payment reference (IMPS, UPI), recorded without a change of status. */
export async function setPayinReference(tx: Queryable, id: string, reference: string, nowMs: number): Promise<void> {
  await tx.query('update orders set payin_reference = $2, updated_at_ms = $3 where id = $1', [id, reference, nowMs]);
}

const source: ListSource = {
  select: listedColumnsSql(orderColumns),
  from: 'orders',
  prefix: '',
  columns: {
    currency: 'origin_currency',
    amountMajor: 'amount_major',
    createdAtMs: 'created_at_ms',
    email: 'payer_email',
    status: 'status',
    searchable: ['id', 'external_reference', 'reference_code', 'payer_email'],
  },
  statusIndexed: true,
  // Kept by the triggers of migrations 0017 and 0037, folded by foldOrderDayCounts (day-counts.ts).
  dayCounts: { counters: 'order_day_counts', deltas: 'order_day_count_deltas' },
};

export const listOrders = (db: Queryable, workspaceId: string, filters: ListFilters) =>
  listPage<OrderRow>(db, source, workspaceId, filters);

export const countOrders = (db: Queryable, workspaceId: string, filters: ListFilters) =>
  countMatching(db, source, workspaceId, filters);

/**
 * An order's Idempotency-Key is held past its replay window while the order is not final: its execution can still
 * fail and consume the key (legs.ts). Handed to platform/idempotency-retention.ts by the composition root.
 */
export const orderKeyHold: KeyHold<unknown> = {
  endpoint: 'POST /v1/orders',
  answerField: 'orderId',
  params: [() => orderStatuses.filter((s) => !finalOrderStatuses.has(s))],
  held: (id, [notFinal]) => `exists (select 1 from orders o
          where o.id = ${id} and o.status = any(${notFinal}::text[]))`,
};

/** Whether an order is bound to the quote whose id is the SQL `quoteId` (quotes are kept while one is). */
export const orderOnQuoteSql = (quoteId: string): string =>
  `exists (select 1 from orders o where o.quote_id = ${quoteId})`;

/** An order's workspace and status (any workspace, so that another's is told apart from none). */
export async function findOrderStatus(
  db: Queryable,
  id: string,
): Promise<{ workspace_id: string; status: string } | undefined> {
  const [order] = await db.query<{ workspace_id: string; status: string }>(
    'select workspace_id, status from orders where id = $1',
    [id],
  );
  return order;
}

/**
 * The rail-funded order whose `column` (its reference_code, unique; the deposit id its instructions were issued
 * under; or its id) is `value`, in any workspace: what an inbound credit pays (collections/credit.ts,
 * provider-callbacks/repo.ts), with its payin rail.
 */
export async function findOrderToCollect(
  db: Queryable,
  column: 'reference_code' | 'deposit_id' | 'id',
  value: string,
): Promise<{ id: string; workspace_id: string; currency: string; rail: string } | undefined> {
  const rows = await db.query<{ id: string; workspace_id: string; currency: string; rail: string }>(
    `select id, workspace_id, origin_currency as currency, origin_rail as rail from orders
     where ${column} = $1 and origin_rail <> 'BALANCE'`,
    [value],
  );
  return rows[0];
}
