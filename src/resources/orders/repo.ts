import type { OrderStatus } from '../../domain/states/order-status.js';
import {
  countMatching,
  type FilterColumns,
  type ListFilters,
  type ListSource,
  listPage,
} from '../../platform/list-query.js';
import type { Queryable } from '../../storage/db.js';
import { SqlParams } from '../../storage/sql-params.js';

export interface OrderRow {
  id: string;
  workspace_id: string;
  account_id: string;
  quote_id: string;
  payer_email: string | null;
  customer_email: string | null;
  user_data: Record<string, string> | null;
  destination_user_data: Record<string, string> | null;
  destination: Record<string, string>;
  external_reference: string | null;
  origin_currency: string;
  origin_rail: string;
  destination_currency: string;
  destination_rail: string;
  origin_amount: bigint;
  destination_amount: bigint;
  fee: bigint;
  gas_fee: bigint;
  spread: bigint;
  conversion_rate: string;
  /** The origin amount in major units (exact decimal), for amount filters across currencies. */
  amount_major: string;
  deposit_id: string;
  received_amount: bigint;
  deposit_info: Record<string, unknown>;
  reference_code: string;
  counterparty: Record<string, string> | null;
  payin_reference: string | null;
  status: OrderStatus;
  failure_reason: string | null;
  created_at_ms: bigint;
  updated_at_ms: bigint;
  pay_by_ms: bigint;
  received_at_ms: bigint | null;
  traded_at_ms: bigint | null;
  withdrawn_at_ms: bigint | null;
  completed_at_ms: bigint | null;
  [column: string]: unknown;
}

export interface NewOrder {
  id: string;
  workspaceId: string;
  accountId: string;
  quoteId: string;
  payerEmail: string | undefined;
  customerEmail: string | undefined;
  userData: Record<string, unknown> | undefined;
  destinationUserData: Record<string, unknown> | undefined;
  destination: Record<string, unknown>;
  externalReference: string | undefined;
  originCurrency: string;
  originRail: string;
  destinationCurrency: string;
  destinationRail: string;
  originAmount: bigint;
  destinationAmount: bigint;
  fee: bigint;
  gasFee: bigint;
  spread: bigint;
  conversionRate: string;
  amountMajor: string;
  depositId: string;
  depositInfo: Record<string, unknown>;
  referenceCode: string;
  nowMs: number;
  payByMs: number;
  /** Known at creation only when the funds already arrived (an order from a pending payment). */
  counterparty?: Record<string, string>;
}

/**
 * The row a new order is, built here rather than returned by its insert, so that an answer made from it can be
 * stored with the idempotency key in the insert's own statement. The insert gives every column: the stored row is
 * this one.
 */
export function newOrderRow(o: NewOrder): OrderRow {
  return {
    id: o.id,
    workspace_id: o.workspaceId,
    account_id: o.accountId,
    quote_id: o.quoteId,
    payer_email: o.payerEmail ?? null,
    customer_email: o.customerEmail ?? null,
    user_data: (o.userData as Record<string, string> | undefined) ?? null,
    destination_user_data: (o.destinationUserData as Record<string, string> | undefined) ?? null,
    destination: o.destination as Record<string, string>,
    external_reference: o.externalReference ?? null,
    origin_currency: o.originCurrency,
    origin_rail: o.originRail,
    destination_currency: o.destinationCurrency,
    destination_rail: o.destinationRail,
    origin_amount: o.originAmount,
    destination_amount: o.destinationAmount,
    fee: o.fee,
    gas_fee: o.gasFee,
    spread: o.spread,
    conversion_rate: o.conversionRate,
    amount_major: o.amountMajor,
    deposit_id: o.depositId,
    received_amount: 0n,
    deposit_info: o.depositInfo,
    reference_code: o.referenceCode,
    counterparty: o.counterparty ?? null,
    payin_reference: null,
    status: 'Pending',
    failure_reason: null,
    created_at_ms: BigInt(o.nowMs),
    updated_at_ms: BigInt(o.nowMs),
    pay_by_ms: BigInt(o.payByMs),
    received_at_ms: null,
    traded_at_ms: null,
    withdrawn_at_ms: null,
    completed_at_ms: null,
  };
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
const jsonb = (p: SqlParams, value: unknown) =>
  `${p.add(value === null ? null : JSON.stringify(value), 'text')}::jsonb`;

/** The insert of a new order's row, alone or as one part of a write's single statement (only where `when` holds). */
export function insertOrderSql(p: SqlParams, row: OrderRow, when?: string): string {
  const at = (ms: bigint | null) => p.add(ms, 'bigint');
  return `insert into orders (id, workspace_id, account_id, quote_id, payer_email, customer_email, user_data,
      destination_user_data, destination, external_reference, origin_currency, origin_rail, destination_currency,
      destination_rail, origin_amount, destination_amount, fee, gas_fee, spread, conversion_rate, amount_major,
      deposit_id, received_amount, deposit_info, reference_code, counterparty, payin_reference, status, failure_reason,
      created_at_ms, updated_at_ms, pay_by_ms, received_at_ms, traded_at_ms, withdrawn_at_ms, completed_at_ms)
    select ${p.add(row.id)}, ${p.add(row.workspace_id)}, ${p.add(row.account_id)}, ${p.add(row.quote_id, 'uuid')},
      ${p.add(row.payer_email)}, ${p.add(row.customer_email)}, ${jsonb(p, row.user_data)},
      ${jsonb(p, row.destination_user_data)}, ${jsonb(p, row.destination)}, ${p.add(row.external_reference)},
      ${p.add(row.origin_currency)}, ${p.add(row.origin_rail)}, ${p.add(row.destination_currency)},
      ${p.add(row.destination_rail)}, ${p.add(row.origin_amount, 'bigint')}, ${p.add(row.destination_amount, 'bigint')},
      ${p.add(row.fee, 'bigint')}, ${p.add(row.gas_fee, 'bigint')}, ${p.add(row.spread, 'bigint')},
      ${p.add(row.conversion_rate, 'numeric')}, ${p.add(row.amount_major, 'numeric')}, ${p.add(row.deposit_id)},
      ${p.add(row.received_amount, 'bigint')}, ${jsonb(p, row.deposit_info)}, ${p.add(row.reference_code)},
      ${jsonb(p, row.counterparty)}, ${p.add(row.payin_reference)}, ${p.add(row.status)}, ${p.add(row.failure_reason)},
      ${at(row.created_at_ms)}, ${at(row.updated_at_ms)}, ${at(row.pay_by_ms)}, ${at(row.received_at_ms)},
      ${at(row.traded_at_ms)}, ${at(row.withdrawn_at_ms)}, ${at(row.completed_at_ms)}${when === undefined ? '' : ` where ${when}`}`;
}

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

export interface OrderChange {
  status: OrderStatus;
  receivedAmount?: bigint;
  counterparty?: Record<string, string>;
  failureReason?: string;
  payinReference?: string;
  /** Which leg timestamps the change sets (each once). */
  stamps?: readonly ('received_at_ms' | 'traded_at_ms' | 'withdrawn_at_ms' | 'completed_at_ms')[];
}

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

const orderFilterColumns: FilterColumns = {
  currency: 'origin_currency',
  amountMajor: 'amount_major',
  createdAtMs: 'created_at_ms',
  email: 'payer_email',
  status: 'status',
  searchable: ['id', 'external_reference', 'reference_code', 'payer_email'],
};

// What orderListItem reads, and nothing more: decoding the other columns (ids, emails, counterparty, amounts in
// other forms) was about a quarter of the server's time spent decoding a page of 50 orders.
const listedColumns = `id, quote_id, status, origin_currency, origin_rail, origin_amount, destination_currency,
  destination_rail, destination_amount, conversion_rate, fee, gas_fee, customer_email, user_data, destination_user_data,
  destination, external_reference, deposit_id, received_amount, received_at_ms, deposit_info, traded_at_ms,
  withdrawn_at_ms, completed_at_ms, failure_reason, pay_by_ms, created_at_ms, updated_at_ms`;

const source: ListSource = {
  select: listedColumns,
  from: 'orders',
  prefix: '',
  columns: orderFilterColumns,
  statusIndexed: true,
  // Kept by the triggers of migration 0017.
  dayCounts: 'order_day_counts',
};

export const listOrders = (db: Queryable, workspaceId: string, filters: ListFilters) =>
  listPage<OrderRow>(db, source, workspaceId, filters);

export const countOrders = (db: Queryable, workspaceId: string, filters: ListFilters) =>
  countMatching(db, source, workspaceId, filters);
