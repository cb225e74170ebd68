import type { Queryable } from '../storage/db.js';
import type { RetryPolicy } from './retry-schedule.js';

// Webhook endpoints: where the workspace's events are delivered. The dispatcher fans each event out to them, signs
// with their secrets and, when retries fail for long enough, disables one (dispatcher.ts, attempt-record.ts); the
// webhooks resource (resources/webhooks/) creates, changes and lists them through the functions below.

export interface EndpointRow {
  id: string;
  workspace_id: string;
  name: string;
  url: string;
  secret_sealed: string | null;
  legacy: boolean;
  is_active: boolean;
  retry_policy: RetryPolicy;
  /** null: every event type. */
  enabled_events: string[] | null;
  disabled_at_ms: bigint | null;
  /** Set when the partner deleted it: kept so that its delivery log still reads. */
  deleted_at_ms: bigint | null;
  created_at_ms: bigint;
  updated_at_ms: bigint;
  [column: string]: unknown;
}

const live = 'deleted_at_ms is null';

/** A list of event types as a text[] parameter: sent as JSON text, as every driver passes it alike. */
const typesArray = (param: string) => `(select array_agg(t) from jsonb_array_elements_text(${param}::text::jsonb) t)`;
const typesParam = (types: readonly string[] | null) => (types === null ? null : JSON.stringify(types));

export async function findEndpoint(db: Queryable, id: string): Promise<EndpointRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const rows = await db.query<EndpointRow>(`select * from webhook_endpoints where id = $1 and not legacy and ${live}`, [
    id,
  ]);
  return rows[0];
}

/**
 * Endpoints by id whatever they are (the legacy URL, a deleted one): an operator's view of where events went, as
 * the console's webhook page and home page show them. Never a partner's read: see findEndpoint.
 */
export function endpointsByIds(db: Queryable, ids: readonly string[]): Promise<EndpointRow[]> {
  const wellFormed = ids.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
  if (wellFormed.length === 0) return Promise.resolve([]);
  return db.query<EndpointRow>(
    'select * from webhook_endpoints where id = any($1::text[]::uuid[]) order by created_at_ms, id',
    [wellFormed],
  );
}

export function listEndpoints(db: Queryable, workspaceId: string): Promise<EndpointRow[]> {
  return db.query<EndpointRow>(
    `select * from webhook_endpoints where workspace_id = $1 and not legacy and ${live} order by created_at_ms, id`,
    [workspaceId],
  );
}

export async function countEndpoints(db: Queryable, workspaceId: string): Promise<number> {
  const rows = await db.query<{ n: bigint }>(
    `select count(*) as n from webhook_endpoints where workspace_id = $1 and not legacy and ${live}`,
    [workspaceId],
  );
  return Number(rows[0]?.n ?? 0);
}

export async function findLegacy(db: Queryable, workspaceId: string): Promise<EndpointRow | undefined> {
  const rows = await db.query<EndpointRow>(
    `select * from webhook_endpoints where workspace_id = $1 and legacy and ${live}`,
    [workspaceId],
  );
  return rows[0];
}

export interface NewEndpoint {
  readonly id: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly url: string;
  readonly secretSealed: string;
  readonly retryPolicy: RetryPolicy;
  readonly enabledEvents: readonly string[] | null;
  readonly nowMs: number;
}

export async function insertEndpoint(db: Queryable, e: NewEndpoint): Promise<EndpointRow> {
  const [row] = await db.query<EndpointRow>(
    `insert into webhook_endpoints (id, workspace_id, name, url, secret_sealed, retry_policy, enabled_events,
       created_at_ms, updated_at_ms)
     values ($1, $2, $3, $4, $5, $6, ${typesArray('$7')}, $8, $8) returning *`,
    [e.id, e.workspaceId, e.name, e.url, e.secretSealed, e.retryPolicy, typesParam(e.enabledEvents), e.nowMs],
  );
  return row as EndpointRow;
}

/** What a partner may change on an endpoint; an absent field keeps its value. */
export interface EndpointChange {
  readonly name: string | undefined;
  readonly url: string | undefined;
  readonly secretSealed: string | undefined;
  readonly isActive: boolean | undefined;
  readonly retryPolicy: RetryPolicy | undefined;
  /** null sets every type again. */
  readonly enabledEvents: readonly string[] | null | undefined;
}

/**
 * Applies the change to a live endpoint; undefined when it was deleted meanwhile. A new secret keeps the one it
 * replaces, with the end of its grace (`previousSecretUntilMs`), for webhook-signature; an endpoint made active
 * again forgets when retries disabled it.
 */
export async function updateEndpointRow(
  db: Queryable,
  id: string,
  change: EndpointChange,
  nowMs: number,
  previousSecretUntilMs: number,
): Promise<EndpointRow | undefined> {
  const [row] = await db.query<EndpointRow>(
    `update webhook_endpoints set name = coalesce($2, name), url = coalesce($3, url),
       secret_sealed = coalesce($4, secret_sealed),
       previous_secret_sealed = case when $4::text is null then previous_secret_sealed else secret_sealed end,
       previous_secret_until_ms = case when $4::text is null then previous_secret_until_ms else $9 end,
       is_active = coalesce($5, is_active),
       disabled_at_ms = case when $5::boolean then null else disabled_at_ms end,
       retry_policy = coalesce($6, retry_policy),
       enabled_events = case when $7 then ${typesArray('$8')} else enabled_events end,
       updated_at_ms = $10
     where id = $1 and deleted_at_ms is null returning *`,
    [
      id,
      change.name ?? null,
      change.url ?? null,
      change.secretSealed ?? null,
      change.isActive ?? null,
      change.retryPolicy ?? null,
      change.enabledEvents !== undefined,
      typesParam(change.enabledEvents ?? null),
      previousSecretUntilMs,
      nowMs,
    ],
  );
  return row;
}

/** Kept (deleted) so that its delivery log still reads; it receives nothing more. */
export async function markEndpointDeleted(db: Queryable, id: string, nowMs: number): Promise<void> {
  await db.query('update webhook_endpoints set deleted_at_ms = $2, is_active = false where id = $1', [id, nowMs]);
}

export async function setLegacyUrl(tx: Queryable, id: string, url: string, nowMs: number): Promise<void> {
  await tx.query('update webhook_endpoints set url = $2, updated_at_ms = $3 where id = $1', [id, url, nowMs]);
}

/** The legacy single-URL webhook (/v1/webhook) is an endpoint too, without a secret, named 'legacy'. */
export async function insertLegacy(
  tx: Queryable,
  id: string,
  workspaceId: string,
  url: string,
  nowMs: number,
): Promise<void> {
  await tx.query(
    `insert into webhook_endpoints (id, workspace_id, name, url, legacy, created_at_ms, updated_at_ms)
         values ($1, $2, 'legacy', $3, true, $4, $4)`,
    [id, workspaceId, url, nowMs],
  );
}
