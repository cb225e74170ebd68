import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import type { AppContext } from '../../app-context.js';
import { allowance, authorization, existence, stateError, validation } from '../../domain/errors.js';
import { checkTarget } from '../../events/url-policy.js';
import { limits } from '../../limits.js';
import { seal } from '../../platform/sealing.js';
import type { WorkspaceContext } from '../../workspaces/workspace.js';
import { countEndpoints, type EndpointRow, findEndpoint, findLegacy, listEndpoints } from './repo.js';
import type { CreateWebhookRequest, UpdateWebhookRequest, WebhookEndpoint } from './schema.js';

export function endpointView(row: EndpointRow): Static<typeof WebhookEndpoint> {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    isActive: row.is_active,
    createdAt: Number(row.created_at_ms),
    updatedAt: Number(row.updated_at_ms),
  };
}

/** The URL policy at registration: https to a public address (WEBHOOK_ALLOW_INSECURE lifts it). */
async function requireTarget(ctx: AppContext, url: string): Promise<void> {
  const target = await checkTarget(url, ctx.config.webhookAllowInsecure);
  if (!target.ok) throw validation(target.reason, 'invalidParameters');
}

export async function createEndpoint(
  ctx: AppContext,
  workspace: WorkspaceContext,
  body: Static<typeof CreateWebhookRequest>,
) {
  await requireTarget(ctx, body.url);
  if ((await countEndpoints(ctx.db, workspace.id)) >= limits.webhookEndpointsMax) {
    throw allowance(`A workspace has at most ${limits.webhookEndpointsMax} webhook endpoints; delete one first`);
  }
  const nowMs = ctx.clock.nowMs();
  const [row] = await ctx.db.query<EndpointRow>(
    `insert into webhook_endpoints (id, workspace_id, name, url, secret_sealed, created_at_ms, updated_at_ms)
     values ($1, $2, $3, $4, $5, $6, $6) returning *`,
    [randomUUID(), workspace.id, body.name, body.url, seal(ctx.secretsKey, body.secret), nowMs],
  );
  return endpointView(row as EndpointRow);
}

export async function ownedEndpoint(ctx: AppContext, workspace: WorkspaceContext, id: string): Promise<EndpointRow> {
  const row = await findEndpoint(ctx.db, id);
  if (!row) throw existence(`Webhook endpoint ${id} does not exist`);
  if (row.workspace_id !== workspace.id) throw authorization(`Webhook endpoint ${id} is outside this workspace`);
  return row;
}

export async function listWorkspaceEndpoints(ctx: AppContext, workspace: WorkspaceContext) {
  return (await listEndpoints(ctx.db, workspace.id)).map(endpointView);
}

export async function updateEndpoint(
  ctx: AppContext,
  workspace: WorkspaceContext,
  id: string,
  body: Static<typeof UpdateWebhookRequest>,
) {
  await ownedEndpoint(ctx, workspace, id);
  if (Object.keys(body).length === 0) throw validation('Send at least one of name, url, secret, isActive');
  if (body.url !== undefined) await requireTarget(ctx, body.url);
  const [row] = await ctx.db.query<EndpointRow>(
    `update webhook_endpoints set name = coalesce($2, name), url = coalesce($3, url),
       secret_sealed = coalesce($4, secret_sealed), is_active = coalesce($5, is_active), updated_at_ms = $6
     where id = $1 and deleted_at_ms is null returning *`,
    [
      id,
      body.name ?? null,
      body.url ?? null,
      body.secret === undefined ? null : seal(ctx.secretsKey, body.secret),
      body.isActive ?? null,
      ctx.clock.nowMs(),
    ],
  );
  if (!row) throw existence(`Webhook endpoint ${id} does not exist`);
  return endpointView(row);
}

export async function deleteEndpoint(ctx: AppContext, workspace: WorkspaceContext, id: string) {
  await ownedEndpoint(ctx, workspace, id);
  // Kept (deleted) so that its delivery log still reads; it receives nothing more.
  await ctx.db.query('update webhook_endpoints set deleted_at_ms = $2, is_active = false where id = $1', [
    id,
    ctx.clock.nowMs(),
  ]);
  return { success: true, message: `Webhook endpoint ${id} deleted` };
}

export async function readLegacy(ctx: AppContext, workspace: WorkspaceContext) {
  return { url: (await findLegacy(ctx.db, workspace.id))?.url ?? null };
}

export async function setLegacy(ctx: AppContext, workspace: WorkspaceContext, url: string) {
  await requireTarget(ctx, url);
  const nowMs = ctx.clock.nowMs();
  await ctx.db.transaction(async (tx) => {
    const existing = await findLegacy(tx, workspace.id);
    if (existing) {
      await tx.query('update webhook_endpoints set url = $2, updated_at_ms = $3 where id = $1', [
        existing.id,
        url,
        nowMs,
      ]);
    } else {
      await tx.query(
        `insert into webhook_endpoints (id, workspace_id, name, url, legacy, created_at_ms, updated_at_ms)
         values ($1, $2, 'legacy', $3, true, $4, $4)`,
        [randomUUID(), workspace.id, url, nowMs],
      );
    }
  });
  return { url };
}

/** Statuses after which an entity's latest event may be re-sent (the spec: a completed order or deposit). */
const completed = { order: ['Success'], deposit: ['Received'] } as const;

/** Re-sends the latest event of a completed order or deposit to every active endpoint. */
export async function resend(
  ctx: AppContext,
  workspace: WorkspaceContext,
  entityType: 'order' | 'deposit',
  entityId: string,
) {
  const table = entityType === 'order' ? 'orders' : 'deposits';
  const [entity] = await ctx.db.query<{ workspace_id: string; status: string }>(
    `select workspace_id, status from ${table} where id = $1`,
    [entityId],
  );
  if (!entity) throw existence(`The ${entityType} ${entityId} does not exist`);
  if (entity.workspace_id !== workspace.id)
    throw authorization(`The ${entityType} ${entityId} is outside this workspace`);
  if (!(completed[entityType] as readonly string[]).includes(entity.status)) {
    throw stateError(
      `The ${entityType} ${entityId} is ${entity.status}: only a completed ${entityType}'s event is re-sent`,
    );
  }
  const nowMs = ctx.clock.nowMs();
  const rows = await ctx.db.query<{ type: string; sent: bigint }>(
    `with latest as (
       select id, type from outbox_events where workspace_id = $1 and event_id = $2 order by id desc limit 1),
     sent as (
       insert into webhook_deliveries (outbox_id, endpoint_id, workspace_id, state, created_at_ms)
       select latest.id, e.id, $1, 'pending', $3 from latest
       join webhook_endpoints e on e.workspace_id = $1 and e.is_active and e.deleted_at_ms is null
       returning 1)
     select latest.type, (select count(*) from sent) as sent from latest`,
    [workspace.id, entityId, nowMs],
  );
  const latest = rows[0];
  if (!latest) throw stateError(`The ${entityType} ${entityId} has no event to re-send`);
  await ctx.db.query(`select pg_notify('outbox_events', '')`);
  return {
    success: true as const,
    message: `The latest event of ${entityType} ${entityId} is re-sent`,
    eventType: latest.type,
    deliveries: Number(latest.sent),
  };
}

export async function deliveriesOf(ctx: AppContext, workspace: WorkspaceContext, id: string, limit: number) {
  await ownedEndpoint(ctx, workspace, id);
  const rows = await ctx.db.query<{
    id: bigint;
    event_id: string;
    type: string;
    state: 'pending' | 'sending' | 'delivered' | 'failed';
    status_code: number | null;
    latency_ms: number | null;
    error: string | null;
    created_at_ms: bigint;
    attempted_at_ms: bigint | null;
  }>(
    `select d.id, o.event_id, o.type, d.state, d.status_code, d.latency_ms, d.error, d.created_at_ms, d.attempted_at_ms
     from webhook_deliveries d join outbox_events o on o.id = d.outbox_id
     where d.endpoint_id = $1 order by d.id desc limit $2`,
    [id, limit],
  );
  return rows.map((r) => ({
    deliveryId: Number(r.id),
    eventId: r.event_id,
    eventType: r.type,
    state: r.state,
    ...(r.status_code === null ? {} : { statusCode: r.status_code }),
    ...(r.latency_ms === null ? {} : { latencyMs: r.latency_ms }),
    ...(r.error === null ? {} : { error: r.error }),
    createdAt: Number(r.created_at_ms),
    ...(r.attempted_at_ms === null ? {} : { attemptedAt: Number(r.attempted_at_ms) }),
  }));
}
