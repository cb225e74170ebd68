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
  created_at_ms: bigint;
  attempted_at_ms: bigint | null;
  next_attempt_at_ms: bigint | null;
  [column: string]: unknown;
}

/** An endpoint's deliveries, newest first. */
export function listDeliveries(db: Queryable, endpointId: string, limit: number): Promise<DeliveryRow[]> {
  return db.query<DeliveryRow>(
    `select d.id, o.event_id, o.event_uid, o.type, d.attempt, d.state, d.status_code, d.latency_ms, d.error, d.created_at_ms,
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
       d.error, d.created_at_ms, d.attempted_at_ms, d.next_attempt_at_ms,
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
