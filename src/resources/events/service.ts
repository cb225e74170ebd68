import type { Static } from 'typebox';
import type { AppContext } from '../../app-context.js';
import type { Config } from '../../config.js';
import { authorization, existence, stateError, validation } from '../../domain/errors.js';
import { eventTypeNames } from '../../events/catalogue.js';
import { announceDeliveries } from '../../events/dispatcher.js';
import { queueResend } from '../../events/resend.js';
import { limits } from '../../limits.js';
import { auditChange } from '../../platform/audit/scope.js';
import type { Clock } from '../../platform/clock.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { ownedEndpoint } from '../webhooks/service.js';
import { type EventRow, findEvent, listEvents, type Place } from './repo.js';
import type { EventListQuery } from './schema.js';
import { eventView } from './view.js';

const dayMs = 86_400_000;

/** The oldest moment an event may have been recorded and still be read (EVENT_RETENTION_DAYS). */
const horizonOf = (clock: Clock, config: Config): number => clock.nowMs() - config.eventRetentionDays * dayMs;

/** What reading or re-sending the workspace's events reads of the server: the store, the clock, the retention. */
export type EventReading = Pick<AppContext, 'db' | 'clock' | 'config'>;

const knownTypes: ReadonlySet<string> = new Set(eventTypeNames);

/** The workspace's event, readable (within retention): 404 when there is none, 401 when it is another's. */
export async function ownedEvent(ctx: EventReading, workspace: WorkspaceContext, eventId: string): Promise<EventRow> {
  const row = await findEvent(ctx.db, eventId, horizonOf(ctx.clock, ctx.config));
  if (!row) throw existence(`Event ${eventId} does not exist`);
  if (row.workspace_id !== workspace.id) throw authorization(`Event ${eventId} is outside this workspace`);
  return row;
}

/** A cursor's place: an event of this workspace still readable, else 400 naming the parameter. */
async function placeOf(ctx: EventReading, workspace: WorkspaceContext, name: string, eventId: string): Promise<Place> {
  const row = await findEvent(ctx.db, eventId, horizonOf(ctx.clock, ctx.config));
  if (!row || row.workspace_id !== workspace.id) {
    throw validation(`${name} names no event of this workspace that is still readable: ${eventId}`);
  }
  return { occurredAtMs: row.occurred_at_ms, id: row.id };
}

/**
 * A page of the workspace's events, newest first. `startingAfter` reads on towards older events, `endingBefore`
 * back towards newer ones; `hasMore` says whether more lie beyond the page in the direction it was read.
 */
export async function listWorkspaceEvents(
  ctx: EventReading,
  workspace: WorkspaceContext,
  query: Static<typeof EventListQuery>,
) {
  const unknown = (query.type ?? []).filter((type) => !knownTypes.has(type));
  if (unknown.length > 0) throw validation(`Unknown event type: ${[...new Set(unknown)].join(', ')}`);
  if (query.startingAfter !== undefined && query.endingBefore !== undefined) {
    throw validation('Send startingAfter or endingBefore, not both');
  }
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
    throw validation('from must not be after to');
  }
  const limit = query.limit ? query.limit : limits.eventPageSizeDefault;
  const cursor =
    query.endingBefore !== undefined
      ? await placeOf(ctx, workspace, 'endingBefore', query.endingBefore)
      : query.startingAfter !== undefined
        ? await placeOf(ctx, workspace, 'startingAfter', query.startingAfter)
        : undefined;
  const direction = query.endingBefore !== undefined ? 'newer' : 'older';
  // One row past the page tells whether there are more.
  const rows = await listEvents(ctx.db, {
    workspaceId: workspace.id,
    horizonMs: horizonOf(ctx.clock, ctx.config),
    types: query.type ?? [],
    entityId: query.entityId,
    // from and to are Unix seconds, inclusive, as every list's (spec: Conventions 2; platform/list-filters.ts).
    fromMs: query.from === undefined ? undefined : query.from * 1000,
    untilMs: query.to === undefined ? undefined : (query.to + 1) * 1000,
    direction,
    place: cursor,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  if (direction === 'newer') page.reverse();
  return { ok: true as const, value: page.map(eventView), hasMore: rows.length > limit };
}

/**
 * Sends the event again, as it was (the same envelope and eventId), to every active endpoint of the workspace, or
 * to the one named: new delivery rows for the same outbox row, which the dispatcher sends (events/resend.ts).
 */
export async function resendEvent(
  ctx: EventReading,
  workspace: WorkspaceContext,
  eventId: string,
  webhookId: string | undefined,
) {
  const event = await ownedEvent(ctx, workspace, eventId);
  if (webhookId !== undefined) {
    const endpoint = await ownedEndpoint(ctx.db, workspace, webhookId);
    if (!endpoint.is_active) throw stateError(`Webhook endpoint ${webhookId} is inactive: activate it first`);
  }
  const deliveries = await ctx.db.transaction(async (tx) => {
    const queued = await queueResend(tx, {
      workspaceId: workspace.id,
      outboxId: event.id,
      endpointId: webhookId,
      nowMs: ctx.clock.nowMs(),
    });
    // An operator's resend from the console is recorded (nothing when the partner resends: no audit scope).
    auditChange(tx, {
      workspaceId: workspace.id,
      target: { type: 'event', id: event.event_uid },
      before: null,
      after: { eventId: event.event_uid, type: event.type, webhookId: webhookId ?? null, deliveriesQueued: queued },
    });
    return queued;
  });
  await announceDeliveries(ctx.db);
  return { ok: true as const, value: { eventId: event.event_uid, type: event.type, deliveries } };
}
