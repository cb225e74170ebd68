// The load generator's figures per sampling interval: each answer is counted in the interval it arrived in (from the
// shared start time, so the orchestrator's memory samples line up with it), under its operation and its kind.
// Latency percentiles are exact, over the expected answers only (as bench/lib/load-worker.mjs counts them);
// anything else is an error, by status and type, the write limit's refusals marked as the one error allowed.

import { percentile } from '../lib/stats.mjs';

/** The key under which the write limit's refusals are counted: 503 with the limit's type (the one allowed error). */
export const writeLimitError = '503 OperationError (write limit)';

/** The error key of an unexpected answer: its status and the `error` type of its body, or what went wrong. */
export function errorKey(answer) {
  if (answer.status === 0) return `no answer (${answer.failure})`;
  let body;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `${answer.status} (not JSON)`;
  }
  const type = typeof body?.error === 'string' ? body.error : 'untyped';
  // The write limit answers 503 OperationError, like a store that is away: its message tells them apart
  // (src/platform/write-rate-limit.ts).
  if (answer.status === 503 && type === 'OperationError' && /^Write rate limit/.test(body.message ?? '')) {
    return writeLimitError;
  }
  return `${answer.status} ${type}`;
}

function latencySummary(latencies, seconds) {
  latencies.sort((a, b) => a - b);
  return {
    ok: latencies.length,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? null,
  };
}

class Bucket {
  constructor() {
    this.requests = 0;
    this.latencies = new Map();
    this.errors = {};
    /** The same errors by the operation that met them. */
    this.errorsByOp = {};
  }

  error(op, key) {
    this.errors[key] = (this.errors[key] ?? 0) + 1;
    this.errorsByOp[op] ??= {};
    this.errorsByOp[op][key] = (this.errorsByOp[op][key] ?? 0) + 1;
  }

  add(name, ms) {
    const list = this.latencies.get(name);
    if (list === undefined) this.latencies.set(name, [ms]);
    else list.push(ms);
  }

  summary(seconds) {
    const byName = {};
    for (const [name, latencies] of [...this.latencies].sort(([a], [b]) => a.localeCompare(b))) {
      byName[name] = latencySummary(latencies, seconds);
    }
    return byName;
  }
}

/** Intervals of `intervalMs` from `startAtMs`, `count` of them; an answer after the last counts in the last. */
export class Intervals {
  constructor(startAtMs, intervalMs, count) {
    Object.assign(this, { startAtMs, intervalMs, count });
    this.open = new Map();
    this.closed = [];
    this.whole = new Bucket();
  }

  indexAt(ms) {
    return Math.min(this.count - 1, Math.max(0, Math.floor((ms - this.startAtMs) / this.intervalMs)));
  }

  bucket(index) {
    if (!this.open.has(index)) this.open.set(index, new Bucket());
    return this.open.get(index);
  }

  /** One answer: its operation and kind, its latency, and its error key when it was not what the operation expects. */
  record({ op, kind, ms, error, atMs = Date.now() }) {
    const buckets = [this.bucket(this.indexAt(atMs)), this.whole];
    for (const b of buckets) {
      b.requests += 1;
      if (error === undefined) {
        b.add(`op:${op}`, ms);
        b.add(`kind:${kind}`, ms);
      } else b.error(op, error);
    }
  }

  /** A request the generator could not send on time (too many in flight): an error of the load, counted as such. */
  skipped(atMs = Date.now()) {
    for (const b of [this.bucket(this.indexAt(atMs)), this.whole])
      b.error('none', 'not sent (too many requests in flight)');
  }

  /** Closes interval `index` (its raw latencies are dropped) and returns its figures. */
  close(index) {
    const bucket = this.bucket(index);
    this.open.delete(index);
    const seconds = this.intervalMs / 1000;
    const figures = {
      index,
      ...split(bucket.summary(seconds)),
      requests: bucket.requests,
      errors: bucket.errors,
      errorsByOp: bucket.errorsByOp,
    };
    figures.perSecond = bucket.requests / seconds;
    this.closed[index] = figures;
    return figures;
  }

  /** The whole run's figures per kind and operation (exact percentiles over every answer). */
  totals(seconds) {
    return {
      ...split(this.whole.summary(seconds)),
      requests: this.whole.requests,
      perSecond: this.whole.requests / seconds,
      errors: this.whole.errors,
      errorsByOp: this.whole.errorsByOp,
    };
  }
}

function split(byName) {
  const byKind = {};
  const byOp = {};
  for (const [name, figures] of Object.entries(byName)) {
    const [space, key] = name.split(':');
    (space === 'kind' ? byKind : byOp)[key] = figures;
  }
  return { byKind, byOp };
}
