import { limits } from '../../limits.js';
import type { Queryable } from '../../storage/db.js';
import { type RetentionTarget, retentionFigures } from '../../storage/retention.js';
import type { RequestLogRow } from './entry.js';
import { pathRange, type RequestLogCursor, type StatusFilter, statusRange } from './search.js';

// The request log's SQL (migrations/0045_request_log.sql): the writer's batch insert, the dashboard's search and read,
// and the prune statement housekeeping runs (storage/retention.ts).

/**
 * One batch as one statement: the rows travel as one JSON text, which json_to_recordset turns into rows whose
 * columns are named as RequestLogRow's fields. One JSON.stringify of the batch costs the server about 1 µs a row;
 * the same batch as sixteen arrays (`unnest($1::text[], ...)`) cost about 7 µs a row, node-postgres escaping every
 * element of every array in JavaScript, which the bench's pair of servers showed (docs/performance.md).
 */
const insertBatch = `insert into request_log (workspace_id, occurred_at_ms, method, path, query, status, latency_ms,
    request_id, idempotency_key, error_type, request_body, request_body_bytes, request_body_omitted, response_body,
    response_body_bytes, response_body_omitted)
  select "workspaceId", "occurredAtMs", method, path, query, status, "latencyMs", "requestId", "idempotencyKey",
    "errorType", "requestBody", "requestBodyBytes", "requestBodyOmitted", "responseBody", "responseBodyBytes",
    "responseBodyOmitted"
  from json_to_recordset($1::text::json) as r("workspaceId" text, "occurredAtMs" bigint, method text, path text,
    query text, status smallint, "latencyMs" real, "requestId" text, "idempotencyKey" text, "errorType" text,
    "requestBody" text, "requestBodyBytes" bigint, "requestBodyOmitted" boolean, "responseBody" text,
    "responseBodyBytes" bigint, "responseBodyOmitted" boolean)`;

export async function insertRequestLogBatch(db: Queryable, rows: readonly RequestLogRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(insertBatch, [JSON.stringify(rows)]);
}

/** An entry as a list shows it: everything but the bodies. */
export interface RequestLogSummary {
  /** The entry's id (a bigint, as text). */
  readonly id: string;
  readonly occurredAtMs: number;
  readonly method: string;
  readonly path: string;
  readonly query: string | null;
  readonly status: number;
  readonly latencyMs: number;
  readonly requestId: string;
  readonly idempotencyKey: string | null;
  readonly errorType: string | null;
}

/** An entry read by its id: with the bodies as kept (masked JSON text), their sizes and whether each was left out. */
export interface RequestLogEntry extends RequestLogSummary {
  readonly requestBody: string | null;
  readonly requestBodyBytes: number | null;
  readonly requestBodyOmitted: boolean;
  readonly responseBody: string | null;
  readonly responseBodyBytes: number | null;
  readonly responseBodyOmitted: boolean;
}

interface SummaryRow {
  id: bigint;
  occurred_at_ms: bigint;
  method: string;
  path: string;
  query: string | null;
  status: number;
  latency_ms: number;
  request_id: string;
  idempotency_key: string | null;
  error_type: string | null;
  [column: string]: unknown;
}

interface EntryRow extends SummaryRow {
  request_body: string | null;
  request_body_bytes: bigint | null;
  request_body_omitted: boolean;
  response_body: string | null;
  response_body_bytes: bigint | null;
  response_body_omitted: boolean;
}

const summaryColumns =
  'id, occurred_at_ms, method, path, query, status, latency_ms, request_id, idempotency_key, error_type';

const summaryOf = (row: SummaryRow): RequestLogSummary => ({
  id: String(row.id),
  occurredAtMs: Number(row.occurred_at_ms),
  method: row.method,
  path: row.path,
  query: row.query,
  status: Number(row.status),
  latencyMs: Number(row.latency_ms),
  requestId: row.request_id,
  idempotencyKey: row.idempotency_key,
  errorType: row.error_type,
});

const sizeOf = (bytes: bigint | null) => (bytes === null ? null : Number(bytes));

const entryOf = (row: EntryRow): RequestLogEntry => ({
  ...summaryOf(row),
  requestBody: row.request_body,
  requestBodyBytes: sizeOf(row.request_body_bytes),
  requestBodyOmitted: row.request_body_omitted,
  responseBody: row.response_body,
  responseBodyBytes: sizeOf(row.response_body_bytes),
  responseBodyOmitted: row.response_body_omitted,
});

/** The dashboard's search of one workspace's log; every filter is optional, and they combine. */
export interface RequestLogSearch {
  readonly workspaceId: string;
  /** The X-Request-Id, exactly. */
  readonly requestId?: string | undefined;
  /** The path starts with this (the path alone: the query string is not searched). */
  readonly pathPrefix?: string | undefined;
  /** An exact status (404), or a class ('4xx'). */
  readonly status?: StatusFilter | undefined;
  /** Unix ms: from inclusive, to exclusive. */
  readonly fromMs?: number | undefined;
  readonly toMs?: number | undefined;
  /** Keyset: only entries older than this one (the last of the page before: search.ts, cursorOf). */
  readonly before?: RequestLogCursor | undefined;
  /** Entries per page: limits.requestLogPageSizeDefault when not given, at most limits.requestLogPageSizeMax. */
  readonly limit?: number | undefined;
}

export interface RequestLogPage {
  readonly entries: readonly RequestLogSummary[];
  /** Where the next page starts (pass it as `before`); undefined on the last page. */
  readonly next: RequestLogCursor | undefined;
}

/**
 * One page of a workspace's log, newest first (occurred_at_ms, then id, descending). One more entry than the page
 * is read to know whether another page follows. A filter of errors only (a status of 400 or more) says so in the
 * statement's text, so that the partial index of errors can serve it whatever the parameters.
 */
export async function searchRequestLog(db: Queryable, search: RequestLogSearch): Promise<RequestLogPage> {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = [`workspace_id = ${param(search.workspaceId)}`];
  if (search.requestId !== undefined) where.push(`request_id = ${param(search.requestId)}`);
  if (search.pathPrefix !== undefined && search.pathPrefix !== '') {
    const range = pathRange(search.pathPrefix);
    where.push(
      `path collate "C" >= ${param(range.from)} and path collate "C" < ${param(range.below)}`,
      `starts_with(path, ${param(search.pathPrefix)})`,
    );
  }
  if (search.status !== undefined) {
    const range = statusRange(search.status);
    where.push(`status >= ${param(range.from)} and status < ${param(range.below)}`);
    if (range.from >= 400) where.push('status >= 400');
  }
  if (search.fromMs !== undefined) where.push(`occurred_at_ms >= ${param(search.fromMs)}`);
  if (search.toMs !== undefined) where.push(`occurred_at_ms < ${param(search.toMs)}`);
  if (search.before !== undefined) {
    where.push(
      `(occurred_at_ms, id) < (${param(search.before.occurredAtMs)}::bigint, ${param(search.before.id)}::bigint)`,
    );
  }
  const size = Math.min(Math.max(search.limit ?? limits.requestLogPageSizeDefault, 1), limits.requestLogPageSizeMax);
  const rows = await db.query<SummaryRow>(
    `select ${summaryColumns} from request_log where ${where.join(' and ')}
     order by occurred_at_ms desc, id desc limit ${param(size + 1)}`,
    params,
  );
  const entries = rows.slice(0, size).map(summaryOf);
  const last = entries[entries.length - 1];
  return {
    entries,
    next: rows.length > size && last ? { occurredAtMs: last.occurredAtMs, id: last.id } : undefined,
  };
}

/** One entry of the workspace, with its bodies; undefined when the workspace has none by that id. */
export async function readRequestLogEntry(
  db: Queryable,
  workspaceId: string,
  id: string,
): Promise<RequestLogEntry | undefined> {
  if (!/^\d{1,18}$/.test(id)) return undefined;
  const [row] = await db.query<EntryRow>('select * from request_log where workspace_id = $1 and id = $2::bigint', [
    workspaceId,
    id,
  ]);
  return row && entryOf(row);
}

/**
 * Housekeeping's prune statement: entries older than REQUEST_LOG_RETENTION_DAYS, oldest first along
 * request_log_occurred. Nothing refers to an entry, so an entry past its horizon always goes. Its figure is named
 * `requestLog`, one of the reported tables (jobs/housekeeping/targets.ts, `prunedTables`): the run record and
 * GET /admin/v1/housekeeping count it.
 */
export const requestLogRetention: RetentionTarget<{ readonly requestsBeforeMs: number }> = {
  name: 'requestLog',
  sql: `with doomed as (
      select r.id, r.occurred_at_ms as at from request_log r
      where r.occurred_at_ms < $1 and r.occurred_at_ms >= $3
      order by r.occurred_at_ms limit $2
      for update of r skip locked),
    gone as (delete from request_log r using doomed where r.id = doomed.id returning 1)
    ${retentionFigures({ requestLog: 'gone' })}`,
  params: (h) => [h.requestsBeforeMs],
};
