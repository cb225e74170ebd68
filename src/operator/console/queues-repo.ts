import type { Queryable } from '../../storage/db.js';
import { SqlParams } from '../../storage/sql-params.js';

// The queues' reads across every workspace (operator console issue, item 3): what waits for a person, oldest first
// (a queue is worked from its head), one page at a time. Read-only: each decision goes through the owning
// resource's service, the same function its /admin/v1 route calls (docs/decisions/operators-console-and-audit.md, "The console's queues").

export interface QueueFilter {
  /** Only this workspace's items; '' for every workspace. */
  readonly workspaceId: string;
  readonly limit: number;
  readonly offset: number;
}

function page(p: SqlParams, f: QueueFilter, where: string[], column = 'workspace_id'): string {
  if (f.workspaceId !== '') where.push(`${column} = ${p.add(f.workspaceId)}`);
  return `where ${where.join(' and ')}`;
}
const limitSql = (p: SqlParams, f: QueueFilter) =>
  `limit ${p.add(f.limit, 'integer')} offset ${p.add(f.offset, 'bigint')}`;

export interface HeldDeposit {
  [column: string]: unknown;
  id: string;
  workspace_id: string;
  payer_email: string;
  currency: string;
  held_amount: bigint;
  updated_at_ms: bigint;
}

export async function heldDeposits(db: Queryable, f: QueueFilter): Promise<HeldDeposit[]> {
  const p = new SqlParams();
  const where = page(p, f, [`status = 'ComplianceReview'`]);
  return db.query<HeldDeposit>(
    `select id, workspace_id, payer_email, currency, held_amount, updated_at_ms from deposits ${where}
     order by updated_at_ms, id ${limitSql(p, f)}`,
    p.values,
  );
}

export interface HeldOrder {
  [column: string]: unknown;
  id: string;
  workspace_id: string;
  customer_email: string | null;
  payer_email: string | null;
  origin_currency: string;
  origin_amount: bigint;
  received_amount: bigint;
  destination_currency: string;
  updated_at_ms: bigint;
}

export async function heldOrders(db: Queryable, f: QueueFilter): Promise<HeldOrder[]> {
  const p = new SqlParams();
  const where = page(p, f, [`status = 'ComplianceReview'`]);
  return db.query<HeldOrder>(
    `select id, workspace_id, customer_email, payer_email, origin_currency, origin_amount, received_amount,
            destination_currency, updated_at_ms
     from orders ${where} order by updated_at_ms, id ${limitSql(p, f)}`,
    p.values,
  );
}

export interface RefundAwaiting {
  [column: string]: unknown;
  id: string;
  workspace_id: string;
  email: string | null;
  currency: string;
  amount: bigint;
  /** As the row holds it: the account sealed (platform/secrets/sensitive.ts), opened by the page that shows it. */
  counterparty: Record<string, string>;
  updated_at_ms: bigint;
}

export async function refundsAwaitingApproval(db: Queryable, f: QueueFilter): Promise<RefundAwaiting[]> {
  const p = new SqlParams();
  const where = page(p, f, [`p.status = 'UNMATCHED'`, `p.refund_status = 'pending_approval'`], 'p.workspace_id');
  return db.query<RefundAwaiting>(
    `select p.id, p.workspace_id, a.email, p.currency, p.amount, p.counterparty, p.updated_at_ms
     from pending_payments p join accounts a on a.id = p.account_id
     ${where} order by p.updated_at_ms, p.id ${limitSql(p, f)}`,
    p.values,
  );
}

/** How many wait in each queue: the index page's counts. */
export interface ConversationListed {
  id: string;
  workspace_id: string;
  end_user_email: string;
  subject: string;
  status: 'OPEN' | 'CLOSED';
  message_count: number;
  last_message_by: 'partner' | 'brokerage' | null;
  last_message_at_ms: bigint | null;
  [column: string]: unknown;
}

/**
 * Conversations, those awaiting the brokerage first (open, the partner's message last; the longest waiting first),
 * then the rest by their last message, newest first. `status`: 'awaiting', 'OPEN', 'CLOSED' or '' (all).
 */
export async function conversationsQueue(
  db: Queryable,
  f: QueueFilter & { readonly status: string; readonly endUserEmail: string },
): Promise<ConversationListed[]> {
  const p = new SqlParams();
  const where: string[] = ['true'];
  if (f.status === 'awaiting') where.push(`status = 'OPEN' and last_message_by = 'partner'`);
  else if (f.status !== '') where.push(`status = ${p.add(f.status)}`);
  if (f.endUserEmail !== '') where.push(`end_user_email = ${p.add(f.endUserEmail.toLowerCase())}`);
  return db.query<ConversationListed>(
    `select id, workspace_id, end_user_email, subject, status, message_count, last_message_by, last_message_at_ms
     from conversations ${page(p, f, where)}
     order by (status = 'OPEN' and last_message_by = 'partner') desc,
       case when status = 'OPEN' and last_message_by = 'partner' then last_message_at_ms end asc,
       coalesce(last_message_at_ms, created_at_ms) desc, id desc
     ${limitSql(p, f)}`,
    p.values,
  );
}
