import { describe, expect, it } from 'vitest';
import {
  cursorText,
  type EntryFilters,
  entryIdText,
  matches,
  newestFirst,
  PageOfNewest,
  type PlacedEntry,
  parseCursor,
  parseEntryId,
  parseStatusFilter,
  statusRange,
} from './search.js';

describe('the status filter', () => {
  it.each([
    ['404', 404],
    [' 4XX ', '4xx'],
    ['2xx', '2xx'],
    ['5xx', '5xx'],
    ['600', undefined],
    ['99', undefined],
    ['6xx', undefined],
    ['4x', undefined],
    ['', undefined],
  ])('%j reads as %j', (text, filter) => {
    expect(parseStatusFilter(text)).toEqual(filter);
  });

  it.each([
    [404, { from: 404, below: 405 }],
    ['4xx', { from: 400, below: 500 }],
    ['5xx', { from: 500, below: 600 }],
    ['2xx', { from: 200, below: 300 }],
  ] as const)('%j matches %j', (filter, range) => {
    expect(statusRange(filter)).toEqual(range);
  });
});

describe('the cursor and the entry id', () => {
  it.each([
    [{ occurredAtMs: 1_764_000_000_123, id: '42-7' }, '1764000000123.42-7'],
    [{ occurredAtMs: 1_764_000_000_123 }, '1764000000123'],
  ])('%j goes to %j and back', (cursor, text) => {
    expect(cursorText(cursor)).toBe(text);
    expect(parseCursor(text)).toEqual(cursor);
  });

  it.each(['', '1.2', '1.2.3', 'a.1-1', '1.a-1', '-1.2-1', '1.2-', `1.${'9'.repeat(16)}-1`, '1.2-123456'])(
    '%j is no cursor',
    (text) => {
      expect(parseCursor(text)).toBeUndefined();
    },
  );

  it.each([
    ['8123-17', { batchId: 8123, position: 17 }],
    ['0-0', { batchId: 0, position: 0 }],
    ['8123', undefined],
    ['8123-', undefined],
    ['not-an-id', undefined],
    ['1-2-3', undefined],
  ])('the entry id %j reads as %j', (text, place) => {
    expect(parseEntryId(text)).toEqual(place);
    if (place) expect(entryIdText(place)).toBe(text);
  });
});

const entry = (occurredAtMs: number, batchId: number, position: number, more: Partial<PlacedEntry> = {}) => ({
  occurredAtMs,
  batchId,
  position,
  path: '/v1/orders',
  status: 200,
  requestId: `r-${batchId}-${position}`,
  ...more,
});

describe('the order and the filters', () => {
  it('is newest first by arrival, then by batch, then by place', () => {
    const entries = [entry(5, 1, 0), entry(7, 1, 1), entry(7, 2, 0), entry(5, 1, 1), entry(6, 3, 4)];
    expect([...entries].sort(newestFirst).map(entryIdText)).toEqual(['2-0', '1-1', '3-4', '1-1', '1-0']);
  });

  it.each([
    // [what, filters, does entry(100, 5, 3) match]
    ['no filter', {}, true],
    ['its request id', { requestId: 'r-5-3' }, true],
    ['a request id that is a prefix of its own', { requestId: 'r-5-' }, false],
    ['a path prefix', { pathPrefix: '/v1/ord' }, true],
    ['another path', { pathPrefix: '/v1/deposits' }, false],
    ['its status', { status: 200 }, true],
    ['its class', { status: '2xx' }, true],
    ['another class', { status: '4xx' }, false],
    ['from its instant', { fromMs: 100 }, true],
    ['from after it', { fromMs: 101 }, false],
    ['to its instant (exclusive)', { toMs: 100 }, false],
    ['to after it', { toMs: 101 }, true],
    ['before a later cursor', { before: { occurredAtMs: 101 } }, true],
    ['before a cursor at its instant, no id', { before: { occurredAtMs: 100 } }, false],
    ['before the next entry of its batch', { before: { occurredAtMs: 100, id: '5-4' } }, true],
    ['before itself', { before: { occurredAtMs: 100, id: '5-3' } }, false],
    ['before an earlier entry of the same instant', { before: { occurredAtMs: 100, id: '5-2' } }, false],
    ['before a later batch at its instant', { before: { occurredAtMs: 100, id: '6-0' } }, true],
  ] as const)('%s: %j matches: %s', (_what, filters, expected) => {
    expect(matches(entry(100, 5, 3), filters as EntryFilters)).toBe(expected);
  });
});

describe('a page from batches read newest first', () => {
  it('is sure once the page is full and the batch last read ends before its last entry', () => {
    const page = new PageOfNewest(2);
    page.add([entry(10, 9, 0), entry(12, 9, 1)]);
    expect(page.isComplete(12)).toBe(false);
    page.add([entry(11, 8, 0)]);
    // Three held: the page (12, 11) and one more (10). A batch ending at 10 could still hold a second entry at 10.
    expect(page.isComplete(10)).toBe(false);
    expect(page.isComplete(9)).toBe(true);
    expect(page.page()).toEqual({
      entries: [entry(12, 9, 1), entry(11, 8, 0)],
      next: { occurredAtMs: 11, id: '8-0' },
    });
  });

  it('has no next page when what is held fits', () => {
    const page = new PageOfNewest(2);
    page.add([entry(10, 9, 0)]);
    expect(page.page()).toEqual({ entries: [entry(10, 9, 0)], next: undefined });
  });

  it('stopped at its budget: only the entries after the batch last read, and the next page from there', () => {
    const page = new PageOfNewest(3);
    page.add([entry(20, 9, 0), entry(15, 9, 1)]);
    expect(page.partial(16)).toEqual({
      entries: [entry(20, 9, 0)],
      next: { occurredAtMs: 17 },
      searchedBackToMs: 17,
    });
    // The next page's cursor (before 17) takes the entry at 15 and nothing of the first page.
    expect(matches(entry(15, 9, 1), { before: { occurredAtMs: 17 } })).toBe(true);
    expect(matches(entry(20, 9, 0), { before: { occurredAtMs: 17 } })).toBe(false);
  });

  it('stopped at its budget with more than a page sure: a whole page, as when complete', () => {
    const page = new PageOfNewest(1);
    page.add([entry(20, 9, 0), entry(19, 9, 1)]);
    expect(page.partial(5)).toEqual(page.page());
  });
});
