import type { Queryable } from '../storage/db.js';
import type { EventType } from './catalogue.js';

export interface OutboxEvent {
  readonly workspaceId: string;
  readonly type: EventType;
  /** The envelope id: the entity id for entity events, a delivery UUID for verification events (see catalogue). */
  readonly eventId: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly occurredAtMs: number;
}

/**
 * Records an event inside the caller's transaction: it exists exactly when the change that caused it committed.
 * Delivering it to webhooks happens later, from the table (dispatcher.ts). Amounts in `data` are already JSON
 * numbers.
 */
export async function recordEvent(tx: Queryable, event: OutboxEvent): Promise<void> {
  await tx.query(
    `insert into outbox_events (workspace_id, type, event_id, data, occurred_at_ms) values ($1, $2, $3, $4::text::jsonb, $5)`,
    [event.workspaceId, event.type, event.eventId, JSON.stringify(event.data), event.occurredAtMs],
  );
}
