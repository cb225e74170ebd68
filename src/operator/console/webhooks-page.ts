import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { esc } from '../../domain/html.js';
import { deliveryLog } from '../../events/deliveries.js';
import { endpointsByIds, findLegacy, listEndpoints } from '../../events/endpoints.js';
import { limits } from '../../limits.js';
import { findWorkspace } from '../../workspaces/repo.js';
import { overview, queueItems } from '../overview/service.js';
import { requirePermission } from './auth.js';
import { sendConsolePage, sendNotice } from './layout.js';
import { pageNumber, pager, queryText } from './queues-common.js';
import {
  attemptsPager,
  attemptsTable,
  endpointFacts,
  flaggedTable,
  webhookEndpointPath,
  webhooksPath,
  workspaceWebhooksPath,
} from './webhooks-views.js';
import { workspaceLabels } from './workspace-names.js';

// Webhook endpoints and every delivery attempt (issue 30, item 1): the page the home page's flag of a failing
// endpoint links to. Three views, read-only, for every role:
// - GET /console/webhooks: the endpoints failing or disabled in every workspace (the overview's own queue, so the
//   home page, this page and GET /admin/v1/overview agree), and a workspace to open;
// - GET /console/webhooks?workspace=<id>: a workspace's endpoints, each with its facts and latest attempts;
// - GET /console/webhooks/<endpointId>: one endpoint and all its attempts, newest first, a page at a time.
// Every read is the events module's own (events/endpoints.ts, events/deliveries.ts), which owns the tables.

const endpointParams = {
  type: 'object',
  properties: { endpointId: { type: 'string', minLength: 1, maxLength: 64 } },
  required: ['endpointId'],
} as const;

const pageSize = limits.consoleQueuePageSize;

/** The `before` of an endpoint's log page: an attempt's id, digits only. */
function beforeOf(query: unknown): bigint | undefined {
  const raw = queryText(query, 'before', 20);
  return /^\d{1,18}$/.test(raw) ? BigInt(raw) : undefined;
}

export async function webhooksPageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const options = { schema: { hide: true }, preHandler: requirePermission('console.view') };

  app.get(webhooksPath, options, async (request, reply) => {
    const me = request.operator;
    const workspaceId = queryText(request.query, 'workspace', 64);
    if (workspaceId !== '') {
      const workspace = await findWorkspace(ctx.db, workspaceId);
      if (!workspace) return sendNotice(reply, 404, 'Not found', 'There is no workspace with this id.', me);
      const legacy = await findLegacy(ctx.db, workspaceId);
      const endpoints = [...(await listEndpoints(ctx.db, workspaceId)), ...(legacy ? [legacy] : [])];
      const label = await workspaceLabels(ctx.db, [workspaceId]);
      const sections: string[] = [];
      for (const e of endpoints) {
        const attempts = await deliveryLog(ctx.db, e.id, { limit: limits.consoleEndpointRecentAttemptsMax });
        sections.push(`<h2>${esc(e.name)}</h2>
${endpointFacts(e, label)}
${attemptsTable(attempts, `The latest attempts to ${e.name}, newest first`)}
<p><a href="${esc(webhookEndpointPath(e.id))}">Every attempt to ${esc(e.name)}</a></p>`);
      }
      return sendConsolePage(reply, {
        title: `Webhook endpoints of ${workspace.name}`,
        operator: me,
        current: webhooksPath,
        body: `<p><a href="${webhooksPath}">Webhook endpoints</a></p>
<h1>Webhook endpoints of ${esc(workspace.name)}</h1>
<p>Workspace ${label(workspaceId)}</p>
<p>Where the workspace's events are delivered, with each endpoint's latest attempts. Times are UTC, to the second.</p>
${sections.length === 0 ? '<p>This workspace has no webhook endpoint.</p>' : sections.join('\n')}`,
      });
    }
    const page = pageNumber(request.query);
    const { queues } = await overview(ctx.db, undefined);
    const items = await queueItems(ctx.db, 'webhookEndpoints', { limit: pageSize + 1, offset: page * pageSize });
    const shown = items.slice(0, pageSize);
    const endpoints = new Map(
      (
        await endpointsByIds(
          ctx.db,
          shown.map((i) => i.id),
        )
      ).map((e) => [e.id, e]),
    );
    const label = await workspaceLabels(
      ctx.db,
      shown.map((i) => i.workspaceId),
    );
    return sendConsolePage(reply, {
      title: 'Webhook endpoints',
      operator: me,
      current: webhooksPath,
      body: `<h1>Webhook endpoints</h1>
<p>Where each workspace's events are delivered, with every attempt: when it was made, what the endpoint answered, and when it is tried again. Times are UTC, to the second.</p>
<form class="filters" method="get" action="${webhooksPath}" aria-label="Open a workspace's endpoints">
<label>Workspace id <input type="text" name="workspace" required maxlength="64" autocomplete="off"></label>
<div class="actions"><button class="secondary" type="submit">Show its endpoints</button></div>
</form>
<h2>Failing or disabled: ${queues.webhookEndpoints.count}</h2>
${flaggedTable(
  shown.map((i) => ({ ...i, endpoint: endpoints.get(i.id) })),
  label,
)}
${pager(webhooksPath, {}, page, items.length > pageSize)}`,
    });
  });

  app.get<{ Params: { endpointId: string } }>(
    `${webhooksPath}/:endpointId`,
    { ...options, schema: { hide: true, params: endpointParams } },
    async (request, reply) => {
      const me = request.operator;
      const [endpoint] = await endpointsByIds(ctx.db, [request.params.endpointId]);
      if (!endpoint) return sendNotice(reply, 404, 'Not found', 'There is no webhook endpoint with this id.', me);
      const before = beforeOf(request.query);
      const read = await deliveryLog(ctx.db, endpoint.id, { limit: pageSize + 1, beforeId: before });
      const attempts = read.slice(0, pageSize);
      const older = read.length > pageSize ? attempts.at(-1)?.id : undefined;
      const label = await workspaceLabels(ctx.db, [endpoint.workspace_id]);
      return sendConsolePage(reply, {
        title: `Webhook endpoint ${endpoint.name}`,
        operator: me,
        current: webhooksPath,
        body: `<p><a href="${esc(workspaceWebhooksPath(endpoint.workspace_id))}">The workspace's webhook endpoints</a></p>
<h1>Webhook endpoint ${esc(endpoint.name)}</h1>
${endpointFacts(endpoint, label)}
<h2 id="attempts">Attempts</h2>
<p>Every attempt to deliver an event to this endpoint, newest first: a retry is an attempt of its own. Times are UTC, to the second.</p>
${attemptsTable(attempts, before === undefined ? 'Attempts, newest first' : 'Older attempts, newest first')}
${attemptsPager(endpoint.id, before !== undefined, older)}`,
      });
    },
  );
}
