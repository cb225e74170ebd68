// What the dashboard's search of the request log takes, as values the repository turns into SQL (repo.ts): a status
// or a class of statuses, a path prefix as a range the index reads, and the keyset cursor of a page.

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

/** The greatest code point: every text that starts with a prefix sorts, in byte order, below the prefix followed by it. */
const highest = String.fromCodePoint(0x10ffff);

/**
 * The paths that start with `prefix`, as a half-open range in byte order (collation "C", the index's): from the
 * prefix to the prefix followed by the greatest code point. The statement also says `starts_with`, so the range
 * need only hold every match, not exclude every other path.
 */
export const pathRange = (prefix: string) => ({ from: prefix, below: prefix + highest });

/** Where a page of the log ends: the last entry's time and id (the keyset of `(occurred_at_ms, id)`). */
export interface RequestLogCursor {
  readonly occurredAtMs: number;
  /** The entry's id, a bigint as text. */
  readonly id: string;
}

/** A cursor as one token for a link (`1764000000000.42`). */
export const cursorText = (cursor: RequestLogCursor): string => `${cursor.occurredAtMs}.${cursor.id}`;

/** The cursor a token names, or undefined when it is not one. */
export function parseCursor(text: string): RequestLogCursor | undefined {
  const match = /^(\d{1,15})\.(\d{1,18})$/.exec(text);
  if (!match) return undefined;
  return { occurredAtMs: Number(match[1]), id: match[2] as string };
}
