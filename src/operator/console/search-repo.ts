import { isUuid } from '../../domain/ids.js';
import { limits } from '../../limits.js';
import type { Queryable } from '../../storage/db.js';

// The console's search (operator console issue, item 3): one text, matched exactly against every kind of id the
// platform issues, or an email against customers in every workspace. Each lookup is by a unique or indexed column;
// uuid columns are only asked about a text that is a uuid. An email is compared lower-cased, as accounts store it.

export type MatchKind =
  | 'order'
  | 'deposit'
  | 'withdrawal'
  | 'quote'
  | 'pending payment'
  | 'banking account'
  | 'webhook endpoint'
  | 'event'
  | 'support ticket'
  | 'conversation'
  | 'screening'
  | 'workspace'
  | 'customer';

export interface SearchMatch {
  kind: MatchKind;
  id: string;
  workspace_id: string;
  /** The column the text matched (id, reference code, external reference, ...). */
  matched_on: string;
  /** What the match is about, to link to a page: an order id, a customer email, an entity of an event. */
  order_id: string | null;
  email: string | null;
  entity_id: string | null;
  status: string | null;
  created_at_ms: bigint | null;
  [column: string]: unknown;
}

/** Matches of anything with a text id (orders, deposits, screenings, workspaces, event envelope ids). */
const textIdLookups = `
  select 'order' as kind, id, workspace_id, 'id' as matched_on, id as order_id, coalesce(customer_email, payer_email) as email,
         null as entity_id, status, created_at_ms from orders where id = $1
  union all select 'order', id, workspace_id, 'deposit id', id, coalesce(customer_email, payer_email), null, status, created_at_ms
    from orders where deposit_id = $1
  union all select 'order', id, workspace_id, 'reference code', id, coalesce(customer_email, payer_email), null, status, created_at_ms
    from orders where reference_code = $1
  union all select 'deposit', id, workspace_id, 'id', null, payer_email, null, status, created_at_ms from deposits where id = $1
  union all select 'deposit', id, workspace_id, 'reference code', null, payer_email, null, status, created_at_ms
    from deposits where reference_code = $1
  union all select 'screening', id, workspace_id, 'id', null, user_email, null, status, created_at_ms
    from aml_screenings where id = $1
  union all select 'workspace', id, id, 'id', null, null, null, case when enabled then 'enabled' else 'disabled' end,
         created_at_ms from workspaces where id = $1 or client_id = $1`;

/** Matches of a uuid: withdrawals, quotes, pending payments, banking accounts, endpoints, events, tickets, threads. */
const uuidLookups = `
  union all select 'withdrawal', id::text, workspace_id, 'id', null, null, null, status, created_at_ms
    from withdrawals where id = $2::uuid
  union all select 'quote', q.id::text, q.workspace_id, 'id', o.id, null, null, null, q.created_at_ms
    from quotes q left join orders o on o.quote_id = q.id where q.id = $2::uuid
  union all select 'pending payment', p.id::text, p.workspace_id, 'id', coalesce(p.linked_order_id, p.source_order_id),
         a.email, null, p.status, p.created_at_ms
    from pending_payments p join accounts a on a.id = p.account_id where p.id = $2::uuid
  union all select 'banking account', id::text, workspace_id, 'id', null, customer_email, null, null, created_at_ms
    from banking_accounts where id = $2::uuid
  union all select 'webhook endpoint', id::text, workspace_id, 'id', null, null, null,
         case when deleted_at_ms is not null then 'deleted' when is_active then 'active' else 'inactive' end, created_at_ms
    from webhook_endpoints where id = $2::uuid
  union all select 'event', event_uid::text, workspace_id, 'event id', null, data ->> 'customerEmail', event_id, type,
         occurred_at_ms from outbox_events where event_uid = $2::uuid
  union all select 'support ticket', id::text, workspace_id, 'id', case when entity_type = 'order' then entity_id end,
         null, entity_id, status, created_at_ms from support_tickets where id = $2::uuid
  union all select 'conversation', id::text, workspace_id, 'id', null, end_user_email, null, status, created_at_ms
    from conversations where id = $2::uuid`;

/**
 * Every record whose id (or reference code) is exactly `text`. A partner's externalReference is not searched: it is
 * indexed only within its workspace, and a search across workspaces would read every order.
 */
export function matchesOfId(db: Queryable, text: string): Promise<SearchMatch[]> {
  const uuid = isUuid(text);
  return db.query<SearchMatch>(
    `select * from (${textIdLookups}
       ${uuid ? uuidLookups : ''}) m
     order by created_at_ms desc nulls last limit ${limits.consoleSearchMatchesMax}`,
    uuid ? [text, text] : [text],
  );
}

/**
 * Customers with this email in any workspace. There is no index on the email alone (accounts are indexed by
 * workspace, then email): this reads the customer accounts, acceptable for a person's search (decisions).
 */
export function customersByEmail(db: Queryable, email: string): Promise<SearchMatch[]> {
  return db.query<SearchMatch>(
    `select 'customer' as kind, id, workspace_id, 'email' as matched_on, null as order_id, email, null as entity_id,
            verification_status as status, created_at_ms
     from accounts where kind = 'customer' and email = $1 order by created_at_ms desc limit ${limits.consoleSearchMatchesMax}`,
    [email.trim().toLowerCase()],
  );
}

/** The workspace a deposit belongs to (deposits are read per workspace; the console starts from the id alone). */
export async function workspaceOfDeposit(db: Queryable, depositId: string): Promise<string | undefined> {
  const [row] = await db.query<{ workspace_id: string }>('select workspace_id from deposits where id = $1', [
    depositId,
  ]);
  return row?.workspace_id;
}

/** The email of an account, when it is a customer's. */
export async function emailOfAccount(db: Queryable, accountId: string): Promise<string | null> {
  const [row] = await db.query<{ email: string | null }>('select email from accounts where id = $1', [accountId]);
  return row?.email ?? null;
}
