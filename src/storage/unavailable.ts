import { pgErrorCode } from './db.js';

// Which driver errors mean "the database is away" (answered 503 and retried later), as opposed to an error of the
// statement itself (a constraint, a bug), which the caller handles. SQLSTATE classes are PostgreSQL's; the
// messages are node-postgres's own for failures that never reached the server.

/** SQLSTATEs of a database that is restarting, shutting down, overloaded, or that ended our session. */
const unavailableStates = new Map<string, string>([
  ['57P01', 'the database is shutting down'],
  ['57P02', 'the database crashed'],
  ['57P03', 'the database is starting up'],
  ['57P05', 'the database ended an idle session'],
  ['53300', 'the database has no free connections'],
  ['57014', 'a statement ran past its time limit'],
  ['25P03', 'a transaction sat idle past its time limit'],
  // A write refused as read-only: the server is a standby now (a demoted primary); the next connection finds the
  // primary (postgres-primary.ts).
  ['25006', 'the database is not the primary'],
]);

const unavailableMessages: readonly [RegExp, string][] = [
  [/timeout exceeded when trying to connect/i, 'no database connection within the time limit'],
  [/connection terminated/i, 'the database connection ended'],
  [/query read timeout/i, 'the database did not answer within the time limit'],
  [/client has encountered a connection error and is not queryable/i, 'the database connection ended'],
  [/cannot use a pool after calling end/i, 'the database pool is closed'],
  [/client was closed and is not queryable/i, 'the database connection ended'],
  // postgres-primary.ts's NotPrimaryError: no host DATABASE_URL names answered as the writable primary.
  [/is not the writable primary/i, 'no database primary'],
];

const unavailableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);

/** A short, public reason when `error` means the database is unavailable; undefined for any other error. */
export function unavailableCause(error: unknown): string | undefined {
  const code = pgErrorCode(error);
  if (code !== undefined) {
    if (code.startsWith('08')) return 'the database connection failed';
    const state = unavailableStates.get(code);
    if (state !== undefined) return state;
    if (unavailableCodes.has(code)) return 'the database is unreachable';
  }
  const message = error instanceof Error ? error.message : '';
  for (const [pattern, cause] of unavailableMessages) if (pattern.test(message)) return cause;
  return undefined;
}
