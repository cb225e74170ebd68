import { describe, expect, it } from 'vitest';
import { cursorText, parseCursor, parseStatusFilter, pathRange, statusRange } from './search.js';

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

describe('the path prefix', () => {
  it('is a range in byte order that holds every path starting with it, and no path sorting before it', () => {
    const range = pathRange('/v1/orders');
    const inC = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
    for (const path of ['/v1/orders', '/v1/orders/ord_1', '/v1/orders?x', '/v1/ordersé', '/v1/orders\u{fffd}']) {
      expect(inC(path, range.from)).toBeGreaterThanOrEqual(0);
      expect(inC(path, range.below), path).toBeLessThan(0);
    }
    expect(inC('/v1/order', range.from)).toBeLessThan(0);
    expect(inC('/v1/ordert', range.below)).toBeGreaterThan(0);
  });
});

describe('the cursor', () => {
  it('goes to a token and back', () => {
    const cursor = { occurredAtMs: 1_764_000_000_123, id: '42' };
    expect(cursorText(cursor)).toBe('1764000000123.42');
    expect(parseCursor(cursorText(cursor))).toEqual(cursor);
  });

  it.each(['', '42', '1.2.3', 'a.1', '1.a', '-1.2', `1.${'9'.repeat(19)}`])('%j is no cursor', (text) => {
    expect(parseCursor(text)).toBeUndefined();
  });
});
