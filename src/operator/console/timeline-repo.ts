import type { Queryable } from '../../storage/db.js';

export {
  attemptsOf,
  type DeliveryAttemptRow,
  eventsAbout,
  type TimelineEventRow,
  verificationEventsOf,
} from '../../events/timeline.js';
export { type EntryPostingRow, entriesFor, entriesOfAccount } from '../../ledger/timeline.js';

// What the console's customer page reads across modules (operator console issue, item 3): the customer, their
// records, their screenings. A record's timeline itself (its events, their delivery attempts, its ledger entries)
// is read by the modules that own those tables (events/timeline.ts, ledger/timeline.ts), which the partner
// dashboard reads too; re-exported here for the console's pages. Read-only; each list is bounded.

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
