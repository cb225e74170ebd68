import { limits } from '../limits.js';
import type { Queryable } from '../storage/db.js';

// What a record's timeline reads of the events (operator console issue, item 3; issue 30, "Objects"): the outbox
// events about a record (status changes are carried by its status events: catalogue.ts) and each delivery attempt
// of those events (one webhook_deliveries row per attempt, numbered). Read by the console's record pages and the
// partner dashboard's object pages, each for the workspace it shows. Read-only; each list is bounded.

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

/**
 * What each event says happened, in order: a status change when it carries a status that differs from the one
 * before (its own previousStatus, else the status of the record's previous status event), else its type. Entity
 * events carry the entity, not the previous status, so the change is read from the sequence.
 */
export function eventSummaries(events: readonly TimelineEventRow[]): string[] {
  let last: string | undefined;
  return events.map((event) => {
    const { status, previousStatus } = event.data;
    if (typeof status !== 'string') return `Event ${event.type}`;
    const before = typeof previousStatus === 'string' ? previousStatus : last;
    last = status;
    if (before === status) return `Event ${event.type} (status ${status})`;
    return `Status ${before === undefined ? '' : `${before} → `}${status} (${event.type})`;
  });
}
