import { Type } from 'typebox';
import { limits } from '../limits.js';
import type { Queryable, Row } from '../storage/db.js';
import { distinct, type FilterColumns, filterSql, type ListFilters, onlyDayCountable } from './list-filters.js';
import { CurrencyFilter, Email, Obj } from './schema.js';

// The list and count conventions shared by deposits, withdrawals and orders: the same filters (mapped to SQL in
// list-filters.ts), a bare array sorted newest first (createdAt, then id, descending), pages counted from 0.

/** The page size of these lists and of the thread and audit lists (limits.ts), as their schemas import it. */
export const pageSizeDefault = limits.listPageSizeDefault;
export const pageSizeMax = limits.listPageSizeMax;

// The query parameters every list shares, each bounded at both ends: a query string is text, coerced to a number
// by Ajv, and `1e20` or `1e309` (Infinity) is an integer to it. Unbounded, such a value reached the SQL and failed
// there (a bigint out of range), answered 503 as an outage; bounded, it is the client's 400 ValidationError naming
// the parameter. The bounds are in limits.ts; test/api/query-bounds.test.ts holds every numeric query parameter of
// the served document to having them.

/** A list's window, `from` or `to`: Unix seconds (spec, Conventions 2), inclusive. */
export const UnixSecondsFilter = (description = 'Unix seconds, inclusive') =>
  Type.Integer({ minimum: 0, maximum: limits.unixTimeMaxSeconds, description });

/** minAmount, maxAmount: major units (spec: List conventions 1). */
export const AmountFilter = (description?: string) =>
  Type.Number({ minimum: 0, maximum: limits.amountFilterMax, ...(description === undefined ? {} : { description }) });

/** `limit`: the page size, 0 or absent for the default. */
export const PageSize = () =>
  Type.Integer({ minimum: 0, maximum: pageSizeMax, description: `Page size; 0 or absent: ${pageSizeDefault}` });

/** `page`: the page number, from 0. */
export const PageNumber = () =>
  Type.Integer({ minimum: 0, maximum: limits.listPageMax, description: 'Page number, from 0' });

const filterProperties = (statuses: readonly string[]) => ({
  currency: Type.Optional(CurrencyFilter()),
  minAmount: Type.Optional(AmountFilter('Major units, compared with the expected amount')),
  maxAmount: Type.Optional(AmountFilter()),
  from: Type.Optional(UnixSecondsFilter()),
  to: Type.Optional(UnixSecondsFilter()),
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
  Obj({ ...filterProperties(statuses), limit: Type.Optional(PageSize()), page: Type.Optional(PageNumber()) });

/** Counts take the filters only: limit and page are not filters. */
export const countQuerySchema = (statuses: readonly string[]) => Obj(filterProperties(statuses));

export function pageOf(filters: ListFilters): { limit: number; offset: number } {
  const limit = filters.limit ? filters.limit : pageSizeDefault;
  // A page far past any data is empty, not an error: beyond 2^53 the product would print as 1e+21 in the SQL.
  return { limit, offset: Math.min(limit * (filters.page ?? 0), Number.MAX_SAFE_INTEGER) };
}

/**
 * What a list reads, declared as data by its resource: its select list, its FROM clause, the alias prefix of its
 * columns ('' or 'p.') and the columns its filters apply to.
 */
export interface ListSource {
  readonly select: string;
  readonly from: string;
  readonly prefix: string;
  readonly columns: FilterColumns;
  /** It has an index on (workspace_id, status, created_at_ms desc, id desc): see listPage. */
  readonly statusIndexed?: boolean;
  /**
   * Exact counts per (workspace_id, status, day) of rows created that UTC day (day = created_at_ms / 86,400,000):
   * `counters` (n per shard) plus `deltas` (n per change), which triggers append in the transaction of every change
   * and a fold moves into the counters; their sum is the count. See countMatching.
   */
  readonly dayCounts?: { readonly counters: string; readonly deltas: string };
}

const order = (p: string) => `order by ${p}created_at_ms desc, ${p}id desc`;

/**
 * One page, newest first (createdAt, then id, descending), of the workspace's rows matching the filters. With
 * several statuses on a source with a status index, each status is its own ordered index scan that stops after
 * offset + limit rows, and PostgreSQL merges them (Merge Append): one scan with `= any` would read the whole window
 * and sort it (PostgreSQL 17 keeps index order for `= any`; 15 does not).
 */
export function listPage<T extends Row>(
  db: Queryable,
  source: ListSource,
  workspaceId: string,
  filters: ListFilters,
): Promise<T[]> {
  const { limit, offset } = pageOf(filters);
  const p = source.prefix;
  const statuses = distinct(filters.status);
  if (source.statusIndexed && statuses.length > 1) {
    const { where, params } = filterSql({ ...filters, status: undefined }, source.columns);
    const branches = statuses.map(
      (_, i) =>
        `(select ${source.select} from ${source.from} where ${p}workspace_id = $1${where}
          and ${source.columns.status} = $${params.length + 2 + i} ${order(p)} limit ${limit + offset})`,
    );
    return db.query<T>(
      `select * from (${branches.join(' union all ')}) page ${order('')} limit ${limit} offset ${offset}`,
      [workspaceId, ...params, ...statuses],
    );
  }
  const { where, params } = filterSql(filters, source.columns);
  return db.query<T>(
    `select ${source.select} from ${source.from} where ${p}workspace_id = $1${where}
     ${order(p)} limit ${limit} offset ${offset}`,
    [workspaceId, ...params],
  );
}

const dayMs = 86_400_000;

/**
 * The number of the workspace's rows matching the filters. When the filters are at most statuses and a time window
 * and the source keeps day counts, the whole UTC days inside the window are summed from that table and only the
 * two partial days at its edges are counted in the index: a 30-day count reads some 30 rows per status and shard
 * instead of every matching index entry. It is exact: the counts change in the same transactions as the rows, and
 * one statement reads both with one snapshot.
 */
export async function countMatching(
  db: Queryable,
  source: ListSource,
  workspaceId: string,
  filters: ListFilters,
): Promise<number> {
  const { where, params } = filterSql(filters, source.columns);
  const p = source.prefix;
  const count = (extra = '') => `(select count(*) from ${source.from} where ${p}workspace_id = $1${where}${extra})`;
  const dayCounts = source.dayCounts;
  const days = dayCounts === undefined ? undefined : wholeDays(filters);
  if (dayCounts === undefined || days === undefined) {
    const rows = await db.query<{ n: bigint }>(`select ${count()} as n`, [workspaceId, ...params]);
    return Number(rows[0]?.n ?? 0);
  }
  // $1 is the workspace, then the filters' parameters, then these three.
  const [first, end, statuses] = [2, 3, 4].map((i) => `$${params.length + i}`);
  const created = source.columns.createdAtMs;
  const status = filters.status?.length ? ` and status = any(${statuses}::text[])` : '';
  const inWholeDays = (table: string) => `select n from ${table} where workspace_id = $1${status}
    and day >= ${first}::bigint / ${dayMs} and day < ${end}::bigint / ${dayMs}`;
  const rows = await db.query<{ n: bigint }>(
    `select coalesce((select sum(n) from (${inWholeDays(dayCounts.counters)}
       union all ${inWholeDays(dayCounts.deltas)}) days)::bigint, 0)
       + ${count(` and ${created} < ${first}`)} + ${count(` and ${created} >= ${end}`)} as n`,
    [workspaceId, ...params, days.first, days.end, ...(status ? [[...(filters.status ?? [])]] : [])],
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * The whole UTC days a count's window covers, as [first, end) in milliseconds; undefined when the filters are not
 * only statuses and a window, or the window holds no whole day.
 */
function wholeDays(filters: ListFilters): { first: number; end: number } | undefined {
  const { from, to } = filters;
  if (!onlyDayCountable(filters)) return undefined;
  // The window is [from, to + 1) seconds; open ends reach the first and the last day there can be.
  const first = from === undefined ? 0 : Math.ceil((from * 1000) / dayMs) * dayMs;
  const end = to === undefined ? 4_102_444_800_000 : Math.floor(((to + 1) * 1000) / dayMs) * dayMs;
  return first < end ? { first, end } : undefined;
}
