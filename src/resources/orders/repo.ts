import type { OrderStatus } from '../../domain/states/order-status.js';
import {
  countMatching,
  type FilterColumns,
  type ListFilters,
  type ListSource,
  listPage,
} from '../../platform/list-query.js';
import type { Queryable } from '../../storage/db.js';

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

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

export async function insertOrder(tx: Queryable, o: NewOrder): Promise<OrderRow> {
  const rows = await tx.query<OrderRow>(
    `insert into orders (id, workspace_id, account_id, quote_id, payer_email, customer_email, user_data,
       destination_user_data, destination, external_reference, origin_currency, origin_rail, destination_currency,
       destination_rail, origin_amount, destination_amount, fee, gas_fee, spread, conversion_rate, amount_major,
       deposit_id, deposit_info, reference_code, status, created_at_ms, updated_at_ms, pay_by_ms, counterparty)
     values ($1, $2, $3, $4, $5, $6, $7::text::jsonb, $8::text::jsonb, $9::text::jsonb, $10, $11, $12, $13, $14, $15,
       $16, $17, $18, $19, $20::numeric, $21::numeric, $22, $23::text::jsonb, $24, 'Pending', $25, $25, $26, $27::text::jsonb)
     returning *`,
    [
      o.id,
      o.workspaceId,
      o.accountId,
      o.quoteId,
      o.payerEmail ?? null,
      o.customerEmail ?? null,
      json(o.userData),
      json(o.destinationUserData),
      JSON.stringify(o.destination),
      o.externalReference ?? null,
      o.originCurrency,
      o.originRail,
      o.destinationCurrency,
      o.destinationRail,
      o.originAmount,
      o.destinationAmount,
      o.fee,
      o.gasFee,
      o.spread,
      o.conversionRate,
      o.amountMajor,
      o.depositId,
      JSON.stringify(o.depositInfo),
      o.referenceCode,
      o.nowMs,
      o.payByMs,
      json(o.counterparty),
    ],
  );
  return rows[0] as OrderRow;
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

const source: ListSource = { select: '*', from: 'orders', prefix: '', columns: orderFilterColumns };

export const listOrders = (db: Queryable, workspaceId: string, filters: ListFilters) =>
  listPage<OrderRow>(db, source, workspaceId, filters);

export const countOrders = (db: Queryable, workspaceId: string, filters: ListFilters) =>
  countMatching(db, source, workspaceId, filters);
