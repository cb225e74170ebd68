import { describe, expect, it } from 'vitest';
import { aRequestLogRow } from '../../../test/support/request-log-rows.js';
import type { RequestLogRow } from './entry.js';
import { requestIdNeedle, storedBatchesOf } from './stored-batches.js';

const row = (workspaceId: string, occurredAtMs: number, requestId: string, status = 200): RequestLogRow =>
  aRequestLogRow({
    workspaceId,
    occurredAtMs,
    requestId,
    status,
    latencyMs: 1.5,
    errorType: status >= 400 ? 'ValidationError' : null,
    responseBody: '{"data":[]}',
    responseBodyBytes: 11,
  });

/** What a stored batch says, without its entries' text. */
const outline = (rows: readonly RequestLogRow[], spanMaxMs = 60_000) =>
  storedBatchesOf(rows, spanMaxMs).map((b) => [
    b.workspaceId,
    b.firstAtMs,
    b.lastAtMs,
    b.entryCount,
    b.errorCount,
    b.requestIds,
    (JSON.parse(b.entries) as { requestId: string }[]).map((e) => e.requestId),
  ]);

describe("a writer's batch as stored rows", () => {
  it.each([
    ['nothing', [], []],
    ['one entry', [row('w1', 5, 'a')], [['w1', 5, 5, 1, 0, '\na\n', ['a']]]],
    [
      'a row per workspace, in the order each first came',
      [row('w1', 5, 'a'), row('w2', 6, 'b', 404), row('w1', 7, 'c', 500)],
      [
        ['w1', 5, 7, 2, 1, '\na\nc\n', ['a', 'c']],
        ['w2', 6, 6, 1, 1, '\nb\n', ['b']],
      ],
    ],
    [
      'oldest first, entries of one millisecond in the order they came',
      [row('w1', 9, 'late'), row('w1', 4, 'x'), row('w1', 4, 'y')],
      [['w1', 4, 9, 3, 0, '\nx\ny\nlate\n', ['x', 'y', 'late']]],
    ],
    [
      'cut where the span would pass its bound (10 ms here)',
      [row('w1', 0, 'a'), row('w1', 10, 'b'), row('w1', 11, 'c'), row('w1', 21, 'd'), row('w1', 22, 'e')],
      [
        ['w1', 0, 10, 2, 0, '\na\nb\n', ['a', 'b']],
        ['w1', 11, 21, 2, 0, '\nc\nd\n', ['c', 'd']],
        ['w1', 22, 22, 1, 0, '\ne\n', ['e']],
      ],
    ],
  ] as const)('%s', (_what, rows, expected) => {
    expect(outline(rows, 10)).toEqual(expected);
  });

  it('keeps every field of an entry but its workspace', () => {
    const [batch] = storedBatchesOf([row('w1', 5, 'a', 422)]);
    const { workspaceId: _, ...rest } = row('w1', 5, 'a', 422);
    expect(JSON.parse(batch?.entries ?? '')).toEqual([rest]);
  });

  it('finds a request id only whole', () => {
    const [batch] = storedBatchesOf([row('w1', 5, 'req-12'), row('w1', 6, 'req-3')]);
    expect(batch?.requestIds.includes(requestIdNeedle('req-12'))).toBe(true);
    expect(batch?.requestIds.includes(requestIdNeedle('req-1'))).toBe(false);
    expect(batch?.requestIds.includes(requestIdNeedle('eq-3'))).toBe(false);
  });
});
