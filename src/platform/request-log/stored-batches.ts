import { limits } from '../../limits.js';
import type { RequestLogRow } from './entry.js';

// How the writer's batch is stored (migration 0047): one row per workspace, its entries in the order they arrived,
// cut where they would span more than limits.requestLogBatchSpanMaxMs, with what lets a search skip the row
// without reading its entries. One row per batch, not per request, is what keeps the log's cost on a keyed write
// within the 5% (docs/performance.md, "The partner request log's cost").
//
// The entries' text, in the form written now: a first line naming the form, then one entry per line, each a JSON
// array of its fields in the order of `entryFields`, its bodies as the JSON they are rather than as strings holding
// JSON. A third fewer bytes than an array of objects with escaped bodies (less for PostgreSQL to store and log), no
// second escaping of the bodies in the server, and an entry that cannot be read costs itself, not its batch. Rows
// written before this form (an array of objects, as migration 0047 copied the per-request table) are read too.

/** An entry as stored: a RequestLogRow less its workspaceId (the row has it). */
export type StoredEntry = Omit<RequestLogRow, 'workspaceId'>;

/** The first line of the entries' text in the form of one positional entry a line. */
export const entryLinesForm = 'entry-lines-1';

/** An entry line's fields, in order. */
export const entryFields = [
  'occurredAtMs',
  'method',
  'path',
  'query',
  'status',
  'latencyMs',
  'requestId',
  'idempotencyKey',
  'errorType',
  'requestBody',
  'requestBodyBytes',
  'requestBodyOmitted',
  'responseBody',
  'responseBodyBytes',
  'responseBodyOmitted',
] as const satisfies readonly (keyof StoredEntry)[];

/** One row of request_log_batches, as inserted. */
export interface StoredBatch {
  readonly workspaceId: string;
  readonly firstAtMs: number;
  readonly lastAtMs: number;
  readonly entryCount: number;
  readonly errorCount: number;
  /** Every entry's request id between line feeds: `\nid1\nid2\n`. */
  readonly requestIds: string;
  /** The entries' text: `entryLinesForm`, then a line per entry (entryLine). */
  readonly entries: string;
}

/** What a request id is searched as in `request_ids`: the id between line feeds (a request id holds none, app.ts). */
export const requestIdNeedle = (requestId: string): string => `\n${requestId}\n`;

/** The stored batches of a writer's batch: a workspace's entries together, oldest first, within the span. */
export function storedBatchesOf(
  rows: readonly RequestLogRow[],
  spanMaxMs: number = limits.requestLogBatchSpanMaxMs,
): StoredBatch[] {
  const byWorkspace = new Map<string, RequestLogRow[]>();
  for (const row of rows) {
    const held = byWorkspace.get(row.workspaceId);
    if (held) held.push(row);
    else byWorkspace.set(row.workspaceId, [row]);
  }
  const stored: StoredBatch[] = [];
  for (const [workspaceId, held] of byWorkspace) {
    // Stable: entries that arrived in the same millisecond keep the order they were answered in.
    held.sort((a, b) => a.occurredAtMs - b.occurredAtMs);
    let start = 0;
    for (let i = 1; i <= held.length; i++) {
      const first = held[start] as RequestLogRow;
      const row = held[i];
      if (row !== undefined && row.occurredAtMs - first.occurredAtMs <= spanMaxMs) continue;
      stored.push(storedBatch(workspaceId, held.slice(start, i)));
      start = i;
    }
  }
  return stored;
}

function storedBatch(workspaceId: string, rows: readonly RequestLogRow[]): StoredBatch {
  let errorCount = 0;
  let requestIds = '\n';
  let entries = entryLinesForm;
  for (const row of rows) {
    if (row.status >= 400) errorCount += 1;
    requestIds += `${row.requestId}\n`;
    entries += `\n${entryLine(row)}`;
  }
  return {
    workspaceId,
    firstAtMs: (rows[0] as RequestLogRow).occurredAtMs,
    lastAtMs: (rows[rows.length - 1] as RequestLogRow).occurredAtMs,
    entryCount: rows.length,
    errorCount,
    requestIds,
    entries,
  };
}

const text = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));
/** JSON has no NaN nor Infinity: such a number is stored as null, as JSON.stringify would. */
const number = (value: number | null) => (value !== null && Number.isFinite(value) ? String(value) : 'null');

/**
 * A kept body as the JSON it is, on one line. The bodies entry.ts keeps are JSON text (a request body as
 * JSON.stringify wrote it, an answer as the server sent it, masked); one with line feeds (an answer sent indented)
 * is written again compactly, and one that does not parse is left out as a body that is not JSON is (entry.ts).
 */
function bodyOf(body: string | null, omitted: boolean): { readonly json: string; readonly omitted: boolean } {
  if (body === null) return { json: 'null', omitted };
  if (!body.includes('\n')) return { json: body, omitted };
  try {
    return { json: JSON.stringify(JSON.parse(body)), omitted };
  } catch {
    return { json: 'null', omitted: true };
  }
}

/** One entry as a line: its fields in the order of entryFields. */
export function entryLine(row: RequestLogRow): string {
  const request = bodyOf(row.requestBody, row.requestBodyOmitted);
  const response = bodyOf(row.responseBody, row.responseBodyOmitted);
  return `[${number(row.occurredAtMs)},${text(row.method)},${text(row.path)},${text(row.query)},${number(row.status)},${number(row.latencyMs)},${text(row.requestId)},${text(row.idempotencyKey)},${text(row.errorType)},${request.json},${number(row.requestBodyBytes)},${request.omitted ? 1 : 0},${response.json},${number(row.responseBodyBytes)},${response.omitted ? 1 : 0}]`;
}

/** A stored body back as JSON text: kept when it has a size and was not left out (a kept body may be JSON null). */
const bodyText = (value: unknown, bytes: number | null, omitted: boolean): string | null =>
  omitted || bytes === null ? null : JSON.stringify(value);

/** An entry line read back; undefined when the line is not one. */
function entryOfLine(line: string): StoredEntry | undefined {
  let fields: unknown;
  try {
    fields = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!Array.isArray(fields) || fields.length !== entryFields.length) return undefined;
  const [occurredAtMs, method, path, query, status, latencyMs, requestId, idempotencyKey, errorType] = fields;
  const [requestBody, requestBodyBytes, requestBodyOmitted, responseBody, responseBodyBytes, responseBodyOmitted] =
    fields.slice(9);
  return {
    occurredAtMs,
    method,
    path,
    query,
    status,
    latencyMs,
    requestId,
    idempotencyKey,
    errorType,
    requestBody: bodyText(requestBody, requestBodyBytes, requestBodyOmitted === 1),
    requestBodyBytes,
    requestBodyOmitted: requestBodyOmitted === 1,
    responseBody: bodyText(responseBody, responseBodyBytes, responseBodyOmitted === 1),
    responseBodyBytes,
    responseBodyOmitted: responseBodyOmitted === 1,
  };
}

/**
 * A row's entries, in their places (an entry's id is its row's and its place): undefined where a line could not be
 * read. Either form: a line per entry, or a JSON array of entries (rows written before it).
 */
export function storedEntriesOf(entries: string): (StoredEntry | undefined)[] {
  if (!entries.startsWith(`${entryLinesForm}\n`)) return JSON.parse(entries) as StoredEntry[];
  return entries
    .slice(entryLinesForm.length + 1)
    .split('\n')
    .map(entryOfLine);
}
