import { accountEmailsSql } from '../../accounts/accounts.js';
import type { RefundStatus } from '../../domain/states/refund-status.js';
import type { ListFilters } from '../../platform/list-filters.js';
import { countMatching, type ListSource, listPage } from '../../platform/list-query.js';
import type { SecretsKeyring } from '../../platform/secrets/keyring.js';
import { sealSensitive } from '../../platform/secrets/sensitive.js';
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
  /**
   * The payer's fields, their account numbers sealed (platform/secrets/sensitive.ts): opened at an edge (an answer by
   * the root hook, a webhook, the refund's rail, a console page), never here.
   */
  counterparty: Record<string, string>;
  status: 'UNMATCHED' | 'LINKED' | 'RETURNED';
  refund_status: RefundStatus | null;
  created_at_ms: bigint;
  updated_at_ms: bigint;
  email: string | null;
  [column: string]: unknown;
}

/** A pending payment with its account holder's email: every read (one, list) is of this. */
const source: ListSource = {
  select: 'p.*, a.email',
  from: `pending_payments p join ${accountEmailsSql} a on a.id = p.account_id`,
  prefix: 'p.',
  columns: {
    currency: 'p.currency',
    amountMajor: 'p.amount_major',
    createdAtMs: 'p.created_at_ms',
    email: 'a.email',
    status: 'p.status',
    searchable: ['p.id::text', 'p.method_id'],
  },
};

const select = `select ${source.select} from ${source.from}`;

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

export interface NewPendingPaymentRow {
  readonly id: string;
  readonly workspaceId: string;
  readonly methodId: string | null;
  readonly sourceOrderId: string | null;
  readonly accountId: string;
  readonly currency: string;
  readonly amount: bigint;
  /** The amount in major units (exact decimal), for amount filters across currencies. */
  readonly amountMajor: string;
  /** The payer's fields: sealed here where sensitive, unless sealed already (an order's, sealed where it was written). */
  readonly counterparty: Record<string, string>;
  /** 'returning' when the refund to the payer starts at once. */
  readonly refundStatus: 'returning' | null;
  readonly nowMs: number;
}

/**
 * A new pending payment, UNMATCHED, in the caller's transaction. The payer's account is sealed as the row is written
 * (issue #28): without a keyring (an order's funds parked by a caller that has none) the counterparty is written as
 * given, which an order's own row keeps sealed already, and `npm run secrets -- reencrypt` seals what is not.
 */
export async function insertPendingPayment(
  tx: Queryable,
  keyring: SecretsKeyring | undefined,
  n: NewPendingPaymentRow,
): Promise<void> {
  const counterparty = keyring === undefined ? n.counterparty : sealSensitive(keyring, n.counterparty);
  await tx.query(
    `insert into pending_payments (id, workspace_id, method_id, source_order_id, account_id, currency, amount,
       amount_major, counterparty, status, refund_status, created_at_ms, updated_at_ms)
     values ($1, $2, $3, $4, $5, $6, $7, $8::numeric, $9::text::jsonb, 'UNMATCHED', $10, $11, $11)`,
    [
      n.id,
      n.workspaceId,
      n.methodId,
      n.sourceOrderId,
      n.accountId,
      n.currency,
      n.amount,
      n.amountMajor,
      JSON.stringify(counterparty),
      n.refundStatus,
      n.nowMs,
    ],
  );
}

export async function setRefundStatus(
  tx: Queryable,
  id: string,
  change: { refundStatus: RefundStatus; status: PendingPaymentRow['status']; nowMs: number },
): Promise<void> {
  await tx.query('update pending_payments set refund_status = $2, status = $3, updated_at_ms = $4 where id = $1', [
    id,
    change.refundStatus,
    change.status,
    change.nowMs,
  ]);
}

/** The payment became the origin leg of an order. */
export async function linkPendingPayment(tx: Queryable, id: string, orderId: string, nowMs: number): Promise<void> {
  await tx.query(
    `update pending_payments set status = 'LINKED', linked_order_id = $2, updated_at_ms = $3 where id = $1`,
    [id, orderId, nowMs],
  );
}

export const listPendingPayments = (db: Queryable, workspaceId: string, filters: ListFilters) =>
  listPage<PendingPaymentRow>(db, source, workspaceId, filters);

export const countPendingPayments = (db: Queryable, workspaceId: string, filters: ListFilters) =>
  countMatching(db, source, workspaceId, filters);
