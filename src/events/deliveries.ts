import type { Queryable } from '../storage/db.js';

// An endpoint's delivery log, and the one delivery of a test event (POST /v1/webhooks/{webhookId}/test), which the
// webhooks resource shows and sends through the dispatcher (dispatcher.ts, sendHeld).

export interface DeliveryRow {
  id: bigint;
  event_id: string;
  event_uid: string;
  type: string;
  attempt: number;
  state: 'scheduled' | 'pending' | 'sending' | 'delivered' | 'failed';
  status_code: number | null;
  latency_ms: number | null;
  error: string | null;
  /** The start of the receiver's answer body (migration 0046); null when none was kept. */
  answer_excerpt: string | null;
  created_at_ms: bigint;
  attempted_at_ms: bigint | null;
  next_attempt_at_ms: bigint | null;
  [column: string]: unknown;
}

/** An endpoint's deliveries, newest first. */
export function listDeliveries(db: Queryable, endpointId: string, limit: number): Promise<DeliveryRow[]> {
  return db.query<DeliveryRow>(
    `select d.id, o.event_id, o.event_uid, o.type, d.attempt, d.state, d.status_code, d.latency_ms, d.error,
       d.answer_excerpt, d.created_at_ms,
       d.attempted_at_ms, d.next_attempt_at_ms
     from webhook_deliveries d join outbox_events o on o.id = d.outbox_id
     where d.endpoint_id = $1 order by d.id desc limit $2`,
    [endpointId, limit],
  );
}

/** One attempt in an endpoint's log as an operator reads it: the delivery row, and when its retry was due. */
export interface LoggedAttempt extends DeliveryRow {
  /** The next attempt's due time when this one failed and a retry was scheduled (events/attempt-record.ts). */
  next_retry_at_ms: bigint | null;
}

/**
 * A page of an endpoint's attempts, newest first, older than `beforeId` when given (the log grows at its head, so
 * pages are keyed by id, not counted). Each failed attempt carries its retry's due time: the next attempt of the
 * same event and endpoint, recorded with it in one transaction, is the first row after it with the next number.
 */
export function deliveryLog(
  db: Queryable,
  endpointId: string,
  page: { readonly limit: number; readonly beforeId?: bigint | undefined },
): Promise<LoggedAttempt[]> {
  return db.query<LoggedAttempt>(
    `select d.id, o.event_id, o.event_uid::text as event_uid, o.type, d.attempt, d.state, d.status_code, d.latency_ms,
       d.error, d.answer_excerpt, d.created_at_ms, d.attempted_at_ms, d.next_attempt_at_ms,
       (select n.next_attempt_at_ms from webhook_deliveries n
         where n.outbox_id = d.outbox_id and n.endpoint_id = d.endpoint_id and n.attempt = d.attempt + 1 and n.id > d.id
         order by n.id limit 1) as next_retry_at_ms
     from webhook_deliveries d join outbox_events o on o.id = d.outbox_id
     where d.endpoint_id = $1 and ($2::bigint is null or d.id < $2::bigint) order by d.id desc limit $3`,
    [endpointId, page.beforeId === undefined ? null : String(page.beforeId), page.limit],
  );
}

/** Whether any endpoint took the outbox row: a delivery of it exists, whatever its outcome. */
export async function hasDelivery(db: Queryable, outboxId: bigint): Promise<boolean> {
  const rows = await db.query<{ one: number }>('select 1 as one from webhook_deliveries where outbox_id = $1 limit 1', [
    String(outboxId),
  ]);
  return rows.length > 0;
}

export interface HeldTestDelivery {
  readonly workspaceId: string;
  readonly endpointId: string;
  /** The envelope id, repeated as data.eventId and as the stable eventId (a delivery-id type: see the catalogue). */
  readonly eventId: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly nowMs: number;
  /** The delivery is inserted held ('sending') until then, so that no dispatcher claims what the request sends. */
  readonly heldUntilMs: number;
}

/**
 * Records a webhook_test event and its one delivery to one endpoint, in one statement. The event is born fanned
 * out, so the dispatcher sends it to no other endpoint. Answers the delivery's id.
 */
export async function insertHeldTestDelivery(db: Queryable, t: HeldTestDelivery): Promise<bigint> {
  const [row] = await db.query<{ id: bigint }>(
    `with event as (
       insert into outbox_events (workspace_id, type, event_id, data, occurred_at_ms, fanned_out_at_ms, event_uid)
       values ($1, 'webhook_test', $2::text, $3::text::jsonb, $4, $4, $2::text::uuid) returning id)
     insert into webhook_deliveries (outbox_id, endpoint_id, workspace_id, state, created_at_ms, locked_until_ms)
     select id, $5, $1, 'sending', $4, $6 from event returning id`,
    [t.workspaceId, t.eventId, JSON.stringify(t.data), t.nowMs, t.endpointId, t.heldUntilMs],
  );
  if (!row) throw new Error('the test delivery was not inserted');
  return row.id;
}

// An event's deliveries as the partner dashboard shows them (dashboard/events-page.ts): its attempts at each
// endpoint, and, for a page of events, whether each reached its endpoints. Only a workspace's own.

/** One attempt to deliver an event, with the endpoint it went to (the legacy URL and deleted endpoints included). */
export interface EventAttemptRow {
  id: bigint;
  endpoint_id: string;
  endpoint_name: string;
  endpoint_url: string;
  endpoint_legacy: boolean;
  endpoint_deleted: boolean;
  attempt: number;
  state: 'scheduled' | 'pending' | 'sending' | 'delivered' | 'failed';
  status_code: number | null;
  latency_ms: number | null;
  error: string | null;
  /** The start of the receiver's answer body; null when none was kept. */
  answer_excerpt: string | null;
  created_at_ms: bigint;
  attempted_at_ms: bigint | null;
  next_attempt_at_ms: bigint | null;
  /** The next attempt's due time when this one failed and a retry was scheduled (as deliveries.ts deliveryLog). */
  next_retry_at_ms: bigint | null;
  [column: string]: unknown;
}

/** Every attempt to deliver the outbox row of this workspace, newest first, at most `limit`. */
export function attemptsOfEvent(
  db: Queryable,
  workspaceId: string,
  outboxId: bigint,
  limit: number,
): Promise<EventAttemptRow[]> {
  return db.query<EventAttemptRow>(
    `select d.id, d.endpoint_id::text as endpoint_id, e.name as endpoint_name, e.url as endpoint_url,
       e.legacy as endpoint_legacy, e.deleted_at_ms is not null as endpoint_deleted, d.attempt, d.state,
       d.status_code, d.latency_ms, d.error, d.answer_excerpt, d.created_at_ms, d.attempted_at_ms, d.next_attempt_at_ms,
       (select n.next_attempt_at_ms from webhook_deliveries n
         where n.outbox_id = d.outbox_id and n.endpoint_id = d.endpoint_id and n.attempt = d.attempt + 1 and n.id > d.id
         order by n.id limit 1) as next_retry_at_ms
     from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
     where d.outbox_id = $1 and d.workspace_id = $2 order by d.id desc limit $3`,
    [String(outboxId), workspaceId, limit],
  );
}

/** Whether an event reached its endpoints: how many took it, how many answered 2xx, and how many attempts wait. */
export interface EventDeliverySummary {
  event_uid: string;
  /** The dispatcher chose its endpoints already (outbox.fanned_out_at_ms). */
  fanned_out: boolean;
  endpoints: bigint;
  delivered_to: bigint;
  waiting: bigint;
  [column: string]: unknown;
}

/** The summaries of these events (by eventId) of this workspace, in one statement. */
export function deliverySummaries(
  db: Queryable,
  workspaceId: string,
  eventUids: readonly string[],
): Promise<EventDeliverySummary[]> {
  if (eventUids.length === 0) return Promise.resolve([]);
  return db.query<EventDeliverySummary>(
    `select o.event_uid::text as event_uid, o.fanned_out_at_ms is not null as fanned_out,
       count(distinct d.endpoint_id) as endpoints,
       count(distinct d.endpoint_id) filter (where d.state = 'delivered') as delivered_to,
       count(d.id) filter (where d.state in ('scheduled', 'pending', 'sending')) as waiting
     from outbox_events o left join webhook_deliveries d on d.outbox_id = o.id
     where o.event_uid = any($1::text[]::uuid[]) and o.workspace_id = $2
     group by o.id`,
    [eventUids, workspaceId],
  );
}
