import type { Queryable } from '../storage/db.js';
import { type RetentionTarget, retentionFigures } from '../storage/retention.js';
import { type EventType, eventTypes } from './catalogue.js';

export interface OutboxEvent {
  readonly workspaceId: string;
  readonly type: EventType;
  /** The envelope id: the entity id for entity events, a delivery UUID for verification events (see catalogue). */
  readonly eventId: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly occurredAtMs: number;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The event's stable id (the envelope's `eventId`, column event_uid), when the event already carries one: a
 * verification event's `data.eventId`, which receivers deduplicate on (spec: Events 2), so that the two ids are one.
 * Otherwise null, and a fresh UUID is drawn in the insert.
 */
function carriedEventUid(event: OutboxEvent): string | null {
  if (eventTypes[event.type].envelopeId !== 'delivery') return null;
  const carried = event.data.eventId;
  if (typeof carried !== 'string' || !uuidPattern.test(carried)) {
    throw new Error(`a ${event.type} event must carry data.eventId as a UUID`);
  }
  return carried;
}

/**
 * Records an event inside the caller's transaction: it exists exactly when the change that caused it committed.
 * Delivering it to webhooks happens later, from the table (dispatcher.ts). Amounts in `data` are already JSON
 * numbers. Its `eventId` is fixed here, once (issue #12, item 1).
 */
export async function recordEvent(tx: Queryable, event: OutboxEvent): Promise<void> {
  await tx.query(
    `insert into outbox_events (workspace_id, type, event_id, data, occurred_at_ms, event_uid)
     values ($1, $2, $3, $4::text::jsonb, $5, coalesce($6::uuid, gen_random_uuid()))`,
    [
      event.workspaceId,
      event.type,
      event.eventId,
      JSON.stringify(event.data),
      event.occurredAtMs,
      carriedEventUid(event),
    ],
  );
}

/**
 * Housekeeping's target for delivered events (storage/retention.ts): an outbox row past the event retention, fanned
 * out, none of whose deliveries is still to be sent (a delivery not yet in a final state keeps it, whatever state a
 * retry policy adds), goes with its delivery log in one statement (the foreign key is checked at its end). A
 * delivery being inserted for it (a resend) holds a key-share lock on the row: SKIP LOCKED leaves it.
 */
export const eventRetention: RetentionTarget<{ readonly eventsBeforeMs: number }> = {
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
    ${retentionFigures({ webhookDeliveries: 'deliveries', outboxEvents: 'gone' })}`,
  params: (h) => [h.eventsBeforeMs],
};
