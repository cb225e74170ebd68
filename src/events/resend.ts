import type { Queryable } from '../storage/db.js';

// A re-send is new delivery rows for an event already in the outbox, queued as the dispatcher's fan-out queues them
// (pending, then claimed, attempted and recorded by dispatcher.ts): the envelope, its eventId included, is built
// from the same outbox row, so a re-sent event is the same event. Whoever calls this announces the deliveries
// (announceDeliveries) after its transaction commits.

export interface Resend {
  readonly workspaceId: string;
  /** The outbox row (outbox_events.id). */
  readonly outboxId: bigint;
  /**
   * One endpoint of the workspace, sent whatever its enabledEvents (the partner named it); absent: every active
   * endpoint whose enabledEvents take the type, as a fan-out at this moment would choose.
   */
  readonly endpointId?: string | undefined;
  readonly nowMs: number;
}

/** Queues a delivery of the outbox row to the chosen endpoints; answers how many were queued. */
export async function queueResend(db: Queryable, resend: Resend): Promise<number> {
  const [queued] = await db.query<{ n: bigint }>(
    `with sent as (
       insert into webhook_deliveries (outbox_id, endpoint_id, workspace_id, state, created_at_ms)
       select $2, e.id, $1, 'pending', $3 from webhook_endpoints e, outbox_events o
       where o.id = $2 and e.workspace_id = $1 and e.is_active and e.deleted_at_ms is null
         and ($4::uuid is null or e.id = $4::uuid)
         -- To every endpoint: those whose enabledEvents take the type, as the fan-out chooses; a named one: it, asked.
         and ($4::uuid is not null or e.enabled_events is null or o.type = any(e.enabled_events))
       returning 1)
     select count(*) as n from sent`,
    [resend.workspaceId, resend.outboxId, resend.nowMs, resend.endpointId ?? null],
  );
  return Number(queued?.n ?? 0);
}

/**
 * Queues a delivery of the entity's latest event to every active endpoint of the workspace, by the events API's
 * re-send (queueResend). Answers the event's type and how many deliveries were queued; undefined when the
 * entity has no event.
 */
export async function queueLatestEvent(
  db: Queryable,
  workspaceId: string,
  entityId: string,
  nowMs: number,
): Promise<{ type: string; sent: bigint } | undefined> {
  const [latest] = await db.query<{ id: bigint; type: string }>(
    'select id, type from outbox_events where workspace_id = $1 and event_id = $2 order by id desc limit 1',
    [workspaceId, entityId],
  );
  if (!latest) return undefined;
  const sent = await queueResend(db, { workspaceId, outboxId: latest.id, nowMs });
  return { type: latest.type, sent: BigInt(sent) };
}
