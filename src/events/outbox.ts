import type { Queryable } from '../storage/db.js';
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
