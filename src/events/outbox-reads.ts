import type { Queryable } from '../storage/db.js';

// The events API's reads of the outbox (outbox.ts writes it): each row is one event, its envelope as the
// dispatcher writes it (eventId = event_uid, id = event_id, type, data) and when it was recorded. Every read is
// bounded below by the retention horizon: an older row is as absent as one never written.

export interface EventRow {
  id: bigint;
  event_uid: string;
  workspace_id: string;
  event_id: string;
  type: string;
  data: Record<string, unknown>;
  occurred_at_ms: bigint;
  [column: string]: unknown;
}

const columns = 'id, event_uid::text as event_uid, workspace_id, event_id, type, data, occurred_at_ms';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The event of this eventId in any workspace (so that another's is told apart from none), if not past the horizon. */
export async function findEvent(db: Queryable, eventUid: string, horizonMs: number): Promise<EventRow | undefined> {
  if (!uuidPattern.test(eventUid)) return undefined;
  const [row] = await db.query<EventRow>(
    `select ${columns} from outbox_events where event_uid = $1::uuid and occurred_at_ms >= $2 and type <> 'webhook_test'`,
    [eventUid, horizonMs],
  );
  return row;
}

/** Where a page starts: a cursor event's place in the order (occurred_at_ms, then id). */
export interface Place {
  readonly occurredAtMs: bigint;
  readonly id: bigint;
}

export interface EventQuery {
  readonly workspaceId: string;
  readonly horizonMs: number;
  readonly types: readonly string[];
  readonly entityId: string | undefined;
  /** Unix milliseconds, inclusive. */
  readonly fromMs: number | undefined;
  /** Unix milliseconds, exclusive. */
  readonly untilMs: number | undefined;
  /** 'older': the events after `place` newest first; 'newer': the events before it, read oldest first. */
  readonly direction: 'older' | 'newer';
  readonly place: Place | undefined;
  readonly limit: number;
}

/**
 * One page of the workspace's events in the direction asked, `limit` rows at most, each from an index in the list's
 * order (migration 0028). Several types are one ordered scan each, merged (as platform/list-query.ts does for
 * statuses): `type = any(...)` would read and sort every match of the window.
 */
export function listEvents(db: Queryable, q: EventQuery): Promise<EventRow[]> {
  const params: unknown[] = [q.workspaceId, q.horizonMs];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  // A webhook test event (POST /v1/webhooks/{id}/test) is a probe of one endpoint, not an event of the workspace.
  const conditions = ['workspace_id = $1', 'occurred_at_ms >= $2', `type <> 'webhook_test'`];
  if (q.entityId !== undefined) conditions.push(`event_id = ${param(q.entityId)}`);
  if (q.fromMs !== undefined) conditions.push(`occurred_at_ms >= ${param(q.fromMs)}`);
  if (q.untilMs !== undefined) conditions.push(`occurred_at_ms < ${param(q.untilMs)}`);
  if (q.place !== undefined) {
    const comparison = q.direction === 'older' ? '<' : '>';
    conditions.push(
      `(occurred_at_ms, id) ${comparison} (${param(q.place.occurredAtMs)}::bigint, ${param(q.place.id)}::bigint)`,
    );
  }
  const sort = q.direction === 'older' ? 'desc' : 'asc';
  const order = `order by occurred_at_ms ${sort}, id ${sort} limit ${q.limit}`;
  const where = conditions.join(' and ');
  const types = [...new Set(q.types)];
  if (types.length === 0)
    return db.query<EventRow>(`select ${columns} from outbox_events where ${where} ${order}`, params);
  const branches = types.map(
    (type) => `(select ${columns} from outbox_events where ${where} and type = ${param(type)} ${order})`,
  );
  return db.query<EventRow>(`select * from (${branches.join(' union all ')}) page ${order}`, params);
}
