import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { mayDo } from '../domain/partner-users/permissions.js';
import { deliveryLog } from '../events/deliveries.js';
import { type EndpointRow, findEndpoint, listEndpoints } from '../events/endpoints.js';
import { type RetryPolicy, retryPolicies } from '../events/retry-schedule.js';
import { limits } from '../limits.js';
import { formField } from '../platform/browser/forms.js';
import { CreateWebhookRequest } from '../resources/webhooks/schema.js';
import { createEndpoint, deleteEndpoint, updateEndpoint } from '../resources/webhooks/service.js';
import { sendTestEvent } from '../resources/webhooks/test-event.js';
import type { WorkspaceContext } from '../workspaces/workspace.js';
import { requireDashboardPermission } from './auth.js';
import { sendDashboardPage } from './layout.js';
import {
  endpointPath,
  idLengthMax,
  idParams,
  isNotFound,
  maxLengthOf,
  postedEventFilter,
  queryText,
  refusalOf,
  sendNotFound,
  webhooksPath,
  workspaceOf,
} from './webhooks-shared.js';
import {
  type EndpointFields,
  type EndpointPageInput,
  endpointPage,
  newSecretPage,
  type WebhooksPageInput,
  webhooksPage,
} from './webhooks-views.js';

// The dashboard's webhook pages (issue 30, "Events and deliveries"): GET /dashboard/webhooks, the workspace's
// endpoints and how their deliveries go, with the form that adds one; GET /dashboard/webhooks/<endpointId>, one
// endpoint with every attempt. A developer or an admin adds, changes, disables and enables, tests, rotates the
// secret of and deletes an endpoint through the partner API's own use cases (resources/webhooks/service.ts,
// test-event.ts), which record each change in the audit log as the partner user's. Everything is the signed-in
// person's workspace's: an endpoint of another workspace is not found.

type Endpoint = { Params: { endpointId: string } };

/** The partner API's bounds of a name and a URL (resources/webhooks/schema.ts), held by the form too. */
const nameMaxLength = maxLengthOf(CreateWebhookRequest.properties.name);
const urlMaxLength = maxLengthOf(CreateWebhookRequest.properties.url);

/** A Standard Webhooks secret (`whsec_` and the base64 of random bytes), made here and shown once. */
const newSigningSecret = () => `whsec_${randomBytes(limits.standardWebhookSecretMinBytes).toString('base64')}`;

/** The form's fields, or what is wrong with them. */
function postedFields(request: FastifyRequest): { fields: EndpointFields; problem?: string } {
  const fields = {
    name: formField(request, 'name').trim(),
    url: formField(request, 'url').trim(),
    retryPolicy: formField(request, 'retryPolicy'),
    enabledEvents: postedEventFilter(request),
  };
  if (fields.name === '' || fields.name.length > nameMaxLength) {
    return { fields, problem: `Give the endpoint a name of 1 to ${nameMaxLength} characters.` };
  }
  if (fields.url === '' || fields.url.length > urlMaxLength) {
    return { fields, problem: `Enter the endpoint's URL (at most ${urlMaxLength} characters).` };
  }
  if (!(retryPolicies as readonly string[]).includes(fields.retryPolicy)) {
    return { fields, problem: 'Choose whether failed attempts are retried.' };
  }
  return { fields };
}

const sameTypes = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === null || b === null ? a === b : JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

/** The `before` of an endpoint's log page: an attempt's id, digits only. */
function beforeOf(request: FastifyRequest): bigint | undefined {
  const raw = queryText(request, 'before', idLengthMax);
  return /^\d{1,18}$/.test(raw) ? BigInt(raw) : undefined;
}

const notices: Readonly<Record<string, string>> = {
  updated: 'The endpoint was changed.',
  unchanged: 'Nothing was changed: the form held the endpoint as it is.',
  disabled: 'The endpoint is disabled: it receives no event until it is enabled again.',
  enabled: 'The endpoint is enabled: it receives the events recorded from now on.',
  deleted: 'The endpoint was deleted: it receives nothing more.',
};

export async function dashboardWebhooksRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const reading = { schema: { hide: true }, preHandler: requireDashboardPermission('dashboard.read') };
  const changing = (verb: string) => ({
    schema: { hide: true, params: idParams('endpointId') },
    preHandler: requireDashboardPermission('dashboard.webhooks.manage'),
    config: { auditAction: `dashboard.webhooks.${verb}` },
  });

  async function showList(
    request: FastifyRequest,
    reply: FastifyReply,
    extra: Pick<WebhooksPageInput, 'notice' | 'error' | 'posted'> = {},
    status = 200,
  ) {
    const me = request.partnerUser;
    const rows = await listEndpoints(ctx.db, me.workspaceId);
    const endpoints = [];
    for (const endpoint of rows) {
      const latest = await deliveryLog(ctx.db, endpoint.id, { limit: limits.consoleEndpointRecentAttemptsMax });
      endpoints.push({ endpoint, attempted: latest.filter((a) => a.attempted_at_ms !== null) });
    }
    const page = webhooksPage({
      me,
      endpoints,
      mayManage: mayDo(me.role, 'dashboard.webhooks.manage'),
      insecure: ctx.config.webhookAllowInsecure,
      ...extra,
    });
    return sendDashboardPage(reply, page, status);
  }

  async function showEndpoint(
    request: FastifyRequest,
    reply: FastifyReply,
    endpoint: EndpointRow,
    extra: Pick<EndpointPageInput, 'notice' | 'error' | 'test' | 'posted'> = {},
    status = 200,
  ) {
    const me = request.partnerUser;
    const before = beforeOf(request);
    const pageSize = limits.consoleQueuePageSize;
    const read = await deliveryLog(ctx.db, endpoint.id, { limit: pageSize + 1, beforeId: before });
    const attempts = read.slice(0, pageSize);
    const page = endpointPage({
      me,
      endpoint,
      attempts,
      paged: before !== undefined,
      olderThan: read.length > pageSize ? attempts.at(-1)?.id : undefined,
      mayManage: mayDo(me.role, 'dashboard.webhooks.manage'),
      insecure: ctx.config.webhookAllowInsecure,
      graceHours: ctx.config.webhookSecretGraceHours,
      nowMs: ctx.clock.nowMs(),
      ...extra,
    });
    return sendDashboardPage(reply, page, status);
  }

  /** The workspace's live endpoint of the path, or undefined (none, deleted, another workspace's). */
  async function ownEndpoint(request: FastifyRequest<Endpoint>): Promise<EndpointRow | undefined> {
    const row = await findEndpoint(ctx.db, request.params.endpointId);
    return row?.workspace_id === request.partnerUser.workspaceId ? row : undefined;
  }

  /**
   * Runs a change of the endpoint of the path: 404 when it is not the workspace's, the service's refusal shown on
   * the endpoint's page with its status (the change form as posted, when `keepForm`), else what `change` answers.
   */
  async function changeEndpoint(
    request: FastifyRequest<Endpoint>,
    reply: FastifyReply,
    change: (endpoint: EndpointRow, workspace: WorkspaceContext) => Promise<FastifyReply>,
    keepForm = false,
  ) {
    const me = request.partnerUser;
    const endpoint = await ownEndpoint(request);
    const workspace = endpoint && (await workspaceOf(ctx, me));
    if (!endpoint || !workspace) return sendNotFound(reply, me, 'webhook endpoint');
    try {
      return await change(endpoint, workspace);
    } catch (error) {
      if (isNotFound(error)) return sendNotFound(reply, me, 'webhook endpoint');
      const refused = refusalOf(error);
      const posted = keepForm ? postedFields(request).fields : undefined;
      return showEndpoint(
        request,
        reply,
        endpoint,
        { error: refused.message, ...(posted ? { posted } : {}) },
        refused.status,
      );
    }
  }

  app.get(webhooksPath, reading, (request, reply) => {
    const notice = notices[queryText(request, 'done', idLengthMax)];
    return showList(request, reply, notice ? { notice } : {});
  });

  app.post(webhooksPath, { ...changing('create'), schema: { hide: true } }, async (request, reply) => {
    const me = request.partnerUser;
    const { fields, problem } = postedFields(request);
    if (problem !== undefined) return showList(request, reply, { error: problem, posted: fields }, 400);
    const workspace = await workspaceOf(ctx, me);
    if (!workspace) return sendNotFound(reply, me, 'workspace');
    const secret = newSigningSecret();
    try {
      const created = await createEndpoint(ctx, workspace, {
        name: fields.name,
        url: fields.url,
        secret,
        retryPolicy: fields.retryPolicy as RetryPolicy,
        ...(fields.enabledEvents === null ? {} : { enabledEvents: [...fields.enabledEvents] }),
      });
      return sendDashboardPage(reply, newSecretPage({ me, endpointId: created.id, name: created.name, secret }));
    } catch (error) {
      const refused = refusalOf(error);
      return showList(request, reply, { error: refused.message, posted: fields }, refused.status);
    }
  });

  app.get<Endpoint>(
    `${webhooksPath}/:endpointId`,
    { ...reading, schema: { hide: true, params: idParams('endpointId') } },
    async (request, reply) => {
      const endpoint = await ownEndpoint(request);
      if (!endpoint) return sendNotFound(reply, request.partnerUser, 'webhook endpoint');
      const notice = notices[queryText(request, 'done', idLengthMax)];
      return showEndpoint(request, reply, endpoint, notice ? { notice } : {});
    },
  );

  app.post<Endpoint>(`${webhooksPath}/:endpointId`, changing('update'), (request, reply) =>
    changeEndpoint(
      request,
      reply,
      async (endpoint, workspace) => {
        const { fields, problem } = postedFields(request);
        if (problem !== undefined)
          return showEndpoint(request, reply, endpoint, { error: problem, posted: fields }, 400);
        const change = {
          ...(fields.name === endpoint.name ? {} : { name: fields.name }),
          ...(fields.url === endpoint.url ? {} : { url: fields.url }),
          ...(fields.retryPolicy === endpoint.retry_policy ? {} : { retryPolicy: fields.retryPolicy as RetryPolicy }),
          ...(sameTypes(fields.enabledEvents, endpoint.enabled_events)
            ? {}
            : { enabledEvents: fields.enabledEvents === null ? null : [...fields.enabledEvents] }),
        };
        if (Object.keys(change).length === 0) return reply.redirect(`${endpointPath(endpoint.id)}?done=unchanged`, 303);
        await updateEndpoint(ctx, workspace, endpoint.id, change);
        return reply.redirect(`${endpointPath(endpoint.id)}?done=updated`, 303);
      },
      true,
    ),
  );

  for (const [verb, isActive] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    app.post<Endpoint>(`${webhooksPath}/:endpointId/${verb}`, changing(verb), (request, reply) =>
      changeEndpoint(request, reply, async (endpoint, workspace) => {
        await updateEndpoint(ctx, workspace, endpoint.id, { isActive });
        return reply.redirect(`${endpointPath(endpoint.id)}?done=${verb}d`, 303);
      }),
    );
  }

  app.post<Endpoint>(`${webhooksPath}/:endpointId/test`, changing('test'), (request, reply) =>
    changeEndpoint(request, reply, async (endpoint, workspace) => {
      const test = await sendTestEvent(ctx, workspace, endpoint.id);
      const fresh = (await findEndpoint(ctx.db, endpoint.id)) ?? endpoint;
      return showEndpoint(request, reply, fresh, { test });
    }),
  );

  app.post<Endpoint>(`${webhooksPath}/:endpointId/rotate`, changing('rotateSecret'), (request, reply) =>
    changeEndpoint(request, reply, async (endpoint, workspace) => {
      const secret = newSigningSecret();
      await updateEndpoint(ctx, workspace, endpoint.id, { secret });
      const until = (await findEndpoint(ctx.db, endpoint.id))?.previous_secret_until_ms as bigint | null | undefined;
      const previousUntilMs =
        until === null || until === undefined || Number(until) <= ctx.clock.nowMs() ? null : Number(until);
      return sendDashboardPage(
        reply,
        newSecretPage({
          me: request.partnerUser,
          endpointId: endpoint.id,
          name: endpoint.name,
          secret,
          rotation: { previousUntilMs },
        }),
      );
    }),
  );

  app.post<Endpoint>(`${webhooksPath}/:endpointId/delete`, changing('delete'), (request, reply) =>
    changeEndpoint(request, reply, async (endpoint, workspace) => {
      await deleteEndpoint(ctx.db, ctx.clock, workspace, endpoint.id);
      return reply.redirect(`${webhooksPath}?done=deleted`, 303);
    }),
  );
}
