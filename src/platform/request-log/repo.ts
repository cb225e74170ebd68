import { limits } from '../../limits.js';
import type { Queryable } from '../../storage/db.js';
import type { RetentionTarget } from '../../storage/retention.js';
import type { RequestLogRow } from './entry.js';
import {
  type EntryFilters,
  entryIdText,
  matches,
  type PageOf,
  PageOfNewest,
  type PlacedEntry,
  parseEntryId,
  statusRange,
} from './search.js';
import { requestIdNeedle, type StoredEntry, storedBatchesOf, storedEntriesOf } from './stored-batches.js';

// The request log's SQL (migration 0047, one row per stored batch): the writer's insert, the dashboard's search and
// read, and the prune statement housekeeping runs (storage/retention.ts). What a search matches and how a page is
// put together from the batches is search.ts; how a writer's batch becomes rows is stored-batches.ts.

/**
 * The stored batches as one statement, each a row of plain text parameters: the entries' text goes as it is,
 * neither escaped into an array by node-postgres nor parsed by PostgreSQL (stored-batches.ts).
 */
export async function insertRequestLogBatch(db: Queryable, rows: readonly RequestLogRow[]): Promise<void> {
  if (rows.length === 0) return;
  const batches = storedBatchesOf(rows);
  const params: unknown[] = [];
  const values = batches.map((batch) => {
    const row = [
      batch.workspaceId,
      batch.firstAtMs,
      batch.lastAtMs,
      batch.entryCount,
      batch.errorCount,
      batch.requestIds,
      batch.entries,
    ];
    const placeholders = row.map((value) => {
      params.push(value);
      return `$${params.length}`;
    });
    return `(${placeholders.join(', ')})`;
  });
  await db.query(
    `insert into request_log_batches (workspace_id, first_at_ms, last_at_ms, entry_count, error_count, request_ids,
       entries) values ${values.join(', ')}`,
    params,
  );
}

/** An entry as a list shows it: everything but the bodies. */
export interface RequestLogSummary {
  /** The entry's id: its batch's and its place in it (search.ts, entryIdText). */
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

type Placed = StoredEntry & PlacedEntry;

const summaryOf = (entry: Placed): RequestLogSummary => ({
  id: entryIdText(entry),
  occurredAtMs: entry.occurredAtMs,
  method: entry.method,
  path: entry.path,
  query: entry.query,
  status: entry.status,
  latencyMs: entry.latencyMs,
  requestId: entry.requestId,
  idempotencyKey: entry.idempotencyKey,
  errorType: entry.errorType,
});

/** The dashboard's search of one workspace's log; every filter is optional, and they combine. */
export interface RequestLogSearch extends EntryFilters {
  readonly workspaceId: string;
  /** Entries per page: limits.requestLogPageSizeDefault when not given, at most limits.requestLogPageSizeMax. */
  readonly limit?: number | undefined;
}

export type RequestLogPage = PageOf<RequestLogSummary>;

interface BatchRow {
  id: bigint;
  last_at_ms: bigint;
  /** Null when the batch was looked at but cannot match (a request id not among its ids). */
  entries: string | null;
  [column: string]: unknown;
}

/** The greatest bigint: the keyset before the first read. */
const bigintMax = '9223372036854775807';

/**
 * One page of a workspace's log, newest first (search.ts). The workspace's batches are read newest first, a few
 * each statement (keyset on last_at_ms, id), and their entries filtered here, until the page is sure
 * (PageOfNewest.isComplete) or a budget is spent (then the page says where it stopped). A filter a batch's own
 * columns can answer is said in SQL: errors only along the partial index of batches with errors, a request id by
 * the batch's ids (its entries are not read unless it has it), a time range or a cursor as a range of last_at_ms
 * (a batch spans at most limits.requestLogBatchSpanMaxMs).
 */
export async function searchRequestLog(db: Queryable, search: RequestLogSearch): Promise<RequestLogPage> {
  const size = Math.min(Math.max(search.limit ?? limits.requestLogPageSizeDefault, 1), limits.requestLogPageSizeMax);
  const filters: EntryFilters = {
    requestId: search.requestId,
    pathPrefix: search.pathPrefix === '' ? undefined : search.pathPrefix,
    status: search.status,
    fromMs: search.fromMs,
    toMs: search.toMs,
    before: search.before,
  };
  const params: unknown[] = [bigintMax, bigintMax];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = [`workspace_id = ${param(search.workspaceId)}`, '(last_at_ms, id) < ($1::bigint, $2::bigint)'];
  if (search.status !== undefined && statusRange(search.status).from >= 400) where.push('error_count > 0');
  if (search.fromMs !== undefined) where.push(`last_at_ms >= ${param(search.fromMs)}`);
  // Entries before this instant (exclusive) only: the range's end, or the cursor's (an id: its millisecond too).
  const ends = [
    search.toMs,
    search.before && (search.before.id === undefined ? search.before.occurredAtMs : search.before.occurredAtMs + 1),
  ].filter((end): end is number => end !== undefined);
  const end = ends.length > 0 ? Math.min(...ends) : undefined;
  if (end !== undefined) {
    where.push(`first_at_ms < ${param(end)}`, `last_at_ms < ${param(end + limits.requestLogBatchSpanMaxMs)}`);
  }
  const wanted =
    search.requestId === undefined ? 'true' : `strpos(request_ids, ${param(requestIdNeedle(search.requestId))}) > 0`;
  const sql = `select id, last_at_ms, case when ${wanted} then entries end as entries from request_log_batches
    where ${where.join(' and ')} order by last_at_ms desc, id desc limit ${param(limits.requestLogSearchReadBatchCount)}`;

  const page = new PageOfNewest<Placed>(size);
  // The budget counts only rows that end before the range's end: a row that ends within a minute after it (read
  // again by the page after a partial one) is not counted, so that every partial page gets further back.
  let batchesRead = 0;
  let entriesRead = 0;
  for (;;) {
    const rows = await db.query<BatchRow>(sql, params);
    for (const row of rows) {
      const counted = end === undefined || Number(row.last_at_ms) < end;
      if (counted) batchesRead += 1;
      if (row.entries === null) continue;
      const batchId = Number(row.id);
      const stored = storedEntriesOf(row.entries);
      if (counted) entriesRead += stored.length;
      const found: Placed[] = [];
      stored.forEach((entry, position) => {
        if (entry === undefined) return;
        const placed = { ...entry, batchId, position };
        if (matches(placed, filters)) found.push(placed);
      });
      page.add(found);
    }
    const last = rows[rows.length - 1];
    if (last === undefined || rows.length < limits.requestLogSearchReadBatchCount) return summaries(page.page());
    const lastAtMs = Number(last.last_at_ms);
    if (page.isComplete(lastAtMs)) return summaries(page.page());
    if (batchesRead >= limits.requestLogSearchBatchesMax || entriesRead >= limits.requestLogSearchEntriesMax) {
      return summaries(page.partial(lastAtMs));
    }
    params[0] = String(last.last_at_ms);
    params[1] = String(last.id);
  }
}

const summaries = (page: PageOf<Placed>): RequestLogPage => ({ ...page, entries: page.entries.map(summaryOf) });

/** One entry of the workspace, with its bodies; undefined when the workspace has none by that id. */
export async function readRequestLogEntry(
  db: Queryable,
  workspaceId: string,
  id: string,
): Promise<RequestLogEntry | undefined> {
  const place = parseEntryId(id);
  if (place === undefined) return undefined;
  const [row] = await db.query<{ entries: string }>(
    'select entries from request_log_batches where workspace_id = $1 and id = $2',
    [workspaceId, place.batchId],
  );
  if (!row) return undefined;
  const entry = storedEntriesOf(row.entries)[place.position];
  if (entry === undefined) return undefined;
  return {
    ...summaryOf({ ...entry, ...place }),
    requestBody: entry.requestBody,
    requestBodyBytes: entry.requestBodyBytes,
    requestBodyOmitted: entry.requestBodyOmitted,
    responseBody: entry.responseBody,
    responseBodyBytes: entry.responseBodyBytes,
    responseBodyOmitted: entry.responseBodyOmitted,
  };
}

/**
 * Housekeeping's prune statement: the batches whose newest entry is older than REQUEST_LOG_RETENTION_DAYS, oldest
 * first along request_log_batches_last (an entry stays at most limits.requestLogBatchSpanMaxMs past its horizon).
 * Nothing refers to an entry, so a batch past its horizon always goes. Its figure, `requestLog`, counts the entries
 * removed (jobs/housekeeping/targets.ts, `prunedTables`), as the run record and GET /admin/v1/housekeeping show it.
 */
export const requestLogRetention: RetentionTarget<{ readonly requestsBeforeMs: number }> = {
  name: 'requestLog',
  sql: `with doomed as (
      select b.id, b.last_at_ms as at from request_log_batches b
      where b.last_at_ms < $1 and b.last_at_ms >= $3
      order by b.last_at_ms limit $2
      for update of b skip locked),
    gone as (delete from request_log_batches b using doomed where b.id = doomed.id returning b.entry_count)
    select (select count(*) from doomed) as candidates, (select max(at) from doomed) as reached,
      (select coalesce(sum(entry_count), 0) from gone) as "requestLog"`,
  params: (h) => [h.requestsBeforeMs],
};
