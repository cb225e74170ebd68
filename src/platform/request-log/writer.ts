import { AsyncResource } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { limits } from '../../limits.js';
import type { Queryable } from '../../storage/db.js';
import { OutageLog } from '../../storage/outage-log.js';
import { type CapturedRequest, capturedSize, entryOf, type RequestLogRow } from './entry.js';
import { insertRequestLogBatch } from './repo.js';

// The request log's writer: the hook appends what it captured of each answered request to a buffer in the process,
// and batches of it are masked (entry.ts) and inserted as one statement each (repo.ts), off every request's path.
// Masking a batch in one loop, rather than each entry in its request's hook, leaves the request's path a few
// property reads and a push (docs/performance.md, "The partner request log's cost"). A batch goes when the buffer holds
// limits.requestLogBatchSize entries, else limits.requestLogFlushIntervalMs after an entry came into an empty
// buffer; on close (app.ts: the app's onClose, after the last request was answered) what is left goes.
//
// The database failing neither stops nor slows the server, and does not grow its memory without bound: a failed
// batch goes back to the head of the buffer and is retried with a backoff (doubling from the interval up to
// limits.pollingBackoffMaxMs), and dropped after limits.requestLogFlushAttemptsMax attempts; while the buffer holds
// limits.requestLogBufferMax entries or limits.requestLogBufferMaxBytes of text, new entries are dropped. Every drop
// is counted, and said in one log line per round; the outage itself is logged once when it starts and once when
// it ends (storage/outage-log.ts). An entry is a record for the dashboard, never the record of a change: losing
// some while the database is away is the price of never holding a request for it.

export interface RequestLogWriterOptions {
  /** REQUEST_LOG_ENABLED: off, the hook is not registered and nothing is held. */
  readonly enabled: boolean;
  readonly flushIntervalMs: number;
  readonly batchSize: number;
  readonly bufferMax: number;
  readonly bufferMaxBytes: number;
  readonly attemptsMax: number;
  readonly backoffMaxMs: number;
}

export const requestLogWriterDefaults: Omit<RequestLogWriterOptions, 'enabled'> = {
  flushIntervalMs: limits.requestLogFlushIntervalMs,
  batchSize: limits.requestLogBatchSize,
  bufferMax: limits.requestLogBufferMax,
  bufferMaxBytes: limits.requestLogBufferMaxBytes,
  attemptsMax: limits.requestLogFlushAttemptsMax,
  backoffMaxMs: limits.pollingBackoffMaxMs,
};

interface Held {
  /** What the hook captured, until the entry is made (at its batch's first attempt); then the entry. */
  captured: CapturedRequest | undefined;
  row: RequestLogRow | undefined;
  readonly size: number;
  attempts: number;
}

export class RequestLogWriter {
  private buffer: Held[] = [];
  private heldBytes = 0;
  private timer: NodeJS.Timeout | undefined;
  /** Whether the timer is set for a full batch, at once. */
  private soon = false;
  private running: Promise<void> | undefined;
  /** Rounds failed in a row: the backoff's exponent. */
  private failures = 0;
  private closed = false;
  /** Dropped since the last log line, and since the start. */
  private unreported = 0;
  private droppedTotal = 0;
  private readonly outage: OutageLog;
  /** A round runs in the context the writer was made in, never in that of the request whose entry armed the timer. */
  private readonly round: () => Promise<void>;

  constructor(
    private readonly db: Queryable,
    private readonly log: FastifyBaseLogger,
    private readonly options: RequestLogWriterOptions,
  ) {
    this.outage = new OutageLog(log, 'request log');
    this.round = AsyncResource.bind(() => this.runRound());
  }

  get enabled(): boolean {
    return this.options.enabled;
  }

  /** Entries held, not yet inserted. */
  get pending(): number {
    return this.buffer.length;
  }

  /** Entries dropped since the start (a full buffer, a batch that kept failing, an entry after close). */
  get dropped(): number {
    return this.droppedTotal;
  }

  /** Holds one captured request; never waits, never throws. */
  append(captured: CapturedRequest): void {
    if (!this.options.enabled) return;
    const size = capturedSize(captured) || 0;
    if (
      this.closed ||
      this.buffer.length >= this.options.bufferMax ||
      this.heldBytes + size > this.options.bufferMaxBytes
    ) {
      this.drop(1);
      return;
    }
    this.buffer.push({ captured, row: undefined, size, attempts: 0 });
    this.heldBytes += size;
    // A round in progress takes what comes in meanwhile; after it, what is left is scheduled.
    if (this.running !== undefined) return;
    if (this.failures === 0 && this.buffer.length >= this.options.batchSize && !this.soon) {
      this.clearTimer();
      this.schedule(0);
    } else if (this.timer === undefined) this.schedule(this.nextDelayMs());
  }

  /** Counts entries lost before they reached the buffer or the database (an entry that could not be made, too). */
  drop(count: number): void {
    this.unreported += count;
    this.droppedTotal += count;
  }

  /**
   * Inserts everything held now, a batch at a time, and resolves when done or when a batch failed (it stays held,
   * for the retry). Tests call it instead of waiting for the interval.
   */
  async flush(): Promise<void> {
    while (this.running !== undefined) await this.running;
    if (this.buffer.length === 0) return;
    this.clearTimer();
    await this.round();
  }

  /**
   * The last round, on the app's close: every batch once, no retry. A batch that fails ends it, and what is left is
   * dropped and said, so a stop with the database away takes one failed statement, never a backoff.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.clearTimer();
    while (this.running !== undefined) await this.running;
    while (this.buffer.length > 0) {
      const batch = this.buffer.splice(0, this.options.batchSize);
      try {
        await insertRequestLogBatch(this.db, this.rowsOf(batch));
      } catch (error) {
        this.log.warn({ err: error }, 'request log: the last batch could not be written on close');
        this.drop(batch.length + this.buffer.length);
        this.buffer = [];
      }
    }
    this.heldBytes = 0;
    this.report();
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.soon = false;
  }

  private schedule(delayMs: number): void {
    if (this.closed || this.timer !== undefined) return;
    this.soon = delayMs === 0;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.soon = false;
      void this.round();
    }, delayMs);
    this.timer.unref();
  }

  /** Batches while they succeed; after a failure, the next round waits for the backoff. */
  private runRound(): Promise<void> {
    if (this.running !== undefined) return this.running;
    this.running = (async () => {
      while (this.buffer.length > 0 && !this.closed) {
        const batch = this.buffer.splice(0, this.options.batchSize);
        try {
          await insertRequestLogBatch(this.db, this.rowsOf(batch));
          this.release(batch);
          this.failures = 0;
          this.outage.recovered();
        } catch (error) {
          this.failures += 1;
          this.outage.failed(error);
          for (const held of batch) held.attempts += 1;
          // An entry that could not be made was counted then; one tried too often is counted now.
          const retried = batch.filter((held) => held.row !== undefined && held.attempts < this.options.attemptsMax);
          const given = batch.filter((held) => held.row !== undefined && held.attempts >= this.options.attemptsMax);
          this.release(batch.filter((held) => held.row === undefined || held.attempts >= this.options.attemptsMax));
          this.drop(given.length);
          this.buffer.unshift(...retried);
          break;
        }
      }
    })().finally(() => {
      this.running = undefined;
      this.report();
      if (this.buffer.length > 0) this.schedule(this.nextDelayMs());
    });
    return this.running;
  }

  /**
   * The batch's entries, each made once (a retried batch keeps them); one that cannot be made is dropped and
   * counted, never the batch.
   */
  private rowsOf(batch: Held[]): RequestLogRow[] {
    const rows: RequestLogRow[] = [];
    for (const held of batch) {
      if (held.row === undefined && held.captured !== undefined) {
        try {
          held.row = entryOf(held.captured);
        } catch (error) {
          this.log.warn({ err: error }, 'request log: an entry could not be made');
          this.drop(1);
        }
        held.captured = undefined;
      }
      if (held.row !== undefined) rows.push(held.row);
    }
    return rows;
  }

  private release(batch: readonly Held[]): void {
    for (const held of batch) this.heldBytes -= held.size;
  }

  private nextDelayMs(): number {
    if (this.failures === 0) {
      return this.buffer.length >= this.options.batchSize ? 0 : this.options.flushIntervalMs;
    }
    return Math.min(this.options.flushIntervalMs * 2 ** this.failures, this.options.backoffMaxMs);
  }

  private report(): void {
    if (this.unreported === 0) return;
    this.log.warn(
      { dropped: this.unreported, droppedTotal: this.droppedTotal, held: this.buffer.length },
      'request log: entries dropped (its buffer was full, or their batch kept failing)',
    );
    this.unreported = 0;
  }
}
