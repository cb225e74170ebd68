import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Queryable, Row } from '../../storage/db.js';
import type { CapturedRequest, RequestLogRow } from './entry.js';
import { type StoredEntry, storedEntriesOf } from './stored-batches.js';
import { RequestLogWriter, type RequestLogWriterOptions } from './writer.js';

// The writer over a database that records or refuses each batch: batches by size and by time, one statement each,
// and a database that fails neither throws into the caller nor grows the buffer past its bound.

const row = (n: number): CapturedRequest => ({
  workspaceId: 'ws_1',
  occurredAtMs: 1_764_000_000_000 + n,
  method: 'GET',
  url: `/v1/orders/${n}`,
  status: 200,
  latencyMs: 1,
  requestId: `req-${n}`,
  idempotencyKey: undefined,
  requestBody: undefined,
  requestBytes: undefined,
  responseText: '{"ok":true}',
  responseJson: true,
  responseBytes: undefined,
});

/** A database whose insert records each batch's request ids, or fails while `down`. */
function fakeDb() {
  const batches: string[][] = [];
  const inserted: RequestLogRow[] = [];
  const state = { down: false, attempts: 0 };
  const db: Queryable = {
    async query<T extends Row = Row>(_text: string, params?: readonly unknown[]): Promise<T[]> {
      state.attempts += 1;
      if (state.down) throw new Error('the database is unreachable');
      // Seven parameters a stored batch (repo.ts): the workspace first, the entries' text last.
      const rows: RequestLogRow[] = [];
      for (let at = 0; at < (params?.length ?? 0); at += 7) {
        const entries = storedEntriesOf(params?.[at + 6] as string);
        rows.push(...entries.map((entry) => ({ ...(entry as StoredEntry), workspaceId: params?.[at] as string })));
      }
      inserted.push(...rows);
      batches.push(rows.map((r) => r.requestId));
      return [];
    },
    async exec() {},
  };
  return { db, batches, inserted, state, rows: () => batches.flat() };
}

function fakeLog() {
  const lines: { level: string; object: Record<string, unknown>; message: string }[] = [];
  const at =
    (level: string) =>
    (object: Record<string, unknown>, message: string): void => {
      lines.push({ level, object, message });
    };
  const log = { warn: at('warn'), info: at('info'), error: at('error') } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const options = (over: Partial<RequestLogWriterOptions> = {}): RequestLogWriterOptions => ({
  enabled: true,
  flushIntervalMs: 10,
  batchSize: 5,
  bufferMax: 20,
  bufferMaxBytes: 1_000_000,
  attemptsMax: 2,
  backoffMaxMs: 40,
  ...over,
});

describe('RequestLogWriter', () => {
  it('inserts a full batch at once and a partial one after the interval, one statement each, in order', async () => {
    const { db, batches, rows } = fakeDb();
    const writer = new RequestLogWriter(db, fakeLog().log, options({ flushIntervalMs: 30 }));
    for (let n = 1; n <= 7; n++) writer.append(row(n));
    await vi.waitFor(() => expect(rows()).toHaveLength(7));
    expect(batches[0]).toEqual(['req-1', 'req-2', 'req-3', 'req-4', 'req-5']);
    expect(batches.flat()).toEqual(['req-1', 'req-2', 'req-3', 'req-4', 'req-5', 'req-6', 'req-7']);
    expect(writer.pending).toBe(0);
  });

  it('writes what it holds on flush, without waiting for the interval', async () => {
    const { db, rows } = fakeDb();
    const writer = new RequestLogWriter(db, fakeLog().log, options({ flushIntervalMs: 60_000 }));
    writer.append(row(1));
    writer.append(row(2));
    await writer.flush();
    expect(rows()).toEqual(['req-1', 'req-2']);
  });

  it('masks a batch as it writes it, and drops an entry that cannot be made, never its batch', async () => {
    const { db, rows, inserted } = fakeDb();
    const { log, lines } = fakeLog();
    const writer = new RequestLogWriter(db, log, options({ flushIntervalMs: 60_000 }));
    writer.append(row(1));
    writer.append({ ...row(2), idempotencyKey: 5 as unknown as string });
    writer.append({ ...row(3), responseText: '{"iban":"DE89370400440532013000"}' });
    await writer.flush();
    expect(rows()).toEqual(['req-1', 'req-3']);
    expect(inserted[1]?.responseBody).toBe('{"iban":"****3000"}');
    expect(writer.dropped).toBe(1);
    expect(lines.some((l) => l.message === 'request log: an entry could not be made')).toBe(true);
  });

  it('holds nothing when turned off', async () => {
    const { db, state } = fakeDb();
    const writer = new RequestLogWriter(db, fakeLog().log, options({ enabled: false }));
    writer.append(row(1));
    await writer.flush();
    await writer.close();
    expect(writer.pending).toBe(0);
    expect(state.attempts).toBe(0);
  });

  it('while the database fails: retries a batch, then drops it, bounds the buffer, counts and says every drop', async () => {
    const { db, state, rows } = fakeDb();
    const { log, lines } = fakeLog();
    const writer = new RequestLogWriter(db, log, options());
    state.down = true;
    // 25 entries into a buffer of 20: 5 dropped on arrival, whatever the database does.
    for (let n = 1; n <= 25; n++) expect(() => writer.append(row(n))).not.toThrow();
    expect(writer.pending).toBe(20);
    expect(writer.dropped).toBe(5);
    // Each batch is tried twice, then dropped: the buffer empties though nothing was written.
    await vi.waitFor(() => expect(writer.pending).toBe(0), { timeout: 5_000 });
    expect(writer.dropped).toBe(25);
    expect(rows()).toEqual([]);
    const warned = lines.filter((l) => l.level === 'warn');
    expect(warned.some((l) => l.message.startsWith('request log: failing'))).toBe(true);
    const dropped = warned.filter((l) => l.message.startsWith('request log: entries dropped'));
    expect(dropped.reduce((n, l) => n + Number(l.object.dropped), 0)).toBe(25);
    // Back: the next entries are written, and the end of the outage is said once.
    state.down = false;
    writer.append(row(26));
    await vi.waitFor(() => expect(rows()).toEqual(['req-26']), { timeout: 5_000 });
    expect(lines.filter((l) => l.message === 'request log: working again')).toHaveLength(1);
  });

  it('bounds the buffer by the size of what it holds too', () => {
    const { db, state } = fakeDb();
    state.down = true;
    const size = '/v1/orders/1'.length + 'req-1'.length + '{"ok":true}'.length;
    const writer = new RequestLogWriter(
      db,
      fakeLog().log,
      options({ bufferMaxBytes: size * 3, flushIntervalMs: 60_000 }),
    );
    for (let n = 1; n <= 4; n++) writer.append(row(n));
    expect(writer.pending).toBe(3);
    expect(writer.dropped).toBe(1);
  });

  it('writes what is left on close, and drops it after one failure when the database is away', async () => {
    const up = fakeDb();
    const writer = new RequestLogWriter(up.db, fakeLog().log, options({ flushIntervalMs: 60_000 }));
    for (let n = 1; n <= 7; n++) writer.append(row(n));
    await writer.close();
    expect(up.rows()).toHaveLength(7);
    writer.append(row(8));
    expect(writer.pending).toBe(0);

    const down = fakeDb();
    down.state.down = true;
    const { log, lines } = fakeLog();
    const failing = new RequestLogWriter(down.db, log, options({ flushIntervalMs: 60_000, batchSize: 2 }));
    for (let n = 1; n <= 7; n++) failing.append(row(n));
    await failing.close();
    expect(down.state.attempts).toBeLessThanOrEqual(2);
    expect(failing.pending).toBe(0);
    expect(failing.dropped).toBeGreaterThanOrEqual(7);
    expect(lines.some((l) => l.message.startsWith('request log: entries dropped'))).toBe(true);
  });
});
