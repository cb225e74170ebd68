import { limits } from '../../limits.js';
import type { RequestLogRow } from './entry.js';

// How the writer's batch is stored (migration 0047): one row per workspace, its entries in the order they arrived,
// cut where they would span more than limits.requestLogBatchSpanMaxMs, with what lets a search skip the row
// without reading its entries. One row per batch, not per request, is what keeps the log's cost on a keyed write
// within the 5% (docs/performance.md, "The partner request log's cost").

/** One row of request_log_batches, as inserted. */
export interface StoredBatch {
  readonly workspaceId: string;
  readonly firstAtMs: number;
  readonly lastAtMs: number;
  readonly entryCount: number;
  readonly errorCount: number;
  /** Every entry's request id between line feeds: `\nid1\nid2\n`. */
  readonly requestIds: string;
  /** The entries as a JSON array, each without its workspaceId (the row has it). */
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
  const requestIds: string[] = [];
  const entries = rows.map(({ workspaceId: _, ...entry }) => {
    if (entry.status >= 400) errorCount += 1;
    requestIds.push(entry.requestId);
    return entry;
  });
  return {
    workspaceId,
    firstAtMs: (rows[0] as RequestLogRow).occurredAtMs,
    lastAtMs: (rows[rows.length - 1] as RequestLogRow).occurredAtMs,
    entryCount: rows.length,
    errorCount,
    requestIds: `\n${requestIds.join('\n')}\n`,
    entries: JSON.stringify(entries),
  };
}
