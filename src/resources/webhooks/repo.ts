import type { Queryable } from '../../storage/db.js';

export interface EndpointRow {
  id: string;
  workspace_id: string;
  name: string;
  url: string;
  secret_sealed: string | null;
  legacy: boolean;
  is_active: boolean;
  created_at_ms: bigint;
  updated_at_ms: bigint;
  [column: string]: unknown;
}

const live = 'deleted_at_ms is null';

export async function findEndpoint(db: Queryable, id: string): Promise<EndpointRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const rows = await db.query<EndpointRow>(`select * from webhook_endpoints where id = $1 and not legacy and ${live}`, [
    id,
  ]);
  return rows[0];
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
