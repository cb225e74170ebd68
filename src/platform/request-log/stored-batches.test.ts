import { describe, expect, it } from 'vitest';
import { aRequestLogRow } from '../../../test/support/request-log-rows.js';
import type { RequestLogRow } from './entry.js';
import { entryLinesForm, requestIdNeedle, storedBatchesOf, storedEntriesOf } from './stored-batches.js';

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
    storedEntriesOf(b.entries).map((e) => e?.requestId),
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

  it('keeps every field of an entry but its workspace, read back as written', () => {
    const [batch] = storedBatchesOf([row('w1', 5, 'a', 422)]);
    const { workspaceId: _, ...rest } = row('w1', 5, 'a', 422);
    expect(storedEntriesOf(batch?.entries ?? '')).toEqual([rest]);
  });

  it('writes a line per entry after the form, each a positional array with its bodies as JSON', () => {
    const [batch] = storedBatchesOf([
      aRequestLogRow({
        workspaceId: 'w1',
        occurredAtMs: 5,
        requestId: 'r"1',
        method: 'POST',
        path: '/v1/deposits',
        query: 'a=1',
        idempotencyKey: 'k',
        requestBody: '{"amount":5}',
        requestBodyBytes: 12,
        responseBody: '{"id":"d"}',
        responseBodyBytes: 10,
      }),
    ]);
    expect(batch?.entries).toBe(
      `${entryLinesForm}\n[5,"POST","/v1/deposits","a=1",200,1,"r\\"1","k",null,{"amount":5},12,0,{"id":"d"},10,0]`,
    );
  });

  const bodies = (requestBody: string | null, requestBodyBytes: number | null, requestBodyOmitted: boolean) =>
    aRequestLogRow({
      workspaceId: 'w1',
      occurredAtMs: 1,
      requestId: 'b',
      requestBody,
      requestBodyBytes,
      requestBodyOmitted,
    });
  it.each([
    ['none', bodies(null, null, false), { requestBody: null, requestBodyBytes: null, requestBodyOmitted: false }],
    [
      'left out, its size kept',
      bodies(null, 900, true),
      { requestBody: null, requestBodyBytes: 900, requestBodyOmitted: true },
    ],
    [
      'the JSON null',
      bodies('null', 4, false),
      { requestBody: 'null', requestBodyBytes: 4, requestBodyOmitted: false },
    ],
    [
      'an array',
      bodies('[1,"x"]', 7, false),
      { requestBody: '[1,"x"]', requestBodyBytes: 7, requestBodyOmitted: false },
    ],
    [
      'sent indented: kept, on one line',
      bodies('{\n  "a": [1,\n 2]\n}', 19, false),
      { requestBody: '{"a":[1,2]}', requestBodyBytes: 19, requestBodyOmitted: false },
    ],
    [
      'with line feeds and not JSON: left out',
      bodies('{"a":\n', 6, false),
      { requestBody: null, requestBodyBytes: 6, requestBodyOmitted: true },
    ],
  ])('a body that is %s reads back as such', (_what, written, read) => {
    const [batch] = storedBatchesOf([written]);
    expect(storedEntriesOf(batch?.entries ?? '')[0]).toMatchObject(read);
  });

  it('a line that cannot be read costs its own entry only, and its place stays', () => {
    const [batch] = storedBatchesOf([row('w1', 1, 'a'), row('w1', 2, 'b'), row('w1', 3, 'c')]);
    const lines = (batch?.entries ?? '').split('\n');
    lines[2] = '[2,"GET", tru';
    expect(storedEntriesOf(lines.join('\n')).map((e) => e?.requestId)).toEqual(['a', undefined, 'c']);
  });

  it('reads rows written as an array of entries, before the lines', () => {
    const { workspaceId: _, ...entry } = row('w1', 5, 'a');
    expect(storedEntriesOf(JSON.stringify([entry]))).toEqual([entry]);
  });

  it('stores NaN and infinite numbers as null, as JSON.stringify would', () => {
    const [batch] = storedBatchesOf([
      aRequestLogRow({ workspaceId: 'w', occurredAtMs: 1, requestId: 'n', latencyMs: Number.NaN }),
    ]);
    expect(storedEntriesOf(batch?.entries ?? '')[0]?.latencyMs).toBeNull();
  });

  it('finds a request id only whole', () => {
    const [batch] = storedBatchesOf([row('w1', 5, 'req-12'), row('w1', 6, 'req-3')]);
    expect(batch?.requestIds.includes(requestIdNeedle('req-12'))).toBe(true);
    expect(batch?.requestIds.includes(requestIdNeedle('req-1'))).toBe(false);
    expect(batch?.requestIds.includes(requestIdNeedle('eq-3'))).toBe(false);
  });
});
