import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { mayDo } from '../domain/partner-users/permissions.js';
import { attemptsOfEvent, deliverySummaries } from '../events/deliveries.js';
import { limits } from '../limits.js';
import { redact } from '../platform/audit/redaction.js';
import type { EventRow } from '../resources/events/repo.js';
import { EventListQuery } from '../resources/events/schema.js';
import { listWorkspaceEvents, ownedEvent, resendEvent } from '../resources/events/service.js';
import { eventView } from '../resources/events/view.js';
import type { WorkspaceContext } from '../workspaces/workspace.js';
import { requireDashboardPermission } from './auth.js';
import { type EventFilters, type EventPageInput, type EventPager, eventPage, eventsPage } from './events-views.js';
import { sendDashboardPage } from './layout.js';
import {
  eventPath,
  eventsPath,
  idLengthMax,
  idParams,
  isNotFound,
  maxLengthOf,
  queryText,
  refusalOf,
  sendNotFound,
  workspaceOf,
} from './webhooks-shared.js';

// The dashboard's event pages (issue 30, "Events and deliveries"): GET /dashboard/events, the workspace's events
// newest first through the events API's own read (resources/events/service.ts), filtered by type or entity, each
// with whether it reached its endpoints; GET /dashboard/events/<eventId>, one event with every attempt at each
// endpoint; and its resend (developer or admin), the events API's re-send, offered only when an endpoint took the
// event (as the console's: operator/console/timeline-resend.ts) and refused otherwise (409).

type OneEvent = { Params: { eventId: string } };

/** The longest entity id the list's filter takes: the events API's. */
const entityLengthMax = maxLengthOf(EventListQuery.properties.entityId);

export async function dashboardEventsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    eventsPath,
    { schema: { hide: true }, preHandler: requireDashboardPermission('dashboard.read') },
    async (request, reply) => {
      const me = request.partnerUser;
      const workspace = await workspaceOf(ctx, me);
      if (!workspace) return sendNotFound(reply, me, 'workspace');
      const filters: EventFilters = {
        type: queryText(request, 'type', idLengthMax),
        entity: queryText(request, 'entity', entityLengthMax),
      };
      const after = queryText(request, 'after', idLengthMax);
      const before = queryText(request, 'before', idLengthMax);
      try {
        const page = await listWorkspaceEvents(ctx, workspace, {
          limit: limits.eventPageSizeDefault,
          ...(filters.type === '' ? {} : { type: [filters.type] }),
          ...(filters.entity === '' ? {} : { entityId: filters.entity }),
          ...(after === '' || before !== '' ? {} : { startingAfter: after }),
          ...(before === '' ? {} : { endingBefore: before }),
        });
        const events = page.value;
        const summaries = await deliverySummaries(
          ctx.db,
          workspace.id,
          events.map((e) => e.eventId),
        );
        const first = events[0]?.eventId;
        const last = events.at(-1)?.eventId;
        const readingNewer = before !== '';
        const pager: EventPager = {
          paged: after !== '' || before !== '',
          ...((readingNewer ? page.hasMore : after !== '') && first !== undefined ? { newerThan: first } : {}),
          ...((readingNewer || page.hasMore) && last !== undefined ? { olderThan: last } : {}),
        };
        return sendDashboardPage(
          reply,
          eventsPage({ me, events, summaries: new Map(summaries.map((s) => [s.event_uid, s])), filters, pager }),
        );
      } catch (error) {
        const refused = refusalOf(error);
        const page = eventsPage({
          me,
          events: [],
          summaries: new Map(),
          filters,
          pager: { paged: true },
          error: refused.message,
        });
        return sendDashboardPage(reply, page, refused.status);
      }
    },
  );

  /** The workspace's event of the path, or undefined (none, past retention, a test event, another workspace's). */
  async function ownEvent(
    request: FastifyRequest<OneEvent>,
  ): Promise<{ event: EventRow; workspace: WorkspaceContext } | undefined> {
    const workspace = await workspaceOf(ctx, request.partnerUser);
    if (!workspace) return undefined;
    try {
      return { event: await ownedEvent(ctx, workspace, request.params.eventId), workspace };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async function showEvent(
    request: FastifyRequest,
    reply: FastifyReply,
    found: { event: EventRow; workspace: WorkspaceContext },
    extra: Pick<EventPageInput, 'notice' | 'error'> = {},
    status = 200,
  ) {
    const me = request.partnerUser;
    const { event, workspace } = found;
    const attempts = await attemptsOfEvent(ctx.db, workspace.id, event.id, limits.consoleTimelineRowsMax);
    const [summary] = await deliverySummaries(ctx.db, workspace.id, [event.event_uid]);
    const view = eventView(event);
    const page = eventPage({
      me,
      event: view,
      // The rule of the audit log: secrets replaced, account numbers to their last four, sealed values not opened.
      maskedData: redact(view.data),
      attempts,
      summary,
      mayResend: mayDo(me.role, 'dashboard.webhooks.manage'),
      ...extra,
    });
    return sendDashboardPage(reply, page, status);
  }

  app.get<OneEvent>(
    `${eventsPath}/:eventId`,
    {
      schema: { hide: true, params: idParams('eventId') },
      preHandler: requireDashboardPermission('dashboard.read'),
    },
    async (request, reply) => {
      const found = await ownEvent(request);
      if (!found) return sendNotFound(reply, request.partnerUser, 'event');
      const query = request.query as Record<string, unknown>;
      if (query.done !== 'resent') return showEvent(request, reply, found);
      const sent = Number(queryText(request, 'deliveries', idLengthMax));
      const notice =
        sent > 0
          ? `The event was queued again for ${sent} ${sent === 1 ? 'endpoint' : 'endpoints'}: the new attempts appear below as they are made.`
          : 'No enabled endpoint takes this event now: nothing was sent.';
      return showEvent(request, reply, found, { notice });
    },
  );

  app.post<OneEvent>(
    `${eventsPath}/:eventId/resend`,
    {
      schema: { hide: true, params: idParams('eventId') },
      preHandler: requireDashboardPermission('dashboard.webhooks.manage'),
      config: { auditAction: 'dashboard.webhooks.resend' },
    },
    async (request, reply) => {
      const found = await ownEvent(request);
      if (!found) return sendNotFound(reply, request.partnerUser, 'event');
      const { event, workspace } = found;
      // The rule the page shows the button by, held here too: a stale page or a hand-made form changes nothing.
      const taken = await attemptsOfEvent(ctx.db, workspace.id, event.id, 1);
      if (taken.length === 0) {
        const error = 'No endpoint took this event: there is nothing to send again.';
        return showEvent(request, reply, found, { error }, 409);
      }
      try {
        const sent = await resendEvent(ctx, workspace, event.event_uid, undefined);
        return reply.redirect(`${eventPath(event.event_uid)}?done=resent&deliveries=${sent.value.deliveries}`, 303);
      } catch (error) {
        if (isNotFound(error)) return sendNotFound(reply, request.partnerUser, 'event');
        const refused = refusalOf(error);
        return showEvent(request, reply, found, { error: refused.message }, refused.status);
      }
    },
  );
}
