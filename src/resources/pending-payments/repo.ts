import type { RefundStatus } from '../../domain/states/refund-status.js';
import { type FilterColumns, filterSql, type ListFilters, pageOf } from '../../platform/list-query.js';
import type { Queryable } from '../../storage/db.js';

export interface PendingPaymentRow {
  id: string;
  workspace_id: string;
  method_id: string | null;
  source_order_id: string | null;
  linked_order_id: string | null;
  account_id: string;
  currency: string;
  amount: bigint;
  counterparty: Record<string, string>;
  status: 'UNMATCHED' | 'LINKED' | 'RETURNED';
  refund_status: RefundStatus | null;
  created_at_ms: bigint;
  updated_at_ms: bigint;
  email: string | null;
  [column: string]: unknown;
}

const select = 'select p.*, a.email from pending_payments p join accounts a on a.id = p.account_id';

export async function findPendingPayment(
  db: Queryable,
  id: string,
  forUpdate = false,
): Promise<PendingPaymentRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const rows = await db.query<PendingPaymentRow>(`${select} where p.id = $1${forUpdate ? ' for update of p' : ''}`, [
    id,
  ]);
  return rows[0];
}

const columns: FilterColumns = {
  currency: 'p.currency',
  amountMajor: 'p.amount_major',
  createdAtMs: 'p.created_at_ms',
  email: 'a.email',
  status: 'p.status',
  searchable: ['p.id::text', 'p.method_id'],
};

export async function listPendingPayments(
  db: Queryable,
  workspaceId: string,
  filters: ListFilters,
): Promise<PendingPaymentRow[]> {
  const { where, params } = filterSql(filters, columns);
  const { limit, offset } = pageOf(filters);
  return db.query<PendingPaymentRow>(
    `${select} where p.workspace_id = $1${where} order by p.created_at_ms desc, p.id desc limit ${limit} offset ${offset}`,
    [workspaceId, ...params],
  );
}

export async function countPendingPayments(db: Queryable, workspaceId: string, filters: ListFilters): Promise<number> {
  const { where, params } = filterSql(filters, columns);
  const rows = await db.query<{ n: bigint }>(
    `select count(*) as n from pending_payments p join accounts a on a.id = p.account_id where p.workspace_id = $1${where}`,
    [workspaceId, ...params],
  );
  return Number(rows[0]?.n ?? 0);
}
