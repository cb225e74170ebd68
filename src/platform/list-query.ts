import { Type } from 'typebox';
import { validation } from '../domain/errors.js';
import { decimalOfNumber } from '../domain/money/amount.js';
import type { Queryable, Row } from '../storage/db.js';
import { Email, Obj } from './schema.js';

// The list and count conventions shared by deposits, withdrawals and orders: the same filters, a bare array sorted
// newest first (createdAt, then id, descending), pages counted from 0.

export const pageSizeDefault = 50;
export const pageSizeMax = 500;

const filterProperties = (statuses: readonly string[]) => ({
  currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3,5}$' })),
  minAmount: Type.Optional(Type.Number({ minimum: 0, description: 'Major units, compared with the expected amount' })),
  maxAmount: Type.Optional(Type.Number({ minimum: 0 })),
  from: Type.Optional(Type.Integer({ minimum: 0, description: 'Unix seconds, inclusive' })),
  to: Type.Optional(Type.Integer({ minimum: 0, description: 'Unix seconds, inclusive' })),
  userEmail: Type.Optional(Email),
  search: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, description: 'Prefix of an id, reference or email' }),
  ),
  status: Type.Optional(
    Type.Array(Type.Enum([...statuses]), {
      description: 'One value, or repeated for several',
      maxItems: statuses.length,
    }),
  ),
});

export const listQuerySchema = (statuses: readonly string[]) =>
  Obj({
    ...filterProperties(statuses),
    limit: Type.Optional(
      Type.Integer({ minimum: 0, maximum: pageSizeMax, description: `Page size; 0 or absent: ${pageSizeDefault}` }),
    ),
    page: Type.Optional(Type.Integer({ minimum: 0, description: 'Page number, from 0' })),
  });

/** Counts take the filters only: limit and page are not filters. */
export const countQuerySchema = (statuses: readonly string[]) => Obj(filterProperties(statuses));

export interface ListFilters {
  currency?: string | undefined;
  minAmount?: number | undefined;
  maxAmount?: number | undefined;
  from?: number | undefined;
  to?: number | undefined;
  userEmail?: string | undefined;
  search?: string | undefined;
  status?: readonly string[] | undefined;
  limit?: number | undefined;
  page?: number | undefined;
}

export interface FilterColumns {
  readonly currency: string;
  readonly amountMajor: string;
  readonly createdAtMs: string;
  readonly email: string;
  readonly status: string;
  /** Columns matched by prefix for `search`, each with a text_pattern_ops index. */
  readonly searchable: readonly string[];
}

/** The WHERE clause (after `workspace_id = $1`) and its parameters for the filters. */
export function filterSql(filters: ListFilters, columns: FilterColumns, firstParam = 2) {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${firstParam + params.length - 1}`;
  };
  if (filters.minAmount !== undefined && filters.maxAmount !== undefined && filters.minAmount > filters.maxAmount) {
    throw validation('minAmount must not exceed maxAmount');
  }
  if (filters.from !== undefined && filters.to !== undefined && filters.from > filters.to) {
    throw validation('from must not be after to');
  }
  if (filters.currency !== undefined) clauses.push(`${columns.currency} = ${param(filters.currency)}`);
  if (filters.minAmount !== undefined)
    clauses.push(`${columns.amountMajor} >= ${param(decimalOfNumber(filters.minAmount))}::numeric`);
  if (filters.maxAmount !== undefined)
    clauses.push(`${columns.amountMajor} <= ${param(decimalOfNumber(filters.maxAmount))}::numeric`);
  if (filters.from !== undefined) clauses.push(`${columns.createdAtMs} >= ${param(filters.from * 1000)}`);
  if (filters.to !== undefined) clauses.push(`${columns.createdAtMs} < ${param((filters.to + 1) * 1000)}`);
  if (filters.userEmail !== undefined) clauses.push(`${columns.email} = ${param(filters.userEmail.toLowerCase())}`);
  if (filters.status !== undefined && filters.status.length > 0) {
    clauses.push(`${columns.status} = any(${param([...filters.status])}::text[])`);
  }
  if (filters.search !== undefined) {
    const pattern = param(`${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    clauses.push(`(${columns.searchable.map((c) => `${c} like ${pattern}`).join(' or ')})`);
  }
  return { where: clauses.length ? ` and ${clauses.join(' and ')}` : '', params };
}

export function pageOf(filters: ListFilters): { limit: number; offset: number } {
  const limit = filters.limit ? filters.limit : pageSizeDefault;
  return { limit, offset: limit * (filters.page ?? 0) };
}

/** What a list reads: its FROM clause and the alias prefix of its columns ('' or 'p.'). */
export interface ListSource {
  readonly select: string;
  readonly from: string;
  readonly prefix: string;
  readonly columns: FilterColumns;
}

/** One page, newest first (createdAt, then id, descending), of the workspace's rows matching the filters. */
export function listPage<T extends Row>(
  db: Queryable,
  source: ListSource,
  workspaceId: string,
  filters: ListFilters,
): Promise<T[]> {
  const { where, params } = filterSql(filters, source.columns);
  const { limit, offset } = pageOf(filters);
  const p = source.prefix;
  return db.query<T>(
    `select ${source.select} from ${source.from} where ${p}workspace_id = $1${where}
     order by ${p}created_at_ms desc, ${p}id desc limit ${limit} offset ${offset}`,
    [workspaceId, ...params],
  );
}

export async function countMatching(
  db: Queryable,
  source: ListSource,
  workspaceId: string,
  filters: ListFilters,
): Promise<number> {
  const { where, params } = filterSql(filters, source.columns);
  const rows = await db.query<{ n: bigint }>(
    `select count(*) as n from ${source.from} where ${source.prefix}workspace_id = $1${where}`,
    [workspaceId, ...params],
  );
  return Number(rows[0]?.n ?? 0);
}
