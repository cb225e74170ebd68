import { validation } from '../../domain/errors.js';
import type { AmlResolution, AmlScreeningStatus } from '../../domain/states/aml-screening-status.js';
import { limits } from '../../limits.js';
import type { ListMatch, ScreenedList } from '../../providers/screening/screening-provider.js';
import type { Queryable } from '../../storage/db.js';
import { SqlParams } from '../../storage/sql-params.js';

export interface ScreeningSubjectFields {
  firstName?: string;
  middleName?: string;
  lastName?: string;
  businessName?: string;
  dateOfBirth?: string;
  country?: string;
}

export interface ScreeningRow {
  id: string;
  workspace_id: string;
  account_id: string | null;
  user_email: string | null;
  entity_type: 'INDIVIDUAL' | 'BUSINESS';
  /** As sent, the date of birth sealed (platform/secrets/sensitive.ts; service.ts seals it). */
  subject: ScreeningSubjectFields;
  status: AmlScreeningStatus;
  matches: ListMatch[];
  lists: ScreenedList[];
  resolution_note: string | null;
  resolved_at_ms: string | number | null;
  created_at_ms: string | number;
  updated_at_ms: string | number;
  [column: string]: unknown;
}

export async function insertScreening(tx: Queryable, row: ScreeningRow): Promise<void> {
  await tx.query(
    `insert into aml_screenings (id, workspace_id, account_id, user_email, entity_type, subject, status, matches, lists,
       created_at_ms, updated_at_ms)
     values ($1, $2, $3, $4, $5, $6::text::jsonb, $7, $8::text::jsonb, $9::text::jsonb, $10, $10)`,
    [
      row.id,
      row.workspace_id,
      row.account_id,
      row.user_email,
      row.entity_type,
      JSON.stringify(row.subject),
      row.status,
      JSON.stringify(row.matches),
      JSON.stringify(row.lists),
      row.created_at_ms,
    ],
  );
}

/** A screening by id, in any workspace (the caller tells 404 from 401); `forUpdate` locks it for a resolution. */
export async function findScreening(db: Queryable, id: string, forUpdate = false): Promise<ScreeningRow | undefined> {
  const rows = await db.query<ScreeningRow>(
    `select * from aml_screenings where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0];
}

export async function resolveScreeningRow(
  tx: Queryable,
  id: string,
  status: AmlResolution,
  note: string | undefined,
  nowMs: number,
): Promise<ScreeningRow> {
  const [row] = await tx.query<ScreeningRow>(
    `update aml_screenings set status = $2, resolution_note = $3, resolved_at_ms = $4, updated_at_ms = $4
     where id = $1 returning *`,
    [id, status, note ?? null, nowMs],
  );
  if (!row) throw new Error(`screening ${id} vanished while locked`);
  return row;
}

export interface ScreeningFilters {
  status?: readonly AmlScreeningStatus[] | undefined;
  entityType?: 'INDIVIDUAL' | 'BUSINESS' | undefined;
  userEmail?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
  limit?: number | undefined;
  page?: number | undefined;
}

/** Newest first (createdAt, then id); one workspace's, or every workspace's for operators (workspaceId undefined). */
export async function listScreenings(
  db: Queryable,
  workspaceId: string | undefined,
  filters: ScreeningFilters,
): Promise<ScreeningRow[]> {
  if (filters.from !== undefined && filters.to !== undefined && filters.from > filters.to) {
    throw validation('from must not be after to');
  }
  const p = new SqlParams();
  const where: string[] = [];
  if (workspaceId !== undefined) where.push(`workspace_id = ${p.add(workspaceId)}`);
  if (filters.status !== undefined && filters.status.length > 0) {
    where.push(`status in (${filters.status.map((s) => p.add(s)).join(', ')})`);
  }
  if (filters.entityType !== undefined) where.push(`entity_type = ${p.add(filters.entityType)}`);
  if (filters.userEmail !== undefined) where.push(`user_email = ${p.add(filters.userEmail.trim().toLowerCase())}`);
  if (filters.from !== undefined) where.push(`created_at_ms >= ${p.add(filters.from * 1000, 'bigint')}`);
  if (filters.to !== undefined) where.push(`created_at_ms < ${p.add((filters.to + 1) * 1000, 'bigint')}`);
  const limit = filters.limit ? filters.limit : limits.listPageSizeDefault;
  const offset = limit * (filters.page ?? 0);
  return db.query<ScreeningRow>(
    `select * from aml_screenings ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
     order by created_at_ms desc, id desc limit ${p.add(limit, 'integer')} offset ${p.add(offset, 'bigint')}`,
    p.values,
  );
}
