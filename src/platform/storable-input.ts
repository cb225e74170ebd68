import type { FastifyRequest } from 'fastify';
import { validation } from '../domain/errors.js';

// PostgreSQL stores no NUL character in text or jsonb, and no lone UTF-16 surrogate in jsonb: a request carrying one
// would reach the database and fail there, answered 503 although the request was at fault. Such text is refused at
// the edge instead, as 400 ValidationError, before anything is read or written, on every route (storable-text.ts
// gives schemas the same rule as a pattern).

/** No lone surrogate: a high one followed by a low one, and no low one alone (String.isWellFormed from ES2024). */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const isWellFormed = (text: string) => !loneSurrogate.test(text);

const storableString = (text: string) => !text.includes('\0') && isWellFormed(text);

/**
 * Where in `value` the first string that cannot be stored sits (no NUL, no lone surrogate; keys included), as a
 * field path ("userData.firstName", "names[1]"); undefined when every string can be stored.
 */
export function unstorableAt(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return storableString(value) ? undefined : path || 'the body';
  if (Array.isArray(value)) {
    for (const [i, inner] of value.entries()) {
      const found = unstorableAt(inner, `${path}[${i}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const at = path === '' ? key : `${path}.${key}`;
      if (!storableString(key)) return at;
      const found = unstorableAt(inner, at);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Whether every string in `value` (keys included) can be stored. */
export const isStorable = (value: unknown): boolean => unstorableAt(value) === undefined;

/**
 * A parsed JSON body's strings, checked only when the text has an escape: a NUL or a lone surrogate can only arrive
 * escaped (JSON forbids raw control characters, and the body was decoded as UTF-8), so plain bodies cost nothing.
 */
export function checkBodyText(raw: string, parsed: unknown): void {
  if (!raw.includes('\\u')) return;
  const at = unstorableAt(parsed);
  if (at !== undefined) {
    throw validation(`${at} holds a NUL character or a lone UTF-16 surrogate, which cannot be stored`);
  }
}

/** The URL's path and query, once decoded: %00 anywhere is refused the same way. */
export function checkUrlText(request: FastifyRequest): void {
  if (/%00/.test(request.url)) {
    throw validation('The URL holds a NUL character (%00), which cannot be stored');
  }
}
