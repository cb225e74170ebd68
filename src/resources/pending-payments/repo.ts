import type { RefundStatus } from '../../domain/states/refund-status.js';
import {
  countMatching,
  type FilterColumns,
  type ListFilters,
  type ListSource,
  listPage,
} from '../../platform/list-query.js';
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

const source: ListSource = {
  select: 'p.*, a.email',
  from: 'pending_payments p join accounts a on a.id = p.account_id',
  prefix: 'p.',
  columns: columns,
};

export const listPendingPayments = (db: Queryable, workspaceId: string, filters: ListFilters) =>
  listPage<PendingPaymentRow>(db, source, workspaceId, filters);

export const countPendingPayments = (db: Queryable, workspaceId: string, filters: ListFilters) =>
  countMatching(db, source, workspaceId, filters);
