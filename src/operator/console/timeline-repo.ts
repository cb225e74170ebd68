import { limits } from '../../limits.js';
import type { Queryable } from '../../storage/db.js';

// What a record's timeline reads (operator console issue, item 3): the outbox events about it (status changes are
// carried by its status events: events/catalogue.ts), each delivery attempt of those events (one webhook_deliveries
// row per attempt, numbered), and the ledger entries posted for it (ledger_entries.reference is the resource's id)
// with their postings. Read-only; each list is bounded, newest records being what an operator opens.

export interface TimelineEventRow {
  id: bigint;
  event_uid: string;
  type: string;
  event_id: string;
  data: Record<string, unknown>;
  occurred_at_ms: bigint;
  /** When the dispatcher fanned it out to the endpoints of the moment; null: not yet. */
  fanned_out_at_ms: bigint | null;
  [column: string]: unknown;
}

const eventColumns = 'id, event_uid::text as event_uid, type, event_id, data, occurred_at_ms, fanned_out_at_ms';

/** The workspace's events whose envelope id is one of `entityIds` (entity events: the resource's id), oldest first. */
export function eventsAbout(db: Queryable, workspaceId: string, entityIds: readonly string[]) {
  return db.query<TimelineEventRow>(
    `select ${eventColumns} from outbox_events
     where workspace_id = $1 and event_id = any($2::text[]) and type <> 'webhook_test'
     order by occurred_at_ms, id limit ${limits.consoleTimelineRowsMax}`,
    [workspaceId, [...entityIds]],
  );
}

/** A customer's verification events (their envelope id is a delivery id: the email in data names the person). */
export function verificationEventsOf(db: Queryable, workspaceId: string, email: string) {
  return db.query<TimelineEventRow>(
    `select ${eventColumns} from outbox_events
     where workspace_id = $1 and type = 'verification_status_updated' and lower(data ->> 'customerEmail') = $2
     order by occurred_at_ms, id limit ${limits.consoleTimelineRowsMax}`,
    [workspaceId, email.toLowerCase()],
  );
}

export interface DeliveryAttemptRow {
  id: bigint;
  outbox_id: bigint;
  endpoint_id: string;
  endpoint_url: string;
  attempt: number;
  state: string;
  status_code: number | null;
  latency_ms: number | null;
  error: string | null;
  created_at_ms: bigint;
  attempted_at_ms: bigint | null;
  next_attempt_at_ms: bigint | null;
  [column: string]: unknown;
}

/** Every delivery attempt of these outbox rows, in the order they were made. */
export function attemptsOf(db: Queryable, outboxIds: readonly bigint[]) {
  if (outboxIds.length === 0) return Promise.resolve([] as DeliveryAttemptRow[]);
  return db.query<DeliveryAttemptRow>(
    `select d.id, d.outbox_id, d.endpoint_id::text as endpoint_id, e.url as endpoint_url, d.attempt, d.state,
            d.status_code, d.latency_ms, d.error, d.created_at_ms, d.attempted_at_ms, d.next_attempt_at_ms
     from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
     where d.outbox_id = any($1::bigint[]) order by d.outbox_id, d.id limit ${limits.consoleTimelineRowsMax}`,
    [outboxIds.map(String)],
  );
}

export interface EntryPostingRow {
  entry_id: bigint;
  workspace_id: string;
  kind: string;
  reference: string;
  created_at_ms: bigint;
  account_id: string;
  currency: string;
  bucket: string;
  amount: bigint;
  [column: string]: unknown;
}

/** The ledger entries posted for these references, each with its postings (one row per posting), oldest first. */
export function entriesFor(db: Queryable, references: readonly string[]) {
  return db.query<EntryPostingRow>(
    `select e.id as entry_id, e.workspace_id, e.kind, e.reference, e.created_at_ms,
            p.account_id, p.currency, p.bucket, p.amount
     from ledger_entries e join ledger_postings p on p.entry_id = e.id
     where e.reference = any($1::text[]) order by e.id, p.account_id, p.currency, p.bucket limit ${limits.consoleTimelineRowsMax}`,
    [[...references]],
  );
}

/** The newest ledger entries with a posting to this account, each with all its postings, oldest first. */
export function entriesOfAccount(db: Queryable, accountId: string) {
  return db.query<EntryPostingRow>(
    `with touched as (
       select distinct entry_id from ledger_postings where account_id = $1 order by entry_id desc limit 100
     )
     select e.id as entry_id, e.workspace_id, e.kind, e.reference, e.created_at_ms,
            p.account_id, p.currency, p.bucket, p.amount
     from touched t join ledger_entries e on e.id = t.entry_id join ledger_postings p on p.entry_id = e.id
     order by e.id, p.account_id, p.currency, p.bucket limit ${limits.consoleTimelineRowsMax}`,
    [accountId],
  );
}

export interface CustomerRow {
  id: string;
  workspace_id: string;
  email: string;
  verification_status: string;
  kyc_id: string | null;
  created_at_ms: bigint;
  [column: string]: unknown;
}

/** A customer of a workspace by email (emails compare lower-cased, as accounts.ts stores them). */
export async function findCustomer(db: Queryable, workspaceId: string, email: string) {
  const [row] = await db.query<CustomerRow>(
    `select id, workspace_id, email, verification_status, kyc_id, created_at_ms from accounts
     where workspace_id = $1 and kind = 'customer' and email = $2`,
    [workspaceId, email.trim().toLowerCase()],
  );
  return row;
}

export interface CustomerRecordRow {
  kind: 'order' | 'deposit' | 'withdrawal';
  id: string;
  status: string;
  currency: string;
  amount: bigint;
  created_at_ms: bigint;
  [column: string]: unknown;
}

/** The customer's orders (as payer or on-behalf customer), deposits (as payer) and withdrawals, newest first. */
export function recordsOfCustomer(db: Queryable, workspaceId: string, accountId: string, email: string) {
  return db.query<CustomerRecordRow>(
    `(select 'order' as kind, id, status, origin_currency as currency, origin_amount as amount, created_at_ms
      from orders where workspace_id = $1 and (account_id = $2 or payer_email = $3 or customer_email = $3)
      order by created_at_ms desc limit 100)
     union all
     (select 'deposit', id, status, currency, amount, created_at_ms from deposits
      where workspace_id = $1 and (account_id = $2 or payer_email = $3) order by created_at_ms desc limit 100)
     union all
     (select 'withdrawal', id::text, status, currency, amount, created_at_ms from withdrawals
      where workspace_id = $1 and account_id = $2 order by created_at_ms desc limit 100)
     order by created_at_ms desc`,
    [workspaceId, accountId, email.toLowerCase()],
  );
}

export interface ScreeningSummaryRow {
  id: string;
  status: string;
  entity_type: string;
  created_at_ms: bigint;
  [column: string]: unknown;
}

/** The customer's AML screenings, newest first. */
export function screeningsOfCustomer(db: Queryable, workspaceId: string, accountId: string, email: string) {
  return db.query<ScreeningSummaryRow>(
    `select id, status, entity_type, created_at_ms from aml_screenings
     where workspace_id = $1 and (account_id = $2 or lower(user_email) = $3) order by created_at_ms desc limit 100`,
    [workspaceId, accountId, email.toLowerCase()],
  );
}
