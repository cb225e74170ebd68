// One small interface over the two PostgreSQL drivers, so that every query in the project is written once,
// in PostgreSQL's dialect, with $n parameters. int8 columns come back as bigint from both drivers (money is
// carried in integer minor units); numeric comes back as a string. JSON goes in as text cast in SQL
// ($1::text::jsonb): postgres.js would encode a string parameter again where it infers the type jsonb.

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; it commits when fn resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Calls onNotify for each NOTIFY on channel (sent on commit); resolves to a function that stops listening. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** Resolves when the database answers a trivial statement now; throws StoreUnavailableError when it does not. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Work run inside every transaction after its body and before its COMMIT: it commits with the body or not at all. */
export type BeforeCommit = (tx: Queryable) => Promise<void>;

/**
 * The same database, each of whose transactions runs `beforeCommit` on its own connection once the body resolved,
 * just before COMMIT (the audit log's row, platform/audit/). A body that throws skips it and rolls back; a hook that
 * throws, or a COMMIT that fails after it, rolls back the body and the hook's writes together. PostgreSQL's retry of
 * a deadlocked transaction runs the body and the hook again.
 */
export function withBeforeCommit(db: Db, beforeCommit: BeforeCommit): Db {
  return {
    kind: db.kind,
    query: (text, params) => db.query(text, params),
    exec: (script) => db.exec(script),
    transaction: (fn) =>
      db.transaction(async (tx) => {
        const result = await fn(tx);
        await beforeCommit(tx);
        return result;
      }),
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    ping: () => db.ping(),
    close: () => db.close(),
  };
}

/**
 * The database could not be reached, or ended the session, or did not answer in time. The API answers it as a 503
 * (retry with backoff). `outcomeUnknown` is set when a statement had been sent: a write may have committed.
 */
export class StoreUnavailableError extends Error {
  constructor(
    /** A short public reason ("the database is starting up"). */
    readonly reason: string,
    readonly outcomeUnknown: boolean,
    readonly driverError: unknown,
  ) {
    super(`database unavailable: ${reason}`);
    this.name = 'StoreUnavailableError';
  }

  /** The same failure, known to have written nothing (a statement of a transaction that never committed). */
  withOutcomeKnown(): StoreUnavailableError {
    return this.outcomeUnknown ? new StoreUnavailableError(this.reason, false, this.driverError) : this;
  }
}

/** PostgreSQL error codes the application branches on. */
export const pgErrorCodes = {
  uniqueViolation: '23505',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
  /** A write on a server that takes none: a standby, or a demoted primary. */
  readOnlyTransaction: '25006',
  statementTimeout: '57014',
  idleInTransactionTimeout: '25P03',
  tooManyConnections: '53300',
} as const;

export function pgErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}
