// The dashboard's search of the request log, as pure logic: which entries a search matches, their order, and how a
// page is put together from a workspace's batches read newest first (repo.ts reads them; migration 0047 stores an
// entry inside its batch, so an entry's id is its batch's id and its place in it).
//
// The order is newest first by when a request arrived, then by batch and place (the order they were written). A
// batch holds entries of a short span (repo.ts cuts one at limits.requestLogBatchSpanMaxMs) whose newest is its
// `last_at_ms`; the batches are read in that order, so once the page is full and the batch last read ends before the
// page's last entry, no batch left to read can hold an entry of the page. A search that finds few matches among many
// entries stops at a budget and answers the matches it is sure of, with where it stopped: the next page goes on from
// there (PageOfNewest.partial).

/** An exact status (404), or a class: '4xx' is 400 to 499. */
export type StatusFilter = number | '1xx' | '2xx' | '3xx' | '4xx' | '5xx';

const statusClass = /^([1-5])xx$/;

/** Whether a text names a status filter: three digits from 100 to 599, or a class such as `4xx`. */
export function parseStatusFilter(text: string): StatusFilter | undefined {
  const trimmed = text.trim().toLowerCase();
  if (statusClass.test(trimmed)) return trimmed as StatusFilter;
  if (!/^[1-5]\d\d$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** The statuses a filter matches, as a half-open range. */
export function statusRange(filter: StatusFilter): { readonly from: number; readonly below: number } {
  if (typeof filter === 'number') return { from: filter, below: filter + 1 };
  const hundreds = Number(filter.charAt(0)) * 100;
  return { from: hundreds, below: hundreds + 100 };
}

/** Where an entry is: its batch's id and its place in the batch's array. */
export interface EntryPlace {
  readonly batchId: number;
  readonly position: number;
}

/** An entry's id as the dashboard links it (`8123-17`). */
export const entryIdText = (place: EntryPlace): string => `${place.batchId}-${place.position}`;

/** The place an entry id names, or undefined when the text is not one. */
export function parseEntryId(text: string): EntryPlace | undefined {
  const match = /^(\d{1,15})-(\d{1,5})$/.exec(text);
  if (!match) return undefined;
  return { batchId: Number(match[1]), position: Number(match[2]) };
}

/**
 * Where a page of the log ends: the last entry's time and id, so that the next page holds only older entries. A
 * cursor without an id is where a search stopped at its budget: the next page holds entries that arrived before
 * that instant.
 */
export interface RequestLogCursor {
  readonly occurredAtMs: number;
  /** The entry's id (entryIdText). */
  readonly id?: string | undefined;
}

/** A cursor as one token for a link (`1764000000000.8123-17`, or `1764000000000`). */
export const cursorText = (cursor: RequestLogCursor): string =>
  cursor.id === undefined ? String(cursor.occurredAtMs) : `${cursor.occurredAtMs}.${cursor.id}`;

/** The cursor a token names, or undefined when it is not one. */
export function parseCursor(text: string): RequestLogCursor | undefined {
  const match = /^(\d{1,15})(?:\.(\d{1,15}-\d{1,5}))?$/.exec(text);
  if (!match) return undefined;
  return match[2] === undefined ? { occurredAtMs: Number(match[1]) } : { occurredAtMs: Number(match[1]), id: match[2] };
}

/** What the search reads of an entry, with its place. */
export interface PlacedEntry extends EntryPlace {
  readonly occurredAtMs: number;
  readonly path: string;
  readonly status: number;
  readonly requestId: string;
}

/** Newest first: by arrival, then by batch and place, descending. */
export const newestFirst = (a: PlacedEntry, b: PlacedEntry): number =>
  b.occurredAtMs - a.occurredAtMs || b.batchId - a.batchId || b.position - a.position;

/** Whether an entry comes after (is older than) the cursor. */
export function isAfterCursor(entry: PlacedEntry, cursor: RequestLogCursor): boolean {
  const place = cursor.id === undefined ? undefined : parseEntryId(cursor.id);
  if (place === undefined) return entry.occurredAtMs < cursor.occurredAtMs;
  const at = { occurredAtMs: cursor.occurredAtMs, path: '', status: 0, requestId: '', ...place };
  return newestFirst(at, entry) < 0;
}

/** A search's filters; every one optional, and they combine. */
export interface EntryFilters {
  /** The X-Request-Id, exactly. */
  readonly requestId?: string | undefined;
  /** The path starts with this (the path alone: the query string is not searched). */
  readonly pathPrefix?: string | undefined;
  readonly status?: StatusFilter | undefined;
  /** Unix ms: from inclusive, to exclusive. */
  readonly fromMs?: number | undefined;
  readonly toMs?: number | undefined;
  readonly before?: RequestLogCursor | undefined;
}

/** Whether an entry matches every filter given. */
export function matches(entry: PlacedEntry, filters: EntryFilters): boolean {
  if (filters.requestId !== undefined && entry.requestId !== filters.requestId) return false;
  if (filters.pathPrefix !== undefined && !entry.path.startsWith(filters.pathPrefix)) return false;
  if (filters.status !== undefined) {
    const range = statusRange(filters.status);
    if (entry.status < range.from || entry.status >= range.below) return false;
  }
  if (filters.fromMs !== undefined && entry.occurredAtMs < filters.fromMs) return false;
  if (filters.toMs !== undefined && entry.occurredAtMs >= filters.toMs) return false;
  if (filters.before !== undefined && !isAfterCursor(entry, filters.before)) return false;
  return true;
}

/** A page's entries, and where the next begins (undefined on the last page). */
export interface PageOf<T> {
  readonly entries: readonly T[];
  readonly next: RequestLogCursor | undefined;
  /**
   * Set when the search stopped at its budget before it was sure of a full page: the entries that arrived at or
   * after this instant were all searched; `next` goes on from it.
   */
  readonly searchedBackToMs?: number;
}

/**
 * The best `size` entries of what the batches read so far hold, newest first; one more is kept to know whether
 * another page follows.
 */
export class PageOfNewest<T extends PlacedEntry> {
  private kept: T[] = [];

  constructor(private readonly size: number) {}

  add(entries: readonly T[]): void {
    if (entries.length === 0) return;
    this.kept.push(...entries);
    this.kept.sort(newestFirst);
    if (this.kept.length > this.size + 1) this.kept.length = this.size + 1;
  }

  /** Whether no batch still to read, none holding an entry newer than `lastAtMs`, can change the page. */
  isComplete(lastAtMs: number): boolean {
    const bound = this.kept[this.size];
    return bound !== undefined && lastAtMs < bound.occurredAtMs;
  }

  /** The page, every batch that could hold one of its entries having been read. */
  page(): PageOf<T> {
    const entries = this.kept.slice(0, this.size);
    const last = entries[entries.length - 1];
    return {
      entries,
      next:
        this.kept.length > this.size && last ? { occurredAtMs: last.occurredAtMs, id: entryIdText(last) } : undefined,
    };
  }

  /**
   * The page when the search stopped with batches left, the last read ending at `lastAtMs`: only entries that
   * arrived after it are sure to be in order (no batch left holds a newer one); the next page goes on from there.
   */
  partial(lastAtMs: number): PageOf<T> {
    const sure = this.kept.filter((entry) => entry.occurredAtMs > lastAtMs);
    if (sure.length > this.size) return this.page();
    return { entries: sure, next: { occurredAtMs: lastAtMs + 1 }, searchedBackToMs: lastAtMs + 1 };
  }
}
