import { finalOrderStatuses, orderStatuses } from '../../domain/states/order-status.js';
import type { Queryable } from '../../storage/db.js';

// What housekeeping removes, one statement per batch (docs/decisions.md, "Retention and housekeeping"). Each statement picks at most
// `limit` rows past their horizon, oldest first along an index of migration 0030, locks them with SKIP LOCKED (so
// two runs at once never wait on each other and remove each row once, and a row a request holds is left for the
// next run), deletes them, and answers how many it picked, how many it removed per table, and how far along the
// horizon column it reached: the next batch starts there, so rows a rule keeps are not read again in this run.
//
// Parameters of every statement: $1 the horizon (rows before it are past it), $2 the batch size, $3 where along
// the horizon column the batch starts; further ones are the target's own.

/** Rows before these instants (Unix ms) are past their horizon. */
export interface Horizons {
  readonly eventsBeforeMs: number;
  readonly jobsBeforeMs: number;
  readonly keysBeforeMs: number;
  /** A withdrawal paid before this can no longer be returned (its key may go). */
  readonly paidBeforeMs: number;
  readonly sessionsBeforeMs: number;
  readonly quotesBeforeMs: number;
}

/** The tables housekeeping prunes, as the run record and the operator API name them. */
export const prunedTables = [
  'webhookDeliveries',
  'outboxEvents',
  'jobs',
  'idempotencyKeys',
  'kycSessions',
  'openBankingSessions',
  'quotes',
] as const;
export type PrunedTable = (typeof prunedTables)[number];
export type Removed = Record<PrunedTable, number>;

export interface Target {
  readonly name: string;
  readonly sql: string;
  readonly params: (h: Horizons) => readonly unknown[];
}

/** Every statement ends so: one row with the batch's figures. `doomed` holds the picked rows and their `at`. */
const figures = (counts: Record<string, string>) =>
  `select (select count(*) from doomed) as candidates, (select max(at) from doomed) as reached, ${Object.entries(counts)
    .map(([table, cte]) => `(select count(*) from ${cte}) as "${table}"`)
    .join(', ')}`;

/**
 * Delivered events: an outbox row past the event retention, fanned out, none of whose deliveries is still to be
 * sent (a delivery not yet in a final state keeps it, whatever state a retry policy adds), goes with its delivery
 * log in one statement (the foreign key is checked at its end). A delivery being inserted for it (a resend) holds a
 * key-share lock on the row: SKIP LOCKED leaves it.
 */
const events: Target = {
  name: 'events',
  sql: `with doomed as (
      select o.id, o.occurred_at_ms as at from outbox_events o
      where o.occurred_at_ms < $1 and o.occurred_at_ms >= $3 and o.fanned_out_at_ms is not null
        and not exists (select 1 from webhook_deliveries d
          where d.outbox_id = o.id and d.state not in ('delivered', 'failed'))
      order by o.occurred_at_ms limit $2
      for update of o skip locked),
    deliveries as (delete from webhook_deliveries d using doomed where d.outbox_id = doomed.id returning 1),
    gone as (delete from outbox_events o using doomed where o.id = doomed.id returning 1)
    ${figures({ webhookDeliveries: 'deliveries', outboxEvents: 'gone' })}`,
  params: (h) => [h.eventsBeforeMs],
};

/** Finished jobs (a job is finished once done; a failing one is retried and never done). */
const jobs: Target = {
  name: 'jobs',
  sql: `with doomed as (
      select id, done_at_ms as at from jobs
      where done_at_ms is not null and done_at_ms < $1 and done_at_ms >= $3
      order by done_at_ms limit $2
      for update skip locked),
    gone as (delete from jobs j using doomed where j.id = doomed.id returning 1)
    ${figures({ jobs: 'gone' })}`,
  params: (h) => [h.jobsBeforeMs],
};

/**
 * Completed Idempotency-Keys past their replay window. A key consumed by a failure (`failed`, or `in_progress`
 * from an earlier version) is never picked: spec rule 5 keeps it until an operator releases it. Nor is a completed
 * key whose write can still fail in execution and then consume it (orders/legs.ts, withdrawals/transitions.ts): an
 * order not yet final, or a withdrawal pending or paid so recently that it may still be returned.
 */
const idempotencyKeys: Target = {
  name: 'idempotencyKeys',
  sql: `with doomed as (
      select k.workspace_id, k.account_scope, k.key, k.completed_at_ms as at from idempotency_keys k
      where k.state = 'completed' and k.completed_at_ms < $1 and k.completed_at_ms >= $3
        and not (k.endpoint = 'POST /v1/orders' and exists (select 1 from orders o
          where o.id = k.response_body::jsonb ->> 'orderId' and o.status = any($4::text[])))
        and not (k.endpoint = 'POST /v1/withdrawals' and exists (select 1 from withdrawals w
          where w.id = (k.response_body::jsonb ->> 'withdrawalId')::uuid
            and (w.status = 'Pending' or (w.status = 'Success' and w.completed_at_ms >= $5))))
      order by k.completed_at_ms limit $2
      for update of k skip locked),
    gone as (delete from idempotency_keys k using doomed
      where (k.workspace_id, k.account_scope, k.key) = (doomed.workspace_id, doomed.account_scope, doomed.key)
      returning 1)
    ${figures({ idempotencyKeys: 'gone' })}`,
  params: (h) => [h.keysBeforeMs, orderStatuses.filter((s) => !finalOrderStatuses.has(s)), h.paidBeforeMs],
};

/**
 * Hosted verification attempts that were never submitted, once their link and flow have expired. A submitted one
 * is the record of what the customer sent and the provider's check: it stays.
 */
const kycSessions: Target = {
  name: 'kycSessions',
  sql: `with doomed as (
      select id, greatest(link_expires_at_ms, coalesce(flow_expires_at_ms, 0)) as at from kyc_sessions
      where step <> 'submitted' and greatest(link_expires_at_ms, coalesce(flow_expires_at_ms, 0)) < $1
        and greatest(link_expires_at_ms, coalesce(flow_expires_at_ms, 0)) >= $3
      order by greatest(link_expires_at_ms, coalesce(flow_expires_at_ms, 0)) limit $2
      for update skip locked),
    gone as (delete from kyc_sessions s using doomed where s.id = doomed.id returning 1)
    ${figures({ kycSessions: 'gone' })}`,
  params: (h) => [h.sessionsBeforeMs],
};

/**
 * Open banking forms that ended unpaid (expired, or cancelled) past their expiry. The entity's newest session is
 * part of the deposit's answer (Deposit.openbanking) and stays as long as the deposit does; a paid or failed
 * payment is a record of money and stays too.
 */
const openBankingSessions: Target = {
  name: 'openBankingSessions',
  sql: `with doomed as (
      select s.id, s.expires_at_ms as at from openbanking_sessions s
      where s.status in ('EXPIRED', 'CANCELLED') and s.expires_at_ms < $1 and s.expires_at_ms >= $3
        and exists (select 1 from openbanking_sessions n
          where n.entity_id = s.entity_id and (n.created_at_ms, n.id) > (s.created_at_ms, s.id))
      order by s.expires_at_ms limit $2
      for update of s skip locked),
    gone as (delete from openbanking_sessions s using doomed where s.id = doomed.id returning 1)
    ${figures({ openBankingSessions: 'gone' })}`,
  params: (h) => [h.sessionsBeforeMs],
};

/** Expired quotes no order is bound to (an order being placed on one holds its key-share lock: left). */
const quotes: Target = {
  name: 'quotes',
  sql: `with doomed as (
      select q.id, q.expire_at_ms as at from quotes q
      where q.used_by_order_id is null and q.expire_at_ms < $1 and q.expire_at_ms >= $3
        and not exists (select 1 from orders o where o.quote_id = q.id)
      order by q.expire_at_ms limit $2
      for update of q skip locked),
    gone as (delete from quotes q using doomed where q.id = doomed.id returning 1)
    ${figures({ quotes: 'gone' })}`,
  params: (h) => [h.quotesBeforeMs],
};

/** In this order: nothing removed later depends on a row removed earlier, and none the other way round. */
export const targets: readonly Target[] = [events, jobs, idempotencyKeys, kycSessions, openBankingSessions, quotes];

export interface BatchResult {
  /** Rows picked: fewer than the batch size means nothing more is past this horizon. */
  readonly candidates: number;
  /** The horizon column's value of the last row picked, where the next batch starts. */
  readonly reached: number | undefined;
  readonly removed: Partial<Removed>;
}

/** One batch of one target: one statement, so one short transaction. */
export async function pruneBatch(
  db: Queryable,
  target: Target,
  horizons: Horizons,
  limit: number,
  fromMs: number,
): Promise<BatchResult> {
  const [first, ...rest] = target.params(horizons);
  const [row] = await db.query(target.sql, [first, limit, fromMs, ...rest]);
  if (!row) throw new Error(`housekeeping: ${target.name} answered no figures`);
  const removed: Partial<Removed> = {};
  for (const table of prunedTables) if (row[table] !== undefined) removed[table] = Number(row[table]);
  return {
    candidates: Number(row.candidates),
    reached: row.reached === null || row.reached === undefined ? undefined : Number(row.reached),
    removed,
  };
}
