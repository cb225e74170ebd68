import type { Queryable } from '../../storage/db.js';

// The audit log's SQL (migrations/0034_audit_log.sql, append-only since 0040): one insert, written by the
// before-commit hook (a change's row) or by events.ts (a sign-in's), and the filtered, newest-first page
// GET /admin/v1/audit-log reads.

export type AuditActorKind = 'operator' | 'admin-token' | 'partner-user';
export type AuditVia = 'console' | 'api' | 'cli' | 'dashboard';

export interface NewAuditEntry {
  readonly occurredAtMs: number;
  readonly actorKind: AuditActorKind;
  readonly via: AuditVia;
  readonly operatorId: string | null;
  /** The partner user of a dashboard entry (migration 0044); null on every other. */
  readonly partnerUserId: string | null;
  readonly operatorEmail: string | null;
  readonly address: string;
  readonly userAgent: string | null;
  readonly action: string;
  readonly workspaceId: string | null;
  readonly targetType: string;
  readonly targetId: string;
  readonly before: unknown;
  readonly after: unknown;
  readonly requestId: string;
}

export interface AuditEntryRow {
  id: bigint;
  occurred_at_ms: bigint;
  actor_kind: AuditActorKind;
  via: AuditVia;
  operator_id: string | null;
  partner_user_id: string | null;
  operator_email: string | null;
  address: string;
  user_agent: string | null;
  action: string;
  workspace_id: string | null;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  request_id: string;
  [column: string]: unknown;
}

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

export async function insertAuditEntry(tx: Queryable, e: NewAuditEntry): Promise<void> {
  await tx.query(
    `insert into audit_log (occurred_at_ms, actor_kind, via, operator_id, operator_email, address, user_agent, action,
       workspace_id, target_type, target_id, before, after, request_id, partner_user_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::text::jsonb, $13::text::jsonb, $14, $15)`,
    [
      e.occurredAtMs,
      e.actorKind,
      e.via,
      e.operatorId,
      e.operatorEmail,
      e.address,
      e.userAgent,
      e.action,
      e.workspaceId,
      e.targetType,
      e.targetId,
      json(e.before),
      json(e.after),
      e.requestId,
      e.partnerUserId,
    ],
  );
}

export interface AuditFilters {
  readonly operatorId?: string | undefined;
  readonly email?: string | undefined;
  readonly workspaceId?: string | undefined;
  readonly action?: string | undefined;
  readonly via?: string | undefined;
  /** Unix seconds, inclusive. */
  readonly from?: number | undefined;
  readonly to?: number | undefined;
  /** Keyset: only entries older than this one (the last entry of the page before). */
  readonly before?: { readonly occurredAtMs: bigint; readonly id: bigint } | undefined;
  readonly limit: number;
  readonly offset: number;
}

/** One page of the log, newest first (occurred_at, then id, descending). */
export async function listAuditEntries(db: Queryable, f: AuditFilters): Promise<AuditEntryRow[]> {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (f.operatorId !== undefined) where.push(`operator_id = ${param(f.operatorId)}`);
  if (f.email !== undefined) where.push(`lower(operator_email) = ${param(f.email.toLowerCase())}`);
  if (f.workspaceId !== undefined) where.push(`workspace_id = ${param(f.workspaceId)}`);
  if (f.action !== undefined) where.push(`action = ${param(f.action)}`);
  if (f.via !== undefined) where.push(`via = ${param(f.via)}`);
  if (f.from !== undefined) where.push(`occurred_at_ms >= ${param(f.from * 1000)}`);
  if (f.to !== undefined) where.push(`occurred_at_ms < ${param((f.to + 1) * 1000)}`);
  if (f.before !== undefined) {
    where.push(`(occurred_at_ms, id) < (${param(f.before.occurredAtMs)}::bigint, ${param(f.before.id)}::bigint)`);
  }
  return db.query<AuditEntryRow>(
    `select * from audit_log ${where.length ? `where ${where.join(' and ')}` : ''}
     order by occurred_at_ms desc, id desc limit ${param(f.limit)} offset ${param(f.offset)}`,
    params,
  );
}

export async function findAuditEntry(db: Queryable, id: bigint): Promise<AuditEntryRow | undefined> {
  return (await db.query<AuditEntryRow>('select * from audit_log where id = $1', [id]))[0];
}

/** How many entries of `action` were written since `sinceMs` (the console's home page: keys released lately). */
export async function countAuditActionSince(db: Queryable, action: string, sinceMs: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from audit_log where action = $1 and occurred_at_ms >= $2',
    [action, sinceMs],
  );
  return Number(row?.n ?? 0);
}
