import { limits } from '../../limits.js';
import type { SqlParams } from '../../storage/sql-params.js';

// The SQL of each queue of what needs a person now (queues.ts): the rows of one queue, which the count and the page
// of the overview (repo.ts) and the console read alike.

export const queueNames = [
  'complianceHolds',
  'kycReviews',
  'amlPotentialMatches',
  'refundApprovals',
  'webhookEndpoints',
  'supportTickets',
  'conversations',
  'consumedIdempotencyKeys',
  'heldBankFiles',
  'bankReversals',
] as const;
export type QueueName = (typeof queueNames)[number];

/**
 * The rows of one queue: `select kind, id, workspace_id, since_ms, detail ...`, every workspace's or one's (workspace_id
 * null for a queue in no workspace).
 */
type QueueRows = (p: SqlParams, workspaceId: string | undefined) => string;

const inWorkspace = (p: SqlParams, column: string, workspaceId: string | undefined) =>
  workspaceId === undefined ? '' : ` and ${column} = ${p.add(workspaceId)}`;

const inNoWorkspace = (workspaceId: string | undefined) => (workspaceId === undefined ? '' : ' and false');

export const queueRows: Readonly<Record<QueueName, QueueRows>> = {
  // Funds held for compliance review: the states decideComplianceHold and decideOrderCompliance act on.
  complianceHolds: (p, ws) =>
    `select 'deposit' as kind, d.id, d.workspace_id, d.updated_at_ms as since_ms, d.currency as detail
       from deposits d where d.status = 'ComplianceReview'${inWorkspace(p, 'd.workspace_id', ws)}
     union all
     select 'order', o.id, o.workspace_id, o.updated_at_ms, o.origin_currency
       from orders o where o.status = 'ComplianceReview'${inWorkspace(p, 'o.workspace_id', ws)}`,
  // Verifications REVIEWING: what POST .../verifications/{email}/{decision} decides (operator/workspaces/service.ts). The id is
  // the email the route takes; the account keeps no time of the move, so `since` is the account's creation.
  // GET /admin/v1/verifications?status=REVIEWING (kyc/repo-reviews.ts): a business (KYB) is named by the email of
  // its newest submitted attempt or of its first representative, as that list names it, so both count it.
  kycReviews: (p, ws) =>
    `select 'verification' as kind, v.email as id, v.workspace_id, v.since_ms, v.detail from (
       select coalesce(s.email, a.email, r.email) as email, a.workspace_id,
              coalesce(s.submitted_at_ms, a.created_at_ms) as since_ms, a.id as detail
         from accounts a
         left join lateral (select k.email, k.submitted_at_ms from kyc_sessions k
                             where k.account_id = a.id and k.step = 'submitted'
                             order by k.submitted_at_ms desc, k.id desc limit 1) s on true
         left join lateral (select o.email from organisation_representatives o where o.organisation_account_id = a.id
                             order by o.added_at_ms, o.email limit 1) r on true
        where a.verification_status = 'REVIEWING' and a.kind <> 'workspace'${inWorkspace(p, 'a.workspace_id', ws)}
     ) v where v.email is not null`,
  // GET /admin/v1/aml-screenings?status=POTENTIAL_MATCH.
  amlPotentialMatches: (p, ws) =>
    `select 'screening' as kind, s.id::text as id, s.workspace_id, s.created_at_ms as since_ms, s.entity_type as detail
       from aml_screenings s where s.status = 'POTENTIAL_MATCH'${inWorkspace(p, 's.workspace_id', ws)}`,
  // Refunds started and not yet approved: operatorRefund's 'approve' (pending-payments/service.ts) takes these.
  refundApprovals: (p, ws) =>
    `select 'pendingPayment' as kind, pp.id::text as id, pp.workspace_id, pp.updated_at_ms as since_ms,
       pp.currency as detail
       from pending_payments pp where pp.status = 'UNMATCHED' and pp.refund_status = 'pending_approval'
       ${inWorkspace(p, 'pp.workspace_id', ws)}`,
  // Disabled by failing retries (disabled_at_ms, events/attempt-record.ts), or active with its last attempts failed.
  webhookEndpoints: (p, ws) =>
    `select 'webhookEndpoint' as kind, e.id::text as id, e.workspace_id,
       coalesce(e.disabled_at_ms, f.since_ms) as since_ms,
       case when e.disabled_at_ms is null then 'failing' else 'disabled' end as detail
     from webhook_endpoints e
     cross join lateral (
       select min(last.attempted_at_ms) as since_ms, count(*) filter (where last.state = 'failed') as failed
       from (select d.state, d.attempted_at_ms from webhook_deliveries d
             where d.endpoint_id = e.id and d.attempted_at_ms is not null
             order by d.id desc limit ${limits.webhookFailingAttemptsCount}) last
     ) f
     where e.deleted_at_ms is null${inWorkspace(p, 'e.workspace_id', ws)}
       and (e.disabled_at_ms is not null or (e.is_active and f.failed = ${limits.webhookFailingAttemptsCount}))`,
  // GET /admin/v1/support-tickets?status=OPEN&status=IN_PROGRESS: not taken up yet, or handed back to support by
  // the partner's message (domain/states/support-ticket-status.ts); the other statuses wait on the partner or are done.
  supportTickets: (p, ws) =>
    `select 'supportTicket' as kind, t.id::text as id, t.workspace_id, t.updated_at_ms as since_ms, t.status as detail
       from support_tickets t where t.status in ('OPEN', 'IN_PROGRESS')${inWorkspace(p, 't.workspace_id', ws)}`,
  // GET /admin/v1/conversations?status=OPEN&lastMessageBy=partner: the partner spoke last, the brokerage owes a word.
  conversations: (p, ws) =>
    `select 'conversation' as kind, c.id::text as id, c.workspace_id, c.last_message_at_ms as since_ms,
       c.end_user_email as detail
       from conversations c where c.status = 'OPEN' and c.last_message_by = 'partner'
       ${inWorkspace(p, 'c.workspace_id', ws)}`,
  // Keys consumed by a failed or interrupted write (platform/idempotency.ts): 409 to the partner until an operator
  // releases one (POST /admin/v1/idempotency-keys/release, which deletes the row). Releases themselves leave no
  // record to count: docs/decisions/operators-console-and-audit.md, "What needs a person now, daily figures and charts", "Released idempotency keys".
  consumedIdempotencyKeys: (p, ws) =>
    `select 'idempotencyKey' as kind, k.key as id, k.workspace_id, k.created_at_ms as since_ms,
       k.account_scope as detail
       from idempotency_keys k where k.state <> 'completed'${inWorkspace(p, 'k.workspace_id', ws)}`,
  // GET /admin/v1/bank-files?status=held: a statement that does not follow its account's previous one holds its file
  // until an admin accepts or rejects it (bank-files/import.ts); held since it was imported.
  heldBankFiles: (_p, ws) =>
    `select 'bankFile' as kind, f.id, null::text as workspace_id, f.imported_at_ms as since_ms, f.format as detail
       from bank_files f where f.status = 'held'${inNoWorkspace(ws)}`,
  // GET /admin/v1/bank-entries?status=reversal: a booked reversal of a credit already applied to a deposit or an
  // order, or of a line not found, waiting for an operator to recover the money (bank-files/repo.ts).
  bankReversals: (_p, ws) =>
    `select 'bankEntry' as kind, e.id, null::text as workspace_id, e.created_at_ms as since_ms, e.currency as detail
       from bank_entries e where e.status = 'reversal'${inNoWorkspace(ws)}`,
};
